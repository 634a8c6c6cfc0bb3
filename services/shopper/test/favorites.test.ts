import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { favoritesSchema } from '@garage/contracts';
import { UNAVAILABLE } from '@garage/service-kit';
import { itemSnapshot, ShopperHarness, newId } from './harness.js';

let h: ShopperHarness;
const host = newId();
const shopper = newId();
let auth: string;

beforeAll(async () => {
  h = await ShopperHarness.launch();
  await h.user(host);
  await h.user(shopper);
  auth = await h.bearer(shopper);
});

afterAll(async () => {
  await h?.close();
});

describe('favourites', () => {
  it('saves a sale and an item, lists them as cards with what the Saved page shows, and lists their ids for the hearts', async () => {
    const sale = newId();
    await h.sale(sale, host, { title: 'Spring cleanout' });
    const item = newId();
    await h.item(item, host, sale, {
      title: 'Brass lamp',
      price: 12.5,
      original_price: 20,
      category: 'Home & Garden',
      image_urls: ['/images/lamp.webp'],
    });
    await h.item(newId(), host, sale);

    const savedSale = await h.api().post(`/api/favorites/sales/${sale}`).set('authorization', auth).expect(201);
    expect(savedSale.body).toEqual({ saleId: sale, savedAt: expect.any(String) });
    await h.api().post(`/api/favorites/items/${item}`).set('authorization', auth).expect(201);

    const list = await h.api().get('/api/favorites').set('authorization', auth).expect(200);
    expect(favoritesSchema.parse(list.body)).toEqual(list.body);
    expect(list.body.sales).toEqual([
      expect.objectContaining({
        id: sale,
        user_id: host,
        title: 'Spring cleanout',
        address: '12 Oak St',
        city: 'Springfield',
        state: 'IL',
        zip_code: '62701',
        start_date: '2099-05-02',
        end_date: '2099-05-03',
        start_time: '08:00',
        end_time: '12:00',
        status: 'active',
        item_count: 2,
        first_name: `First${host}`,
        last_name: `Last${host}`,
        rating: 4.5,
        saved_at: savedSale.body.savedAt,
      }),
    ]);
    expect(list.body.items).toEqual([
      expect.objectContaining({
        id: item,
        title: 'Brass lamp',
        price: 12.5,
        original_price: 20,
        category: 'Home & Garden',
        image_urls: ['/images/lamp.webp'],
        garage_sale_id: sale,
        sale_title: 'Spring cleanout',
        sale_status: 'active',
        city: 'Springfield',
        state: 'IL',
        start_date: '2099-05-02',
      }),
    ]);
    const ids = await h.api().get('/api/favorites/ids').set('authorization', auth).expect(200);
    expect(ids.body).toEqual({ saleIds: [sale], itemIds: [item] });
  });

  it('is idempotent: saving twice answers 200 with the first date, removing twice answers 204', async () => {
    const sale = newId();
    await h.sale(sale, host);
    const first = await h.api().post(`/api/favorites/sales/${sale}`).set('authorization', auth).expect(201);
    const again = await h.api().post(`/api/favorites/sales/${sale}`).set('authorization', auth).expect(200);
    expect(again.body.savedAt).toBe(first.body.savedAt);
    await h.api().delete(`/api/favorites/sales/${sale}`).set('authorization', auth).expect(204);
    await h.api().delete(`/api/favorites/sales/${sale}`).set('authorization', auth).expect(204);
    expect((await h.api().get('/api/favorites/ids').set('authorization', auth)).body.saleIds).not.toContain(sale);
  });

  it("keeps each user's favourites apart", async () => {
    const item = newId();
    await h.item(item, host, null, { title: 'Standalone chair' });
    const other = newId();
    await h
      .api()
      .post(`/api/favorites/items/${item}`)
      .set('authorization', await h.bearer(other))
      .expect(201);
    expect((await h.api().get('/api/favorites/ids').set('authorization', auth)).body.itemIds).not.toContain(item);
    const theirs = await h
      .api()
      .get('/api/favorites')
      .set('authorization', await h.bearer(other))
      .expect(200);
    // A standalone item has no sale to show.
    expect(theirs.body.items).toEqual([expect.objectContaining({ id: item, garage_sale_id: null, sale_title: null, city: null })]);
  });

  it('answers 404 for deleted sales and items, a retryable 503 for ones unknown here while their owner cannot be asked, 400 for a bad id, 401 without a token', async () => {
    // The sales and items services are not running here; with them answering, an id they have not
    // either is a 404 (deploy/standalone, owners.test.ts).
    const unknownSale = await h.api().post('/api/favorites/sales/999999').set('authorization', auth).expect(503);
    expect(unknownSale.headers['retry-after']).toBe('1');
    expect(unknownSale.body).toEqual({ error: UNAVAILABLE });
    const unknownItem = await h.api().post('/api/favorites/items/999999').set('authorization', auth).expect(503);
    expect(unknownItem.body).toEqual({ error: UNAVAILABLE });
    const goneItem = newId();
    await h.publishAndApply('item.created', 1, itemSnapshot(goneItem, host, null));
    await h.publishAndApply('item.deleted', 2, { id: goneItem, user_id: host, garage_sale_id: null, image_urls: [] });
    expect((await h.api().post(`/api/favorites/items/${goneItem}`).set('authorization', auth).expect(404)).body).toEqual({
      error: 'Item not found',
    });
    await h.api().delete('/api/favorites/items/999999').set('authorization', auth).expect(503);
    const gone = newId();
    await h.sale(gone, host);
    await h.publishAndApply('sale.deleted', 2, { id: gone, user_id: host });
    await h.api().post(`/api/favorites/sales/${gone}`).set('authorization', auth).expect(404);
    expect((await h.api().post('/api/favorites/sales/abc').set('authorization', auth).expect(400)).body.error).toBe('Invalid id');
    expect((await h.api().get('/api/favorites').expect(401)).body).toEqual({ error: 'Authentication required' });
    await h.api().get('/api/favorites').set('authorization', 'Bearer not-a-token').expect(401);
  });

  it('drops a deleted sale or item from every Saved page', async () => {
    const sale = newId();
    await h.sale(sale, host);
    const item = newId();
    await h.item(item, host, sale);
    await h.api().post(`/api/favorites/sales/${sale}`).set('authorization', auth).expect(201);
    await h.api().post(`/api/favorites/items/${item}`).set('authorization', auth).expect(201);
    await h.publishAndApply('item.deleted', 2, { id: item, user_id: host, garage_sale_id: sale, image_urls: [] });
    await h.publishAndApply('sale.deleted', 2, { id: sale, user_id: host });
    const ids = (await h.api().get('/api/favorites/ids').set('authorization', auth).expect(200)).body;
    expect(ids.saleIds).not.toContain(sale);
    expect(ids.itemIds).not.toContain(item);
    expect(
      await h.query(`SELECT 1 FROM favorite_sales WHERE sale_id = $1 UNION ALL SELECT 1 FROM favorite_items WHERE item_id = $2`, [
        sale,
        item,
      ]),
    ).toEqual([]);
  });
});
