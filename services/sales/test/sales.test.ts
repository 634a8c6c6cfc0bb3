import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { saleSchema, VISITOR_HIDDEN_SALE_FIELDS } from '@garage/contracts';
import { startService, type RunningService } from '@garage/service-kit';
import { serviceQueueReady, serviceTestEnv, testBus, testTokens, waitFor, type ServiceTestEnv } from '@garage/testing';
import { salesService } from '../src/index.js';
import { dayFromToday, saleForm, userSnapshot } from './harness.js';

let testEnv: ServiceTestEnv;
let sales: RunningService<unknown>;
let bus: Awaited<ReturnType<typeof testBus>>;
let signFor: (userId: number) => Promise<string>;
const HOST = 101;
const OTHER = 102;
let hostToken: string;
let otherToken: string;

const api = () => request(sales.url);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function createSale(overrides: Record<string, unknown> = {}, token = hostToken) {
  const response = await api().post('/api/sales').set(bearer(token)).send(saleForm(overrides)).expect(201);
  return response.body;
}

beforeAll(async () => {
  testEnv = await serviceTestEnv();
  sales = await startService(salesService, { env: testEnv.env });
  bus = await testBus(testEnv.env, { listen: ['sale.*'] });
  signFor = await testTokens(testEnv.env.DATA_DIR!);
  hostToken = await signFor(HOST);
  otherToken = await signFor(OTHER);
  await serviceQueueReady(testEnv.env, 'sales');
  await bus.publish(
    'user.registered',
    1,
    userSnapshot(HOST, { firstName: 'Grace', lastName: 'Hopper', phone: '(555) 123-4567', rating: 4.8 }),
  );
  await bus.publish('user.registered', 1, userSnapshot(OTHER, { firstName: 'Alan', lastName: 'Turing' }));
  await waitFor(async () => (await sales.dataSource.query(`SELECT 1 FROM users`)).length === 2, 5000, 'the user projection');
});

afterAll(async () => {
  await bus?.close();
  await sales?.close();
  await testEnv?.cleanup();
});

