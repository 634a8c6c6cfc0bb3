import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { searchResultSchema } from '@garage/contracts';
import { CHANGES_KEPT_GENERATIONS, SearchRepository } from '../src/search/search.repository.js';
import { ItemsHarness, newId } from './harness.js';

let h: ItemsHarness;
const host = newId();
const shopper = newId();
const premium = newId();
const lapsed = newId();
// Springfield IL, and sales about 37, 75 and 185 miles from it.
const springfield = { latitude: 39.8, longitude: -89.65 };
const here = newId();
const near = newId();
const far = newId();
const chicago = newId();
const cancelled = newId();
const ended = newId();

type Result = { id: number; title: string; distance?: number; first_name: string | null; sale: Record<string, unknown> };
const search = async (query: Record<string, string | number>, userId?: number) => {
  const request = h.api().get('/api/items/search').query(query);
  if (userId) request.set('authorization', await h.bearer(userId));
  const response = await request;
  if (response.status !== 200) throw new Error(`search ${JSON.stringify(query)}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as Result[];
};
const titles = (results: Result[]) => results.map((result) => result.title);
const item = (saleId: number | null, body: Record<string, unknown>) =>
  h.createItem(host, { garageSaleId: saleId, category: 'Other', price: 10, ...body });

beforeAll(async () => {
  h = await ItemsHarness.launch();
  await h.user(host, { firstName: 'Sam', lastName: 'Seller', phone: '555-0199', rating: 4.2 });
  await h.user(shopper);
  await h.user(premium, { premiumExpiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() });
  await h.user(lapsed, { premiumExpiresAt: new Date(Date.now() - 86_400_000).toISOString() });
  await h.sale(here, host, { title: 'Springfield Sale', city: 'Springfield', state: 'IL', ...springfield });
  await h.sale(near, host, { title: 'Decatur Sale', city: 'Decatur', latitude: 39.8, longitude: -88.95 });
  await h.sale(far, host, { title: 'Champaign Sale', city: 'Champaign', latitude: 39.8, longitude: -88.24 });
  await h.sale(chicago, host, { title: 'Chicago Sale', city: 'Chicago', latitude: 41.88, longitude: -87.63 });
  await h.sale(cancelled, host, { status: 'cancelled' });
  // Still "active" (its status lags), but its last day is long past.
  await h.sale(ended, host, { start_date: '2000-01-01', end_date: '2000-01-02' });
});

afterAll(async () => {
  await h?.close();
});

describe('GET /api/items/search: words', () => {
  it('stems the words (lanterns finds lantern) and ranks a title match above a description match', async () => {
    const inDescription = await item(here, { title: 'Reading chair', description: 'Comes with a matching lantern' });
    const inTitle = await item(here, { title: 'Brass lantern' });
    const inBrand = await item(here, { title: 'Bookshelf', brand: 'Lantern Works' });
    const results = await search({ q: 'lanterns' });
    expect(results.map((result) => result.id)).toEqual([inTitle.id, inBrand.id, inDescription.id]);
  });

  it('matches the category words and needs every word of the query', async () => {
    await item(here, { title: 'Trellis planter', category: 'Home & Garden' });
    await item(here, { title: 'Trellis poster', category: 'Collectibles' });
    expect(titles(await search({ q: 'trellis garden' }))).toEqual(['Trellis planter']);
  });

  it('answers [] to a blank query', async () => {
    expect(await search({ q: '' })).toEqual([]);
    expect(await search({ q: '   ' })).toEqual([]);
    expect(await search({})).toEqual([]);
  });

  it('survives any punctuation in the words', async () => {
    await item(here, { title: 'Quirky teapot' });
    expect(titles(await search({ q: `teapot's & | ! ( "quirky` }))).toEqual(['Quirky teapot']);
    expect(await search({ q: `'):*&|!<->` })).toEqual([]);
  });
});

