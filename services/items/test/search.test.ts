import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { searchResultSchema } from '@garage/contracts';
import { newId } from './harness.js';
import { springfield, SearchWorld } from './search.harness.js';

/** GET /api/items/search: what it finds, what it leaves out, its filters and radius, and what each viewer sees. */

const w = new SearchWorld();
const { host, shopper, premium, lapsed, here, near, far, chicago, cancelled, ended, search, titles, item } = w;

beforeAll(async () => {
  await w.start();
});

afterAll(async () => {
  await w.close();
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

describe('GET /api/items/search: what is left out', () => {
  it('returns only unsold items of active sales that have not ended', async () => {
    const visible = await item(here, { title: 'Gramophone cabinet' });
    const sold = await item(here, { title: 'Gramophone horn' });
    await w.h
      .api()
      .put(`/api/items/${sold.id}`)
      .set('authorization', await w.h.bearer(host))
      .send({ garageSaleId: here, title: 'Gramophone horn', category: 'Other', price: 10, isSold: true })
      .expect(200);
    const reserved = await item(here, { title: 'Gramophone needle' });
    await w.h
      .api()
      .put(`/api/items/${reserved.id}`)
      .set('authorization', await w.h.bearer(host))
      .send({ garageSaleId: here, title: 'Gramophone needle', category: 'Other', price: 10, isReserved: true })
      .expect(200);
    await item(null, { title: 'Gramophone standalone' });
    await item(cancelled, { title: 'Gramophone cancelled' });
    await item(ended, { title: 'Gramophone ended' });
    expect((await search({ q: 'gramophone' })).map((result) => result.id).sort()).toEqual([visible.id, reserved.id].sort());
  });

  it('follows the sale: cancelling it hides its items, re-activating shows them again', async () => {
    const sale = newId();
    await w.h.sale(sale, host, { title: 'Flip-flop sale' });
    await item(sale, { title: 'Ukulele' });
    expect(titles(await search({ q: 'ukulele' }))).toEqual(['Ukulele']);
    await w.h.sale(sale, host, { title: 'Flip-flop sale', status: 'cancelled' }, 2);
    expect(await search({ q: 'ukulele' })).toEqual([]);
    await w.h.sale(sale, host, { title: 'Flip-flop sale' }, 3);
    expect(titles(await search({ q: 'ukulele' }))).toEqual(['Ukulele']);
    await w.h.publishAndApply('sale.deleted', 4, { id: sale, user_id: host });
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
    const response = await w.h
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
    const user = await w.h.user(refunded, { premiumExpiresAt: new Date(Date.now() + 365 * 86_400_000).toISOString() });
    expect(titles(await search(around(100), refunded)).sort()).toEqual(['Kayak far', 'Kayak here', 'Kayak near']);
    await w.h.publishAndApply('user.premium_ended', 2, { ...user, premiumExpiresAt: new Date(Date.now() - 1000).toISOString() });
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
    await w.h.api().get('/api/items/search').query({ q: 'banjo' }).set('authorization', 'Bearer nonsense').expect(401);
  });
});