describe('POST /api/sales', () => {
  it('creates an active sale located by its ZIP, answers 201 with the sale, and publishes sale.created', async () => {
    const body = saleForm({ title: '  Moving sale  ', description: '', state: 'ca' });
    const response = await api().post('/api/sales').set(bearer(hostToken)).send(body).expect(201);
    const sale = response.body;
    expect(saleSchema.strict().parse(sale)).toEqual(sale);
    expect(sale).toEqual({
      id: expect.any(Number),
      user_id: HOST,
      title: 'Moving sale',
      upcoming_markdown: null,
      description: null,
      address: '1 Main St',
      city: 'Beverly Hills',
      state: 'CA',
      zip_code: '90210',
      start_date: body.startDate,
      end_date: body.endDate,
      start_time: '08:00',
      end_time: '16:00',
      status: 'active',
      latitude: 34.0901,
      longitude: -118.4065,
      item_count: 0,
      photo_urls: [],
      first_name: 'Grace',
      last_name: 'Hopper',
      phone: '(555) 123-4567',
      rating: 4.8,
      live_state: null,
      live_state_at: null,
      confirmed_at: null,
      confirmed_count: 0,
      time_zone: 'America/Los_Angeles',
      payment_methods: [],
      address_visible_from: null,
      messages_enabled: true,
    });
    const event = await waitFor(() => bus.received.find((e) => e.type === 'sale.created' && e.data.id === sale.id));
    expect(event.version).toBe(1);
    expect(event.data).toEqual({
      id: sale.id,
      user_id: HOST,
      title: 'Moving sale',
      description: null,
      address: '1 Main St',
      city: 'Beverly Hills',
      state: 'CA',
      zip_code: '90210',
      start_date: body.startDate,
      end_date: body.endDate,
      start_time: '08:00',
      end_time: '16:00',
      status: 'active',
      latitude: 34.0901,
      longitude: -118.4065,
      live_state: null,
      live_state_at: null,
      payment_methods: [],
      address_visible_from: null,
      messages_enabled: true,
    });
  });

  it('carries the items listed with the sale (itemIds) in sale.created, once each; the answer is still the sale', async () => {
    const response = await api()
      .post('/api/sales')
      .set(bearer(hostToken))
      .send({ ...saleForm(), itemIds: [31, 32, 31] })
      .expect(201);
    expect(saleSchema.strict().parse(response.body)).toEqual(response.body);
    const event = await waitFor(() => bus.received.find((e) => e.type === 'sale.created' && e.data.id === response.body.id));
    expect(event.data).toMatchObject({ id: response.body.id, user_id: HOST, item_ids: [31, 32] });
    const plain = await createSale();
    const plainEvent = await waitFor(() => bus.received.find((e) => e.type === 'sale.created' && e.data.id === plain.id));
    expect(plainEvent.data).not.toHaveProperty('item_ids');
  });

  it('answers 400 to itemIds that are not a list of ids', async () => {
    for (const itemIds of ['12', [0], [1.5], Array.from({ length: 501 }, (_, i) => i + 1)]) {
      const response = await api()
        .post('/api/sales')
        .set(bearer(hostToken))
        .send({ ...saleForm(), itemIds })
        .expect(400);
      expect(response.body.details[0].field).toMatch(/^itemIds/);
    }
  });

  it('accepts a sale that starts today in the earliest US time zone and ends the same day', async () => {
    const today = dayFromToday(0);
    const sale = await createSale({ startDate: today, endDate: today, startTime: '08:00', endTime: '08:01' });
    expect(sale.start_date).toBe(today);
  });

  it.each([
    ['title', { title: '   ' }, 'Title is required'],
    ['address', { address: undefined }, 'Street address is required'],
    ['city', { city: '' }, 'City is required'],
    ['state', { state: 'XX' }, 'State must be one of the 50 two-letter US codes'],
    ['state', { state: 'DC' }, 'State must be one of the 50 two-letter US codes'],
    ['zipCode', { zipCode: '9021' }, 'ZIP must be 5 digits'],
    ['zipCode', { zipCode: '90210-1234' }, 'ZIP must be 5 digits'],
    ['startDate', { startDate: dayFromToday(-1) }, 'Start date cannot be in the past'],
    ['startDate', { startDate: '2031-02-30', endDate: '2031-03-01' }, 'Not a real date'],
    ['endDate', { startDate: dayFromToday(5), endDate: dayFromToday(4) }, 'End date cannot be before the start date'],
    [
      'endTime',
      { startDate: dayFromToday(5), endDate: dayFromToday(5), startTime: '12:00', endTime: '12:00' },
      'End time must be after the start time',
    ],
    ['startTime', { startTime: '24:00' }, 'Use the format HH:MM (24 h)'],
    ['endTime', { endTime: '4pm' }, 'Use the format HH:MM (24 h)'],
  ])('answers 400 naming %s when it is invalid (%j)', async (field, overrides, message) => {
    const response = await api().post('/api/sales').set(bearer(hostToken)).send(saleForm(overrides)).expect(400);
    expect(response.body.details).toContainEqual({ field, message });
    expect(typeof response.body.error).toBe('string');
  });

  it('lets a multi-day sale end earlier in the day than it starts', async () => {
    await createSale({ startDate: dayFromToday(3), endDate: dayFromToday(4), startTime: '14:00', endTime: '10:00' });
  });

  it('answers 400 with a zipCode detail for a ZIP that does not exist', async () => {
    const response = await api()
      .post('/api/sales')
      .set(bearer(hostToken))
      .send(saleForm({ zipCode: '00000' }))
      .expect(400);
    expect(response.body).toEqual({ error: 'ZIP code not found', details: [{ field: 'zipCode', message: 'ZIP code not found' }] });
  });

  it('answers 401 without a token and 401 with a bad one', async () => {
    expect((await api().post('/api/sales').send(saleForm()).expect(401)).body).toEqual({ error: 'Authentication required' });
    await api().post('/api/sales').set(bearer('not.a.token')).send(saleForm()).expect(401);
  });

  it('answers 400 to malformed JSON and to an empty body, never 500', async () => {
    const malformed = await api()
      .post('/api/sales')
      .set(bearer(hostToken))
      .set('content-type', 'application/json')
      .send('{"title":')
      .expect(400);
    expect(typeof malformed.body.error).toBe('string');
    const empty = await api().post('/api/sales').set(bearer(hostToken)).expect(400);
    expect(empty.body.details).toContainEqual({ field: 'title', message: 'Title is required' });
  });
});

describe('GET /api/sales/{id}', () => {
  let saleId: number;
  beforeAll(async () => {
    saleId = (await createSale({ title: 'Detail sale' })).id;
  });

  it('hides the address, ZIP and seller details from a visitor', async () => {
    const response = await api().get(`/api/sales/${saleId}`).expect(200);
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
    const response = await api().get(`/api/sales/${saleId}`).set(bearer(otherToken)).expect(200);
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
    expect((await api().get('/api/sales/999999').expect(404)).body).toEqual({ error: 'Sale not found' });
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const response = await api().get(`/api/sales/${id}`).expect(400);
      expect(response.body.error).toBe('Invalid id');
    }
  });

  it('answers 401 to an invalid token even on this public call', async () => {
    await api().get(`/api/sales/${saleId}`).set(bearer('garbage')).expect(401);
  });
});