describe('GET /api/items/search: repeated searches', () => {
  it('answers a repeated search from its kept ranking, yet shows every change to the searchable items at once', async () => {
    const first = await item(here, { title: 'Zither in case' });
    expect(titles(await search({ q: 'zither' }))).toEqual(['Zither in case']);
    expect(titles(await search({ q: 'zither' }))).toEqual(['Zither in case']);

    const second = await item(here, { title: 'Zither strings' });
    expect(titles(await search({ q: 'zither' })).sort()).toEqual(['Zither in case', 'Zither strings']);

    await h
      .api()
      .put(`/api/items/${second.id}`)
      .set('authorization', await h.bearer(host))
      .send({ garageSaleId: here, title: 'Zither strings', category: 'Other', price: 10, isSold: true })
      .expect(200);
    expect(titles(await search({ q: 'zither' }))).toEqual(['Zither in case']);

    // A change that does not touch the searchable set (a price shown in the result) is read fresh too.
    await h
      .api()
      .put(`/api/items/${first.id}`)
      .set('authorization', await h.bearer(host))
      .send({ garageSaleId: here, title: 'Zither in case', category: 'Other', price: 12.5 })
      .expect(200);
    const [result] = (await search({ q: 'zither' })) as Array<Result & { price: number }>;
    expect(result!.price).toBe(12.5);
  });
});

describe('GET /api/items/search: kept answers', () => {
  it('serves a repeated search from its kept answer until something it shows changes', async () => {
    const sitar = await item(here, { title: 'Sitar with case' });
    const first = await search({ q: 'sitar' }, shopper);
    expect(first.map((result) => result.id)).toEqual([sitar.id]);
    expect(await search({ q: 'sitar' }, shopper)).toEqual(first); // asked again: now kept
    const statements = await h.statementsDuring(async () => expect(await search({ q: 'sitar' }, shopper)).toEqual(first));
    // One read of the shown generation; no search of the items.
    expect(statements).toEqual([expect.stringContaining('shown_generation')]);

    // A reservation is not a change to the searchable set, but the results show it.
    await h
      .api()
      .post(`/api/items/${sitar.id}/reserve`)
      .set('authorization', await h.bearer(premium))
      .expect(200);
    const [reserved] = (await search({ q: 'sitar' }, shopper)) as Array<Result & { is_reserved: boolean }>;
    expect(reserved!.is_reserved).toBe(true);

    // So is the seller's new name, from the user projection.
    await h.user(host, { firstName: 'Samantha', lastName: 'Seller', phone: '555-0199', rating: 4.2 }, 2);
    const [renamed] = await search({ q: 'sitar' }, shopper);
    expect(renamed!.first_name).toBe('Samantha');
    await h.user(host, { firstName: 'Sam', lastName: 'Seller', phone: '555-0199', rating: 4.2 }, 3);
  });

  it('still serves a kept answer after changes to rows it does not show, but not after a new match', async () => {
    await item(here, { title: 'Theremin' });
    await search({ q: 'theremin' });
    await search({ q: 'theremin' }); // asked again: kept
    await item(near, { title: 'Kazoo' });
    const statements = await h.statementsDuring(async () => expect(titles(await search({ q: 'theremin' }))).toEqual(['Theremin']));
    // The generations, the change logs; no read of the items the answer shows.
    expect(statements.some((sql) => sql.includes('ANY($1::int[])'))).toBe(false);
    expect(statements.some((sql) => sql.includes('shown_changes'))).toBe(true);

    await item(near, { title: 'Theremin kit' });
    expect(titles(await search({ q: 'theremin' })).sort()).toEqual(['Theremin', 'Theremin kit']);
  });

  it('does not trust a kept answer further behind than the pruned change log reaches', async () => {
    await item(chicago, { title: 'Bagpipes' });
    await search({ q: 'bagpipes' }, shopper);
    expect((await search({ q: 'bagpipes' }, shopper))[0]!.first_name).toBe('Sam'); // kept
    // The seller's new name, then so many other changes that the log is pruned past the rename.
    await h.user(host, { firstName: 'Sammy', lastName: 'Seller', phone: '555-0199', rating: 4.2 }, 10);
    await h.query(`UPDATE shown_generation SET n = n + $1 WHERE id = 1`, [CHANGES_KEPT_GENERATIONS]);
    expect(await h.service.app.get(SearchRepository).pruneChanges()).toBeGreaterThan(0);
    expect((await search({ q: 'bagpipes' }, shopper))[0]!.first_name).toBe('Sammy');
    await h.user(host, { firstName: 'Sam', lastName: 'Seller', phone: '555-0199', rating: 4.2 }, 11);
  });

  it('keeps a visitor’s answer apart from a signed-in user’s', async () => {
    await item(here, { title: 'Oboe' });
    expect((await search({ q: 'oboe' }, shopper))[0]!.first_name).toBe('Sam');
    const [visitor] = await search({ q: 'oboe' });
    expect(visitor!.first_name).toBeNull();
    expect(JSON.stringify(visitor)).not.toMatch(/Sam|555-0199|Oak St/);
    expect((await search({ q: 'oboe' }, shopper))[0]!.first_name).toBe('Sam');
  });
});

