import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@garage/testing';
import { ItemsHarness, launchWithSellers, twoSellers } from './harness.js';

/** The owner editing and deleting an item, and everyone else refused. */

let h: ItemsHarness;
const sellers = twoSellers();
const { host, other, hostSale, otherSale } = sellers;

beforeAll(async () => {
  h = await launchWithSellers(sellers);
});

afterAll(async () => {
  await h?.close();
});

describe('PUT /api/items/{id}', () => {
  it('lets the owner edit every field and the reserved and sold flags, and publishes item.updated', async () => {
    const item = await h.createItem(host, { garageSaleId: hostSale, title: 'Bike', price: 80 });
    const response = await h
      .api()
      .put(`/api/items/${item.id}`)
      .set('authorization', await h.bearer(host))
      .send({
        garageSaleId: hostSale,
        title: 'Mountain bike',
        category: 'Sports',
        price: 75.5,
        originalPrice: null,
        condition: 'fair',
        brand: '',
        isReserved: true,
        isSold: true,
      })
      .expect(200);
    expect(response.body).toMatchObject({
      id: item.id,
      title: 'Mountain bike',
      category: 'Sports',
      price: 75.5,
      brand: null,
      condition: 'fair',
      is_reserved: true,
      is_sold: true,
      garage_sale_id: hostSale,
    });
    const event = await waitFor(() => h.events.find((e) => e.type === 'item.updated' && e.data.id === item.id));
    expect(event.version).toBe(2);
    expect(event.data).toMatchObject({ title: 'Mountain bike', is_sold: true, price: 75.5 });
  });

  it('keeps the flags when the edit does not send them, and can make the item standalone', async () => {
    const item = await h.createItem(host, { garageSaleId: hostSale });
    await h
      .api()
      .put(`/api/items/${item.id}`)
      .set('authorization', await h.bearer(host))
      .send({ title: 'T', category: 'Toys', price: 1, isReserved: true })
      .expect(200);
    const response = await h
      .api()
      .put(`/api/items/${item.id}`)
      .set('authorization', await h.bearer(host))
      .send({ title: 'T2', category: 'Toys', price: 1, garageSaleId: null })
      .expect(200);
    expect(response.body).toMatchObject({ title: 'T2', is_reserved: true, garage_sale_id: null, sale: null, sale_title: null });
  });

  it('answers 404 "Item not found or unauthorized" to another user and for an unknown item, changing nothing', async () => {
    const item = await h.createItem(host, { title: 'Lamp' });
    for (const id of [item.id, 999999]) {
      const response = await h
        .api()
        .put(`/api/items/${id}`)
        .set('authorization', await h.bearer(other))
        .send({ title: 'Stolen', category: 'Toys', price: 1 })
        .expect(404);
      expect(response.body).toEqual({ error: 'Item not found or unauthorized' });
    }
    expect((await h.api().get(`/api/items/${item.id}`).expect(200)).body.title).toBe('Lamp');
  });

  it('answers 403 when the owner moves the item into a sale of someone else, and 400 to a bad body', async () => {
    const item = await h.createItem(host);
    await h
      .api()
      .put(`/api/items/${item.id}`)
      .set('authorization', await h.bearer(host))
      .send({ title: 'T', category: 'Toys', price: 1, garageSaleId: otherSale })
      .expect(403);
    await h
      .api()
      .put(`/api/items/${item.id}`)
      .set('authorization', await h.bearer(host))
      .send({ title: 'T', category: 'Toys', price: 1, isSold: 'yes' })
      .expect(400);
    expect((await h.api().get(`/api/items/${item.id}`).expect(200)).body).toMatchObject({ garage_sale_id: null, is_sold: false });
  });
});

describe('DELETE /api/items/{id}', () => {
  it('refuses anyone but the owner with 404, then deletes for the owner with 204 and publishes item.deleted', async () => {
    const item = await h.createItem(host, { garageSaleId: hostSale, imageUrls: ['/media/x.jpg'] });
    expect(
      (
        await h
          .api()
          .delete(`/api/items/${item.id}`)
          .set('authorization', await h.bearer(other))
          .expect(404)
      ).body,
    ).toEqual({ error: 'Item not found or unauthorized' });
    await h.api().delete(`/api/items/${item.id}`).expect(401);
    await h
      .api()
      .delete(`/api/items/${item.id}`)
      .set('authorization', await h.bearer(host))
      .expect(204);
    await h.api().get(`/api/items/${item.id}`).expect(404);
    await h
      .api()
      .delete(`/api/items/${item.id}`)
      .set('authorization', await h.bearer(host))
      .expect(404);
    const event = await waitFor(() => h.events.find((e) => e.type === 'item.deleted' && e.data.id === item.id));
    expect(event.data).toEqual({ id: item.id, user_id: host, garage_sale_id: hostSale, image_urls: ['/media/x.jpg'] });
    expect(event.version).toBe(2);
  });
});
