import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CHANGES_KEPT_GENERATIONS, SearchRepository } from '../src/search/search.repository.js';
import { newId } from './harness.js';
import { type Result, SearchWorld } from './search.harness.js';

/** GET /api/items/search answered again: kept rankings and answers (and what makes them stale), paging through one answer, compressed answers. */

const w = new SearchWorld();
const { host, shopper, premium, here, near, chicago, search, titles, item } = w;

beforeAll(async () => {
  await w.start();
});

afterAll(async () => {
  await w.close();
});

describe('GET /api/items/search: repeated searches', () => {
  it('answers a repeated search from its kept ranking, yet shows every change to the searchable items at once', async () => {
    const first = await item(here, { title: 'Zither in case' });
    expect(titles(await search({ q: 'zither' }))).toEqual(['Zither in case']);
    expect(titles(await search({ q: 'zither' }))).toEqual(['Zither in case']);

    const second = await item(here, { title: 'Zither strings' });
    expect(titles(await search({ q: 'zither' })).sort()).toEqual(['Zither in case', 'Zither strings']);

    await w.h
      .api()
      .put(`/api/items/${second.id}`)
      .set('authorization', await w.h.bearer(host))
      .send({ garageSaleId: here, title: 'Zither strings', category: 'Other', price: 10, isSold: true })
      .expect(200);
    expect(titles(await search({ q: 'zither' }))).toEqual(['Zither in case']);

    // A change that does not touch the searchable set (a price shown in the result) is read fresh too.
    await w.h
      .api()
      .put(`/api/items/${first.id}`)
      .set('authorization', await w.h.bearer(host))
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
    const statements = await w.h.statementsDuring(async () => expect(await search({ q: 'sitar' }, shopper)).toEqual(first));
    // One read of the shown generation; no search of the items.
    expect(statements).toEqual([expect.stringContaining('shown_generation')]);

    // A reservation is not a change to the searchable set, but the results show it.
    await w.h
      .api()
      .post(`/api/items/${sitar.id}/reserve`)
      .set('authorization', await w.h.bearer(premium))
      .expect(200);
    const [reserved] = (await search({ q: 'sitar' }, shopper)) as Array<Result & { is_reserved: boolean }>;
    expect(reserved!.is_reserved).toBe(true);

    // So is the seller's new name, from the user projection.
    await w.h.user(host, { firstName: 'Samantha', lastName: 'Seller', phone: '555-0199', rating: 4.2 }, 2);
    const [renamed] = await search({ q: 'sitar' }, shopper);
    expect(renamed!.first_name).toBe('Samantha');
    await w.h.user(host, { firstName: 'Sam', lastName: 'Seller', phone: '555-0199', rating: 4.2 }, 3);
  });

  it('still serves a kept answer after changes to rows it does not show, but not after a new match', async () => {
    await item(here, { title: 'Theremin' });
    await search({ q: 'theremin' });
    await search({ q: 'theremin' }); // asked again: kept
    await item(near, { title: 'Kazoo' });
    const statements = await w.h.statementsDuring(async () => expect(titles(await search({ q: 'theremin' }))).toEqual(['Theremin']));
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
    await w.h.user(host, { firstName: 'Sammy', lastName: 'Seller', phone: '555-0199', rating: 4.2 }, 10);
    await w.h.query(`UPDATE shown_generation SET n = n + $1 WHERE id = 1`, [CHANGES_KEPT_GENERATIONS]);
    expect(await w.h.service.app.get(SearchRepository).pruneChanges()).toBeGreaterThan(0);
    expect((await search({ q: 'bagpipes' }, shopper))[0]!.first_name).toBe('Sammy');
    await w.h.user(host, { firstName: 'Sam', lastName: 'Seller', phone: '555-0199', rating: 4.2 }, 11);
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

describe('GET /api/items/search: the bound', () => {
  it('returns at most 50 results', async () => {
    const sale = newId();
    await w.h.sale(sale, host);
    await w.h.query(
      `INSERT INTO items (user_id, garage_sale_id, title, category, price_cents, condition, sale_active, sale_latitude, sale_longitude, sale_end_date)
       SELECT $1, $2, 'Marble ' || n, 'Other', 100, 'good', true, 39.8, -89.65, '2099-05-04' FROM generate_series(1, 60) AS n`,
      [host, sale],
    );
    expect(await search({ q: 'marble' })).toHaveLength(50);
  });

  it('pages through the ranking with limit and offset, in the order of one answer', async () => {
    const sale = newId();
    await w.h.sale(sale, host);
    await w.h.query(
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
    await w.h.sale(sale, host);
    await w.h.query(
      `INSERT INTO items (user_id, garage_sale_id, title, category, price_cents, condition, sale_active, sale_latitude, sale_longitude, sale_end_date)
       SELECT $1, $2, 'Granite ' || n, 'Other', 100, 'good', true, 39.8, -89.65, '2099-05-04' FROM generate_series(1, 60) AS n`,
      [host, sale],
    );
  });
  const raw = (encoding: string) =>
    w.h
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
      const response = await w.h
        .api()
        .get('/api/items/search')
        .query({ q: 'nothing-matches-this' })
        .set('accept-encoding', 'br')
        .expect(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toEqual([]);
    }
  });
});