describe('GET /api/sales and /api/sales/my-sales', () => {
  let hostSales: number[];
  beforeAll(async () => {
    hostSales = [(await createSale({ title: 'Listed one' })).id, (await createSale({ title: 'Listed two' })).id];
    await createSale({ title: 'Not mine' }, otherToken);
  });

  it('lists sales without the private fields for a visitor and with them for a signed-in user', async () => {
    const visitor = await api().get('/api/sales').expect(200);
    const listed = visitor.body.filter((sale: { id: number }) => hostSales.includes(sale.id));
    expect(listed).toHaveLength(2);
    for (const sale of visitor.body) {
      for (const field of VISITOR_HIDDEN_SALE_FIELDS) expect(sale[field]).toBeNull();
      expect(sale.city).toBe('Beverly Hills');
      expect(sale).not.toHaveProperty('distance');
    }
    const signedIn = await api().get('/api/sales').set(bearer(otherToken)).expect(200);
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
    const response = await api().get('/api/sales').query({ latitude: 34.0522, longitude: -118.2437 }).expect(200);
    expect(response.body.length).toBeGreaterThan(0);
    // Beverly Hills' centroid is 9.68 miles from downtown Los Angeles on the spec's sphere.
    for (const sale of response.body) expect(sale.distance).toBe(9.7);
  });

  it("my-sales answers 401 to a visitor and lists only the caller's sales, whatever their status, with every field", async () => {
    await api().get('/api/sales/my-sales').expect(401);
    const cancelled = await createSale({ title: 'Cancelled one' });
    await api()
      .put(`/api/sales/${cancelled.id}`)
      .set(bearer(hostToken))
      .send({ ...saleForm({ title: 'Cancelled one' }), status: 'cancelled' })
      .expect(200);
    const response = await api().get('/api/sales/my-sales').set(bearer(hostToken)).expect(200);
    const ids = response.body.map((sale: { id: number }) => sale.id);
    expect(ids).toEqual(expect.arrayContaining([...hostSales, cancelled.id]));
    expect(response.body.every((sale: { user_id: number }) => sale.user_id === HOST)).toBe(true);
    expect(response.body.find((sale: { id: number }) => sale.id === cancelled.id).status).toBe('cancelled');
    expect(response.body[0]).toMatchObject({ address: '1 Main St', first_name: 'Grace' });
    const other = await api().get('/api/sales/my-sales').set(bearer(otherToken)).expect(200);
    expect(other.body.map((sale: { title: string }) => sale.title)).toEqual(['Not mine']);
  });
});