describe('GET /api/items/search: what is left out', () => {
  it('returns only unsold items of active sales that have not ended', async () => {
    const visible = await item(here, { title: 'Gramophone cabinet' });
    const sold = await item(here, { title: 'Gramophone horn' });
    await h
      .api()
      .put(`/api/items/${sold.id}`)
      .set('authorization', await h.bearer(host))
      .send({ garageSaleId: here, title: 'Gramophone horn', category: 'Other', price: 10, isSold: true })
      .expect(200);
    const reserved = await item(here, { title: 'Gramophone needle' });
    await h
      .api()
      .put(`/api/items/${reserved.id}`)
      .set('authorization', await h.bearer(host))
      .send({ garageSaleId: here, title: 'Gramophone needle', category: 'Other', price: 10, isReserved: true })
      .expect(200);
    await item(null, { title: 'Gramophone standalone' });
    await item(cancelled, { title: 'Gramophone cancelled' });
    await item(ended, { title: 'Gramophone ended' });
    expect((await search({ q: 'gramophone' })).map((result) => result.id).sort()).toEqual([visible.id, reserved.id].sort());
  });

  it('follows the sale: cancelling it hides its items, re-activating shows them again', async () => {
    const sale = newId();
    await h.sale(sale, host, { title: 'Flip-flop sale' });
    await item(sale, { title: 'Ukulele' });
    expect(titles(await search({ q: 'ukulele' }))).toEqual(['Ukulele']);
    await h.sale(sale, host, { title: 'Flip-flop sale', status: 'cancelled' }, 2);
    expect(await search({ q: 'ukulele' })).toEqual([]);
    await h.sale(sale, host, { title: 'Flip-flop sale' }, 3);
    expect(titles(await search({ q: 'ukulele' }))).toEqual(['Ukulele']);
    await h.publishAndApply('sale.deleted', 4, { id: sale, user_id: host });
    expect(await search({ q: 'ukulele' })).toEqual([]);
  });
});

describe('GET /api/items/search: filters', () => {
  beforeAll(async () => {
    await item(here, { title: 'Harmonica A', category: 'Electronics', price: 40, condition: 'good' });
    await item(here, { title: 'Harmonica B', category: 'Collectibles', price: 150.25, condition: 'fair' });
  });

  it('filters by category, condition and maximum price (inclusive)', async () => {
    expect(titles(await search({ q: 'harmonica' })).sort()).toEqual(['Harmonica A', 'Harmonica B']);
    expect(titles(await search({ q: 'harmonica', category: 'Collectibles' }))).toEqual(['Harmonica B']);
    expect(titles(await search({ q: 'harmonica', condition: 'good' }))).toEqual(['Harmonica A']);
    expect(titles(await search({ q: 'harmonica', maxPrice: 40 }))).toEqual(['Harmonica A']);
    expect(titles(await search({ q: 'harmonica', maxPrice: 150.25 })).sort()).toEqual(['Harmonica A', 'Harmonica B']);
    expect(await search({ q: 'harmonica', maxPrice: 39.99 })).toEqual([]);
    expect(titles(await search({ q: 'harmonica', category: '', condition: '', maxPrice: '' })).sort()).toEqual([
      'Harmonica A',
      'Harmonica B',
    ]);
  });

  it.each([
    [{ maxPrice: -1 }, 'maxPrice'],
    [{ maxPrice: 'cheap' }, 'maxPrice'],
    [{ category: 'Weapons' }, 'category'],
    [{ condition: 'broken' }, 'condition'],
    [{ latitude: 39.8 }, 'latitude'],
    [{ latitude: 100, longitude: 0 }, 'latitude'],
    [{ latitude: 39.8, longitude: -89.65, radius: 'far' }, 'radius'],
    [{ limit: 0 }, 'limit'],
    [{ limit: 51 }, 'limit'],
    [{ limit: 2.5 }, 'limit'],
    [{ offset: -1 }, 'offset'],
    [{ offset: 1001 }, 'offset'],
    [{ offset: 'next' }, 'offset'],
  ])('answers 400 to %j', async (query, field) => {
    const response = await h
      .api()
      .get('/api/items/search')
      .query({ q: 'harmonica', ...query })
      .expect(400);
    expect(response.body.details).toContainEqual({ field, message: expect.any(String) });
  });
});

