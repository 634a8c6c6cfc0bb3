import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { saleSchema, VISITOR_HIDDEN_SALE_FIELDS } from '@garage/contracts';
import { saleForm } from './harness.js';
import { bearer, HOST, salesWorld, type SalesWorld } from './sales.harness.js';

/** Reading sales: one sale, the list and the host's own, each with what the caller may see. */

let w: SalesWorld;

beforeAll(async () => {
  w = await salesWorld();
});

afterAll(async () => {
  await w?.close();
});

describe('GET /api/sales/{id}', () => {
  let saleId: number;
  beforeAll(async () => {
    saleId = (await w.createSale({ title: 'Detail sale' })).id;
  });

  it('hides the address, ZIP and seller details from a visitor', async () => {
    const response = await w.api().get(`/api/sales/${saleId}`).expect(200);
    for (const field of VISITOR_HIDDEN_SALE_FIELDS) expect(response.body[field]).toBeNull();
    expect(response.body).toMatchObject({
      id: saleId,
      city: 'Beverly Hills',
      state: 'CA',
      title: 'Detail sale',
      latitude: 34.0901,
      longitude: -118.4065,
      item_count: 0,
    });
    expect(response.body).not.toHaveProperty('items');
    expect(saleSchema.strict().parse(response.body)).toEqual(response.body);
  });

  it('shows every field to a signed-in user who is not the host', async () => {
    const response = await w.api().get(`/api/sales/${saleId}`).set(bearer(w.otherToken)).expect(200);
    expect(response.body).toMatchObject({
      address: '1 Main St',
      zip_code: '90210',
      first_name: 'Grace',
      last_name: 'Hopper',
      phone: '(555) 123-4567',
      rating: 4.8,
    });
  });

  it('answers 404 "Sale not found" for an unknown id, 400 for one that is not a positive integer', async () => {
    expect((await w.api().get('/api/sales/999999').expect(404)).body).toEqual({ error: 'Sale not found' });
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const response = await w.api().get(`/api/sales/${id}`).expect(400);
      expect(response.body.error).toBe('Invalid id');
    }
  });

  it('answers 401 to an invalid token even on this public call', async () => {
    await w.api().get(`/api/sales/${saleId}`).set(bearer('garbage')).expect(401);
  });
});

describe('GET /api/sales and /api/sales/my-sales', () => {
  let hostSales: number[];
  beforeAll(async () => {
    hostSales = [(await w.createSale({ title: 'Listed one' })).id, (await w.createSale({ title: 'Listed two' })).id];
    await w.createSale({ title: 'Not mine' }, w.otherToken);
  });

  it('lists sales without the private fields for a visitor and with them for a signed-in user', async () => {
    const visitor = await w.api().get('/api/sales').expect(200);
    const listed = visitor.body.filter((sale: { id: number }) => hostSales.includes(sale.id));
    expect(listed).toHaveLength(2);
    for (const sale of visitor.body) {
      for (const field of VISITOR_HIDDEN_SALE_FIELDS) expect(sale[field]).toBeNull();
      expect(sale.city).toBe('Beverly Hills');
      expect(sale).not.toHaveProperty('distance');
    }
    const signedIn = await w.api().get('/api/sales').set(bearer(w.otherToken)).expect(200);
    const mine = signedIn.body.find((sale: { id: number }) => sale.id === hostSales[0]);
    expect(mine).toMatchObject({
      address: '1 Main St',
      zip_code: '90210',
      first_name: 'Grace',
      last_name: 'Hopper',
      phone: '(555) 123-4567',
      rating: 4.8,
    });
  });

  it('adds the distance in miles to one decimal when the query has a location', async () => {
    const response = await w.api().get('/api/sales').query({ latitude: 34.0522, longitude: -118.2437 }).expect(200);
    expect(response.body.length).toBeGreaterThan(0);
    // Beverly Hills' centroid is 9.68 miles from downtown Los Angeles on the spec's sphere.
    for (const sale of response.body) expect(sale.distance).toBe(9.7);
  });

  it("my-sales answers 401 to a visitor and lists only the caller's sales, whatever their status, with every field", async () => {
    await w.api().get('/api/sales/my-sales').expect(401);
    const cancelled = await w.createSale({ title: 'Cancelled one' });
    await w
      .api()
      .put(`/api/sales/${cancelled.id}`)
      .set(bearer(w.hostToken))
      .send({ ...saleForm({ title: 'Cancelled one' }), status: 'cancelled' })
      .expect(200);
    const response = await w.api().get('/api/sales/my-sales').set(bearer(w.hostToken)).expect(200);
    const ids = response.body.map((sale: { id: number }) => sale.id);
    expect(ids).toEqual(expect.arrayContaining([...hostSales, cancelled.id]));
    expect(response.body.every((sale: { user_id: number }) => sale.user_id === HOST)).toBe(true);
    expect(response.body.find((sale: { id: number }) => sale.id === cancelled.id).status).toBe('cancelled');
    expect(response.body[0]).toMatchObject({ address: '1 Main St', first_name: 'Grace' });
    const other = await w.api().get('/api/sales/my-sales').set(bearer(w.otherToken)).expect(200);
    expect(other.body.map((sale: { title: string }) => sale.title)).toEqual(['Not mine']);
  });
});