describe('PUT /api/sales/{id}', () => {
  it('lets the host change the sale, re-geocodes a new ZIP and publishes sale.updated with the next version', async () => {
    const sale = await createSale();
    const form = saleForm({ title: 'Bigger sale', zipCode: '02134', city: 'Allston', state: 'MA', endDate: dayFromToday(9) });
    const response = await api().put(`/api/sales/${sale.id}`).set(bearer(hostToken)).send(form).expect(200);
    expect(response.body).toMatchObject({
      id: sale.id,
      title: 'Bigger sale',
      city: 'Allston',
      state: 'MA',
      zip_code: '02134',
      latitude: 42.3535,
      longitude: -71.1329,
      end_date: form.endDate,
      status: 'active',
      first_name: 'Grace',
    });
    const event = await waitFor(() => bus.received.find((e) => e.type === 'sale.updated' && e.data.id === sale.id));
    expect(event.version).toBe(2);
    expect(event.data).toMatchObject({ title: 'Bigger sale', zip_code: '02134', status: 'active' });
    expect((await api().get(`/api/sales/${sale.id}`).expect(200)).body.title).toBe('Bigger sale');
  });

  it('lets the host cancel the sale, which then leaves browse', async () => {
    const sale = await createSale({ title: 'To cancel' });
    const response = await api()
      .put(`/api/sales/${sale.id}`)
      .set(bearer(hostToken))
      .send({ ...saleForm({ title: 'To cancel' }), status: 'cancelled' })
      .expect(200);
    expect(response.body.status).toBe('cancelled');
    const event = await waitFor(() => bus.received.find((e) => e.type === 'sale.updated' && e.data.id === sale.id));
    expect(event.data.status).toBe('cancelled');
    const browse = await api().get('/api/sales').expect(200);
    expect(browse.body.map((s: { id: number }) => s.id)).not.toContain(sale.id);
    const reactivated = await api()
      .put(`/api/sales/${sale.id}`)
      .set(bearer(hostToken))
      .send({ ...saleForm({ title: 'To cancel' }), status: 'active' })
      .expect(200);
    expect(reactivated.body.status).toBe('active');
  });

  it('answers 403 to another user and changes nothing', async () => {
    const sale = await createSale({ title: 'Guarded' });
    const response = await api()
      .put(`/api/sales/${sale.id}`)
      .set(bearer(otherToken))
      .send(saleForm({ title: 'Hijacked' }))
      .expect(403);
    expect(typeof response.body.error).toBe('string');
    // A stranger is refused before the body is looked at.
    await api()
      .put(`/api/sales/${sale.id}`)
      .set(bearer(otherToken))
      .send(saleForm({ zipCode: '00000' }))
      .expect(403);
    expect((await api().get(`/api/sales/${sale.id}`).expect(200)).body.title).toBe('Guarded');
  });

  it('answers 404 to an unknown id, 400 to a non-numeric one, 401 without a token', async () => {
    expect((await api().put('/api/sales/999999').set(bearer(hostToken)).send(saleForm()).expect(404)).body).toEqual({
      error: 'Sale not found',
    });
    await api().put('/api/sales/abc').set(bearer(hostToken)).send(saleForm()).expect(400);
    await api().put('/api/sales/1').send(saleForm()).expect(401);
  });

  it('answers 400 to an invalid form, an unknown ZIP and an unknown status', async () => {
    const sale = await createSale();
    const invalid = await api()
      .put(`/api/sales/${sale.id}`)
      .set(bearer(hostToken))
      .send(saleForm({ endDate: dayFromToday(1) }))
      .expect(400);
    expect(invalid.body.details).toContainEqual({ field: 'endDate', message: 'End date cannot be before the start date' });
    const zip = await api()
      .put(`/api/sales/${sale.id}`)
      .set(bearer(hostToken))
      .send(saleForm({ zipCode: '00000' }))
      .expect(400);
    expect(zip.body.details).toEqual([{ field: 'zipCode', message: 'ZIP code not found' }]);
    const status = await api()
      .put(`/api/sales/${sale.id}`)
      .set(bearer(hostToken))
      .send({ ...saleForm(), status: 'completed' })
      .expect(400);
    expect(status.body.details[0].field).toBe('status');
    await api().put(`/api/sales/${sale.id}`).set(bearer(hostToken)).set('content-type', 'application/json').send('{').expect(400);
  });

  it('applies the start-date rule only when the start date changes, so a running sale stays editable', async () => {
    const yesterday = dayFromToday(-1);
    const [{ id }] = await sales.dataSource.query(
      `INSERT INTO sales (user_id, title, address, city, state, zip_code, start_date, end_date, start_time, end_time, ends_at, latitude, longitude)
       VALUES ($1, 'Running', '1 Main St', 'Beverly Hills', 'CA', '90210', $2, $3, '08:00', '16:00', now() + interval '3 days', 34.0901, -118.4065)
       RETURNING id`,
      [HOST, yesterday, dayFromToday(2)],
    );
    const keep = saleForm({ title: 'Still running', startDate: yesterday, endDate: dayFromToday(2) });
    const response = await api().put(`/api/sales/${id}`).set(bearer(hostToken)).send(keep).expect(200);
    expect(response.body).toMatchObject({ title: 'Still running', start_date: yesterday });
    const moved = saleForm({ startDate: dayFromToday(-2), endDate: dayFromToday(2) });
    const refused = await api().put(`/api/sales/${id}`).set(bearer(hostToken)).send(moved).expect(400);
    expect(refused.body.details).toContainEqual({ field: 'startDate', message: 'Start date cannot be in the past' });
  });
});

describe('DELETE /api/sales/{id}', () => {
  it('answers 403 to another user, then 204 to the host and publishes sale.deleted', async () => {
    const sale = await createSale({ title: 'Short-lived' });
    await api().delete(`/api/sales/${sale.id}`).set(bearer(otherToken)).expect(403);
    await api().get(`/api/sales/${sale.id}`).expect(200);
    const response = await api().delete(`/api/sales/${sale.id}`).set(bearer(hostToken)).expect(204);
    expect(response.text).toBe('');
    expect((await api().get(`/api/sales/${sale.id}`).expect(404)).body).toEqual({ error: 'Sale not found' });
    const event = await waitFor(() => bus.received.find((e) => e.type === 'sale.deleted' && e.data.id === sale.id));
    expect(event.data).toEqual({ id: sale.id, user_id: HOST });
    expect(event.version).toBe(2);
  });

  it('answers 404 to an unknown id, 400 to a non-numeric one, 401 without a token', async () => {
    expect((await api().delete('/api/sales/999999').set(bearer(hostToken)).expect(404)).body).toEqual({ error: 'Sale not found' });
    await api().delete('/api/sales/x1').set(bearer(hostToken)).expect(400);
    await api().delete('/api/sales/1').expect(401);
  });
});

describe('health', () => {
  it('is ready once migrated and connected', async () => {
    await waitFor(async () => (await api().get('/health')).status === 200, 5000, 'health');
  });
});
