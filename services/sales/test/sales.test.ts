import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { saleSchema } from '@garage/contracts';
import { waitFor } from '@garage/testing';
import { dayFromToday, saleForm } from './harness.js';
import { bearer, HOST, salesWorld, type SalesWorld } from './sales.harness.js';

/** Creating a sale: the form, its validation, sale.created; and the service's health. */

let w: SalesWorld;

beforeAll(async () => {
  w = await salesWorld();
});

afterAll(async () => {
  await w?.close();
});

describe('POST /api/sales', () => {
  it('creates an active sale located by its ZIP, answers 201 with the sale, and publishes sale.created', async () => {
    const body = saleForm({ title: '  Moving sale  ', description: '', state: 'ca' });
    const response = await w.api().post('/api/sales').set(bearer(w.hostToken)).send(body).expect(201);
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
    const event = await waitFor(() => w.bus.received.find((e) => e.type === 'sale.created' && e.data.id === sale.id));
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
    const response = await w
      .api()
      .post('/api/sales')
      .set(bearer(w.hostToken))
      .send({ ...saleForm(), itemIds: [31, 32, 31] })
      .expect(201);
    expect(saleSchema.strict().parse(response.body)).toEqual(response.body);
    const event = await waitFor(() => w.bus.received.find((e) => e.type === 'sale.created' && e.data.id === response.body.id));
    expect(event.data).toMatchObject({ id: response.body.id, user_id: HOST, item_ids: [31, 32] });
    const plain = await w.createSale();
    const plainEvent = await waitFor(() => w.bus.received.find((e) => e.type === 'sale.created' && e.data.id === plain.id));
    expect(plainEvent.data).not.toHaveProperty('item_ids');
  });

  it('answers 400 to itemIds that are not a list of ids', async () => {
    for (const itemIds of ['12', [0], [1.5], Array.from({ length: 501 }, (_, i) => i + 1)]) {
      const response = await w
        .api()
        .post('/api/sales')
        .set(bearer(w.hostToken))
        .send({ ...saleForm(), itemIds })
        .expect(400);
      expect(response.body.details[0].field).toMatch(/^itemIds/);
    }
  });

  it('accepts a sale that starts today in the earliest US time zone and ends the same day', async () => {
    const today = dayFromToday(0);
    const sale = await w.createSale({ startDate: today, endDate: today, startTime: '08:00', endTime: '08:01' });
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
    const response = await w.api().post('/api/sales').set(bearer(w.hostToken)).send(saleForm(overrides)).expect(400);
    expect(response.body.details).toContainEqual({ field, message });
    expect(typeof response.body.error).toBe('string');
  });

  it('lets a multi-day sale end earlier in the day than it starts', async () => {
    await w.createSale({ startDate: dayFromToday(3), endDate: dayFromToday(4), startTime: '14:00', endTime: '10:00' });
  });

  it('answers 400 with a zipCode detail for a ZIP that does not exist', async () => {
    const response = await w
      .api()
      .post('/api/sales')
      .set(bearer(w.hostToken))
      .send(saleForm({ zipCode: '00000' }))
      .expect(400);
    expect(response.body).toEqual({ error: 'ZIP code not found', details: [{ field: 'zipCode', message: 'ZIP code not found' }] });
  });

  it('answers 401 without a token and 401 with a bad one', async () => {
    expect((await w.api().post('/api/sales').send(saleForm()).expect(401)).body).toEqual({ error: 'Authentication required' });
    await w.api().post('/api/sales').set(bearer('not.a.token')).send(saleForm()).expect(401);
  });

  it('answers 400 to malformed JSON and to an empty body, never 500', async () => {
    const malformed = await w
      .api()
      .post('/api/sales')
      .set(bearer(w.hostToken))
      .set('content-type', 'application/json')
      .send('{"title":')
      .expect(400);
    expect(typeof malformed.body.error).toBe('string');
    const empty = await w.api().post('/api/sales').set(bearer(w.hostToken)).expect(400);
    expect(empty.body.details).toContainEqual({ field: 'title', message: 'Title is required' });
  });
});

describe('health', () => {
  it('is ready once migrated and connected', async () => {
    await waitFor(async () => (await w.api().get('/health')).status === 200, 5000, 'health');
  });
});