describe('GET /api/items/search: radius', () => {
  beforeAll(async () => {
    await item(here, { title: 'Kayak here' });
    await item(near, { title: 'Kayak near' });
    await item(far, { title: 'Kayak far' });
    await item(chicago, { title: 'Kayak chicago' });
  });
  const around = (radius?: number) => ({ q: 'kayak', ...springfield, ...(radius === undefined ? {} : { radius }) });

  it('keeps the items within the radius (miles), with their distance', async () => {
    expect(titles(await search({ q: 'kayak' })).sort()).toEqual(['Kayak chicago', 'Kayak far', 'Kayak here', 'Kayak near']);
    expect(titles(await search(around(10)))).toEqual(['Kayak here']);
    const within50 = await search(around(50));
    expect(titles(within50).sort()).toEqual(['Kayak here', 'Kayak near']);
    expect(within50.find((result) => result.title === 'Kayak near')!.distance).toBeCloseTo(37.1, 0);
    expect(within50.find((result) => result.title === 'Kayak here')!.distance).toBe(0);
  });

  it('uses 25 miles when no radius is given', async () => {
    expect(titles(await search(around()))).toEqual(['Kayak here']);
  });

  it('clamps the radius to 50 miles for visitors and free users, 100 for premium members', async () => {
    expect(titles(await search(around(100))).sort()).toEqual(['Kayak here', 'Kayak near']);
    expect(titles(await search(around(100), shopper)).sort()).toEqual(['Kayak here', 'Kayak near']);
    expect(titles(await search(around(100), lapsed)).sort()).toEqual(['Kayak here', 'Kayak near']);
    expect(titles(await search(around(100), premium)).sort()).toEqual(['Kayak far', 'Kayak here', 'Kayak near']);
    expect(titles(await search(around(5000), premium)).sort()).toEqual(['Kayak far', 'Kayak here', 'Kayak near']);
  });

  it('takes the 100 miles back once a refund ends the membership (user.premium_ended)', async () => {
    const refunded = newId();
    const user = await h.user(refunded, { premiumExpiresAt: new Date(Date.now() + 365 * 86_400_000).toISOString() });
    expect(titles(await search(around(100), refunded)).sort()).toEqual(['Kayak far', 'Kayak here', 'Kayak near']);
    await h.publishAndApply('user.premium_ended', 2, { ...user, premiumExpiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(titles(await search(around(100), refunded)).sort()).toEqual(['Kayak here', 'Kayak near']);
  });
});

describe('GET /api/items/search: what each viewer sees', () => {
  beforeAll(async () => {
    await item(here, { title: 'Banjo', description: 'Five strings', price: 85.5 });
  });

  it('gives a signed-in user the item, its sale and the seller', async () => {
    const [result] = await search({ q: 'banjo' }, shopper);
    expect(searchResultSchema.strict().parse(result)).toEqual(result);
    expect(result).toMatchObject({
      title: 'Banjo',
      price: 85.5,
      city: 'Springfield',
      state: 'IL',
      start_date: '2099-05-03',
      sale_title: 'Springfield Sale',
      first_name: 'Sam',
      last_name: 'Seller',
      garage_sale_id: here,
    });
    expect(result!.sale).toMatchObject({
      address: '12 Oak St',
      zip_code: '62701',
      phone: '555-0199',
      first_name: 'Sam',
      last_name: 'Seller',
      rating: 4.2,
    });
  });

  it('gives a visitor no seller name and no private sale fields', async () => {
    const [result] = await search({ q: 'banjo' });
    expect(searchResultSchema.strict().parse(result)).toEqual(result);
    expect(result).toMatchObject({ city: 'Springfield', state: 'IL', sale_title: 'Springfield Sale', first_name: null, last_name: null });
    expect(result!.sale).toMatchObject({
      address: null,
      zip_code: null,
      phone: null,
      first_name: null,
      last_name: null,
      rating: null,
      city: 'Springfield',
    });
    expect(JSON.stringify(result)).not.toMatch(/Sam|Seller|555-0199|Oak St|62701/);
  });

  it('answers 401 to a bad token, even on this public call', async () => {
    await h.api().get('/api/items/search').query({ q: 'banjo' }).set('authorization', 'Bearer nonsense').expect(401);
  });
});

describe('GET /api/items/search: the bound', () => {
  it('returns at most 50 results', async () => {
    const sale = newId();
    await h.sale(sale, host);
    await h.query(
      `INSERT INTO items (user_id, garage_sale_id, title, category, price_cents, condition, sale_active, sale_latitude, sale_longitude, sale_end_date)
       SELECT $1, $2, 'Marble ' || n, 'Other', 100, 'good', true, 39.8, -89.65, '2099-05-04' FROM generate_series(1, 60) AS n`,
      [host, sale],
    );
    expect(await search({ q: 'marble' })).toHaveLength(50);
  });

  it('pages through the ranking with limit and offset, in the order of one answer', async () => {
    const sale = newId();
    await h.sale(sale, host);
    await h.query(
      `INSERT INTO items (user_id, garage_sale_id, title, category, price_cents, condition, sale_active, sale_latitude, sale_longitude, sale_end_date)
       SELECT $1, $2, 'Basalt ' || n || CASE WHEN n % 3 = 0 THEN ' basalt slab' ELSE '' END, 'Other', 100 * n, 'good', true, 39.8, -89.65, '2099-05-04'
       FROM generate_series(1, 45) AS n`,
      [host, sale],
    );
    const ids = (results: Result[]) => results.map((result) => result.id);
    // Asked three times each: first ranked in SQL, then from the words' match list, then kept.
    for (let round = 0; round < 3; round += 1) {
      const whole = await search({ q: 'basalt' });
      expect(whole).toHaveLength(45);
      const pages = [
        await search({ q: 'basalt', limit: 20 }),
        await search({ q: 'basalt', limit: 20, offset: 20 }),
        await search({ q: 'basalt', limit: 20, offset: 40 }),
      ];
      expect(pages.map((page) => page.length)).toEqual([20, 20, 5]);
      expect(pages.flatMap(ids)).toEqual(ids(whole));
      expect(await search({ q: 'basalt', offset: 45 })).toEqual([]);
      const cheap = await search({ q: 'basalt', maxPrice: 20 });
      expect(ids(await search({ q: 'basalt', maxPrice: 20, limit: 5, offset: 10 }))).toEqual(ids(cheap).slice(10, 15));
    }
  });
});

describe('GET /api/items/search: compressed answers', () => {
  beforeAll(async () => {
    const sale = newId();
    await h.sale(sale, host);
    await h.query(
      `INSERT INTO items (user_id, garage_sale_id, title, category, price_cents, condition, sale_active, sale_latitude, sale_longitude, sale_end_date)
       SELECT $1, $2, 'Granite ' || n, 'Other', 100, 'good', true, 39.8, -89.65, '2099-05-04' FROM generate_series(1, 60) AS n`,
      [host, sale],
    );
  });
  const raw = (encoding: string) =>
    h
      .api()
      .get('/api/items/search')
      .query({ q: 'granite' })
      .set('accept-encoding', encoding)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);

  it('sends a kept answer compressed in the best encoding the client takes, the same JSON', async () => {
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = (plain.body as Buffer).toString();
    expect(JSON.parse(json)).toHaveLength(50);
    // Asked again: answered fresh (and kept), then twice from the kept answer, as it is.
    for (let again = 0; again < 3; again += 1) {
      const asItIs = await raw('gzip, deflate, br');
      expect(asItIs.headers['content-encoding']).toBeUndefined();
      expect((asItIs.body as Buffer).toString()).toBe(json);
    }
    for (let again = 0; again < 2; again += 1) {
      const br = await raw('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      // The client decompresses, as a browser does; the length on the wire is the compressed one.
      expect((br.body as Buffer).toString()).toBe(json);
      expect(Number(br.headers['content-length'])).toBeLessThan(json.length / 4);
      const gzip = await raw('gzip;q=1, br;q=0');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect((gzip.body as Buffer).toString()).toBe(json);
      expect(Number(gzip.headers['content-length'])).toBeLessThan(json.length / 4);
      expect((await raw('identity')).headers['content-encoding']).toBeUndefined();
    }
  });

  it('sends a small kept answer as it is', async () => {
    for (let again = 0; again < 3; again += 1) {
      const response = await h.api().get('/api/items/search').query({ q: 'nothing-matches-this' }).set('accept-encoding', 'br').expect(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toEqual([]);
    }
  });
});
