import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { itemSchema } from '@garage/contracts';
import { ItemsHarness, launchWithSellers, newId, twoSellers } from './harness.js';

/** Reading items: one item, the caller's own, a sale's; each with what the viewer may see of the sale. */

let h: ItemsHarness;
const sellers = twoSellers();
const { host, other, hostSale } = sellers;

beforeAll(async () => {
  h = await launchWithSellers(sellers);
});

afterAll(async () => {
  await h?.close();
});

describe('GET /api/items/{id}', () => {
  let itemId: number;
  beforeAll(async () => {
    itemId = (await h.createItem(host, { garageSaleId: hostSale, title: 'Record player' })).id;
  });

  it('gives a signed-in user the nested sale with the address and the seller', async () => {
    const response = await h
      .api()
      .get(`/api/items/${itemId}`)
      .set('authorization', await h.bearer(other))
      .expect(200);
    expect(itemSchema.strict().parse(response.body)).toEqual(response.body);
    expect(response.body.sale).toEqual({
      id: hostSale,
      title: 'Spring Clean-out',
      user_id: host,
      address: '12 Oak St',
      city: 'Springfield',
      state: 'IL',
      zip_code: '62701',
      first_name: 'Hazel',
      last_name: 'Host',
      rating: 4.8,
      phone: '555-0101',
      start_date: '2099-05-03',
      end_date: '2099-05-04',
      start_time: '08:00',
      end_time: '12:00',
      description: 'Everything must go',
      status: 'active',
      latitude: 39.8,
      longitude: -89.65,
      payment_methods: [],
      address_visible_from: null,
      // Nothing said; its day has not come.
      live_state: null,
      live_state_at: null,
    });
  });

  it('gives a visitor the sale without address, ZIP, phone, name and rating', async () => {
    const response = await h.api().get(`/api/items/${itemId}`).expect(200);
    expect(response.body.sale).toMatchObject({
      city: 'Springfield',
      state: 'IL',
      address: null,
      zip_code: null,
      phone: null,
      first_name: null,
      last_name: null,
      rating: null,
    });
    expect(JSON.stringify(response.body)).not.toMatch(/Oak St|Hazel|555-0101|62701/);
  });

  it('answers 404 "Item not found" for an unknown item, 400 for a non-numeric id, 401 for a bad token', async () => {
    expect((await h.api().get('/api/items/999999').expect(404)).body).toEqual({ error: 'Item not found' });
    await h.api().get('/api/items/abc').expect(400);
    await h.api().get('/api/items/0').expect(400);
    await h.api().get(`/api/items/${itemId}`).set('authorization', 'Bearer not-a-token').expect(401);
  });
});

describe('GET /api/items/my-items', () => {
  it("lists only the caller's items with sale_title; sold ones only with includeAll=true", async () => {
    const owner = newId();
    await h.user(owner);
    const sale = newId();
    await h.sale(sale, owner, { title: 'Moving Sale' });
    const inSale = await h.createItem(owner, { garageSaleId: sale, title: 'Desk' });
    const sold = await h.createItem(owner, { title: 'Sofa' });
    await h
      .api()
      .put(`/api/items/${sold.id}`)
      .set('authorization', await h.bearer(owner))
      .send({ title: 'Sofa', category: 'Furniture', price: 1, isSold: true })
      .expect(200);
    await h.createItem(other, { title: 'Not mine' });

    const all = await h
      .api()
      .get('/api/items/my-items?includeAll=true')
      .set('authorization', await h.bearer(owner))
      .expect(200);
    expect(all.body.map((item: { title: string }) => item.title).sort()).toEqual(['Desk', 'Sofa']);
    expect(all.body.find((item: { id: number }) => item.id === inSale.id).sale_title).toBe('Moving Sale');
    for (const item of all.body) expect(itemSchema.strict().parse(item)).toEqual(item);

    const unsold = await h
      .api()
      .get('/api/items/my-items')
      .set('authorization', await h.bearer(owner))
      .expect(200);
    expect(unsold.body.map((item: { title: string }) => item.title)).toEqual(['Desk']);
    await h.api().get('/api/items/my-items').expect(401);
    await h
      .api()
      .get('/api/items/my-items?includeAll=maybe')
      .set('authorization', await h.bearer(owner))
      .expect(400);
  });
});

describe('GET /api/items/by-sale/{id}', () => {
  it('lists every item of the sale, visitor rules applied to the nested sale', async () => {
    const sale = newId();
    await h.sale(sale, host, { title: 'Garage Day' });
    const a = await h.createItem(host, { garageSaleId: sale, title: 'Kettle' });
    const b = await h.createItem(host, { garageSaleId: sale, title: 'Toaster' });
    const visitor = await h.api().get(`/api/items/by-sale/${sale}`).expect(200);
    expect(visitor.body.map((item: { id: number }) => item.id)).toEqual([a.id, b.id]);
    expect(visitor.body[0].sale).toMatchObject({
      address: null,
      first_name: null,
      phone: null,
      rating: null,
      zip_code: null,
      last_name: null,
    });
    const signedIn = await h
      .api()
      .get(`/api/items/by-sale/${sale}`)
      .set('authorization', await h.bearer(other))
      .expect(200);
    expect(signedIn.body[0].sale).toMatchObject({ address: '12 Oak St', first_name: 'Hazel' });
    expect((await h.api().get('/api/items/by-sale/424242').expect(200)).body).toEqual([]);
  });
});
