import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { communitySaleInternalSchema, communitySaleSchema, eventDataSchemas } from '@garage/contracts';
import { startService, type RunningService } from '@garage/service-kit';
import { serviceQueueReady, serviceTestEnv, testBus, testTokens, waitFor, type ServiceTestEnv } from '@garage/testing';
import { salesService } from '../src/index.js';
import { communitySaleForm, dayFromToday, saleForm, userSnapshot } from './harness.js';

/** Community sales themselves: organise, read, edit, list nearest first, cancel, move to the rain date. */

let testEnv: ServiceTestEnv;
let sales: RunningService<unknown>;
let bus: Awaited<ReturnType<typeof testBus>>;
const ORGANIZER = 201;
const HOST = 202;
const OTHER = 203;
let organizerToken: string;
let hostToken: string;
let otherToken: string;

const api = () => request(sales.url);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function organise(overrides: Record<string, unknown> = {}, token = organizerToken) {
  const response = await api().post('/api/community-sales').set(bearer(token)).send(communitySaleForm(overrides)).expect(201);
  return response.body;
}

async function hostSale(overrides: Record<string, unknown> = {}) {
  return (await api().post('/api/sales').set(bearer(hostToken)).send(saleForm(overrides)).expect(201)).body;
}

beforeAll(async () => {
  testEnv = await serviceTestEnv();
  sales = await startService(salesService, { env: testEnv.env });
  bus = await testBus(testEnv.env, { listen: ['sale.*', 'community_sale.*'] });
  const signFor = await testTokens(testEnv.env.DATA_DIR!);
  organizerToken = await signFor(ORGANIZER);
  hostToken = await signFor(HOST);
  otherToken = await signFor(OTHER);
  await serviceQueueReady(testEnv.env, 'sales');
  for (const id of [ORGANIZER, HOST, OTHER]) await bus.publish('user.registered', 1, userSnapshot(id));
  await waitFor(async () => (await sales.dataSource.query(`SELECT 1 FROM users`)).length === 3, 5000, 'the user projection');
});

afterAll(async () => {
  await bus?.close();
  await sales?.close();
  await testEnv?.cleanup();
});

describe('POST /api/community-sales', () => {
  it('organises one, answers 201 with the camelCase object, and publishes community_sale.created', async () => {
    const form = communitySaleForm({ name: '  Beverly Hills Sale Day  ', days: [...(communitySaleForm().days as object[])].reverse() });
    const created = (await api().post('/api/community-sales').set(bearer(organizerToken)).send(form).expect(201)).body;
    expect(communitySaleSchema.strict().parse(created)).toEqual(created);
    expect(created).toEqual({
      id: expect.any(Number),
      organizerId: ORGANIZER,
      name: 'Beverly Hills Sale Day',
      description: 'Sales all over the neighbourhood',
      latitude: 34.0901,
      longitude: -118.4065,
      radiusMiles: 2,
      zipCodes: [],
      // Sorted by date whatever order they came in.
      days: [
        { date: dayFromToday(7), startTime: '08:00', endTime: '15:00' },
        { date: dayFromToday(8), startTime: '09:00', endTime: '13:00' },
      ],
      rainDate: dayFromToday(14),
      coverImageUrl: '/api/images/cover.jpg',
      requiresApproval: false,
      status: 'scheduled',
      saleCount: 0,
    });
    const event = await waitFor(() => bus.received.find((e) => e.type === 'community_sale.created' && e.data.id === created.id));
    expect(event.version).toBe(1);
    const { saleCount: _count, ...snapshot } = created;
    expect(eventDataSchemas['community_sale.created'].parse(event.data)).toEqual(snapshot);
    expect((await api().get(`/api/community-sales/${created.id}`).expect(200)).body).toEqual(created);
  });

  it('takes an area of ZIP codes, centred on the middle of their centres', async () => {
    const created = await organise({ latitude: null, longitude: null, radiusMiles: undefined, zipCodes: ['90210', '90211', '90210'] });
    expect(created).toMatchObject({ zipCodes: ['90210', '90211'], radiusMiles: null, latitude: 34.07765, longitude: -118.39475 });
  });

  it.each([
    ['no name', { name: '  ' }, 'name'],
    ['a radius past 25 miles', { radiusMiles: 26 }, 'radiusMiles'],
    ['a centre without a radius', { radiusMiles: null }, 'radiusMiles'],
    ['a radius without a centre', { latitude: null }, 'latitude'],
    ['both a radius and ZIPs', { zipCodes: ['90210'] }, 'zipCodes'],
    ['neither a radius nor ZIPs', { latitude: null, longitude: null, radiusMiles: null }, 'radiusMiles'],
    ['a malformed ZIP', { latitude: null, longitude: null, radiusMiles: null, zipCodes: ['9021'] }, 'zipCodes.0'],
    ['a ZIP nobody has', { latitude: null, longitude: null, radiusMiles: null, zipCodes: ['90210', '00000'] }, 'zipCodes.1'],
    ['no days', { days: [] }, 'days'],
    ['five days', { days: [1, 2, 3, 4, 5].map((n) => ({ date: dayFromToday(n), startTime: '08:00', endTime: '12:00' })) }, 'days'],
    ['a day twice', { days: [1, 1].map((n) => ({ date: dayFromToday(n), startTime: '08:00', endTime: '12:00' })) }, 'days'],
    ['a day that closes before it opens', { days: [{ date: dayFromToday(3), startTime: '12:00', endTime: '08:00' }] }, 'days.0.endTime'],
    ['a malformed date', { days: [{ date: '2030-02-30', startTime: '08:00', endTime: '12:00' }] }, 'days.0.date'],
    [
      'a first day in the past',
      { days: [{ date: dayFromToday(-2), startTime: '08:00', endTime: '12:00' }], rainDate: null },
      'days.0.date',
    ],
    ['a rain date on the last day', { rainDate: dayFromToday(8) }, 'rainDate'],
    ['a cover that is not a URL', { coverImageUrl: 'javascript:alert(1)' }, 'coverImageUrl'],
    ['approval that is not a boolean', { requiresApproval: 'yes' }, 'requiresApproval'],
  ])('answers 400 naming the field to %s', async (_, overrides, field) => {
    const response = await api().post('/api/community-sales').set(bearer(organizerToken)).send(communitySaleForm(overrides)).expect(400);
    expect(response.body.error).toEqual(expect.any(String));
    expect(response.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
  });

  it('answers 401 without a token and 400 to a body that is not an object', async () => {
    await api().post('/api/community-sales').send(communitySaleForm()).expect(401);
    await api().post('/api/community-sales').set(bearer(organizerToken)).send([1, 2]).expect(400);
  });
});

describe('GET and PUT /api/community-sales/{id}', () => {
  it('lets only the organiser edit, with the same rules, and publishes community_sale.updated', async () => {
    const created = await organise();
    const form = communitySaleForm({ name: 'Renamed', requiresApproval: true, rainDate: null });
    await api().put(`/api/community-sales/${created.id}`).set(bearer(otherToken)).send(form).expect(403);
    await api().put(`/api/community-sales/${created.id}`).send(form).expect(401);
    await api().put(`/api/community-sales/999999`).set(bearer(organizerToken)).send(form).expect(404);
    const badRadius = await api()
      .put(`/api/community-sales/${created.id}`)
      .set(bearer(organizerToken))
      .send({ ...form, radiusMiles: 30 })
      .expect(400);
    expect(badRadius.body.details[0].field).toBe('radiusMiles');
    const updated = (await api().put(`/api/community-sales/${created.id}`).set(bearer(organizerToken)).send(form).expect(200)).body;
    expect(updated).toMatchObject({ id: created.id, name: 'Renamed', requiresApproval: true, rainDate: null });
    const event = await waitFor(() => bus.received.find((e) => e.type === 'community_sale.updated' && e.data.id === created.id));
    expect(event.version).toBe(2);
    expect(event.data).toMatchObject({ name: 'Renamed', requiresApproval: true });
  });

  it('answers 404 to an unknown id and 400 to one that is not an id', async () => {
    expect((await api().get('/api/community-sales/999999').expect(404)).body).toEqual({ error: 'Community sale not found' });
    await api().get('/api/community-sales/abc').expect(400);
    await api().get('/api/community-sales/0').expect(400);
  });
});

describe('GET /api/community-sales', () => {
  it('lists scheduled ones nearest first with their distance, within the radius and the dates', async () => {
    const near = await organise({ name: 'Near', latitude: 34.09, longitude: -118.4 });
    const farther = await organise({ name: 'Farther', latitude: 34.0176, longitude: -118.4907 });
    const later = await organise({
      name: 'Later',
      latitude: 34.09,
      longitude: -118.41,
      days: [{ date: dayFromToday(30), startTime: '08:00', endTime: '12:00' }],
      rainDate: null,
    });
    const cancelled = await organise({ name: 'Called off', latitude: 34.09, longitude: -118.4 });
    await api().post(`/api/community-sales/${cancelled.id}/cancel`).set(bearer(organizerToken)).expect(200);
    const newYork = await organise({ name: 'New York', latitude: 40.7484, longitude: -73.9967 });

    const list = (await api().get('/api/community-sales?latitude=34.09&longitude=-118.4&radius=25').expect(200)).body;
    const ids = list.map((c: { id: number }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([near.id, farther.id, later.id]));
    expect(ids).not.toContain(cancelled.id);
    expect(ids).not.toContain(newYork.id);
    expect(ids.indexOf(near.id)).toBeLessThan(ids.indexOf(farther.id));
    const distances = list.map((c: { distance: number }) => c.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(list[0].distance).toBeGreaterThanOrEqual(0);

    const window = (
      await api()
        .get(`/api/community-sales?startDate=${dayFromToday(20)}&endDate=${dayFromToday(40)}`)
        .expect(200)
    ).body;
    expect(window.map((c: { id: number }) => c.id)).toEqual([later.id]);
    expect(window[0]).not.toHaveProperty('distance');
  });

  it('keeps, for a host’s sale, only those it fits; someone else’s sale is a 404', async () => {
    const fits = await organise({ name: 'Fits' });
    const tooFar = await organise({ name: 'Too far', latitude: 34.0176, longitude: -118.4907, radiusMiles: 1 });
    const otherDays = await organise({
      name: 'Other days',
      days: [{ date: dayFromToday(20), startTime: '08:00', endTime: '12:00' }],
      rainDate: null,
    });
    const byZip = await organise({ name: 'By ZIP', latitude: null, longitude: null, radiusMiles: null, zipCodes: ['90210'] });
    const sale = await hostSale();
    const list = (await api().get(`/api/community-sales?saleId=${sale.id}`).set(bearer(hostToken)).expect(200)).body;
    const ids = list.map((c: { id: number }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([fits.id, byZip.id]));
    expect(ids).not.toContain(tooFar.id);
    expect(ids).not.toContain(otherDays.id);
    await api().get(`/api/community-sales?saleId=${sale.id}`).set(bearer(otherToken)).expect(404);
    await api().get(`/api/community-sales?saleId=${sale.id}`).expect(404);
  });

  it('answers 400 naming the field to a bad query', async () => {
    for (const [query, field] of [
      ['latitude=91&longitude=0', 'latitude'],
      ['latitude=34', 'longitude'],
      ['startDate=2030-01-02&endDate=2030-01-01', 'endDate'],
      ['saleId=abc', 'saleId'],
    ]) {
      const response = await api().get(`/api/community-sales?${query}`).expect(400);
      expect(response.body.details[0].field).toBe(field);
    }
  });
});

describe('cancel and the rain date', () => {
  it('cancels only for the organiser, once, naming its sales; then refuses edits and moves with 409', async () => {
    const created = await organise();
    const sale = await hostSale();
    await api().post(`/api/community-sales/${created.id}/sales`).set(bearer(hostToken)).send({ saleId: sale.id }).expect(201);
    await api().post(`/api/community-sales/${created.id}/cancel`).set(bearer(hostToken)).expect(403);
    await api().post(`/api/community-sales/999999/cancel`).set(bearer(organizerToken)).expect(404);
    const cancelled = (await api().post(`/api/community-sales/${created.id}/cancel`).set(bearer(organizerToken)).expect(200)).body;
    expect(cancelled).toMatchObject({ status: 'cancelled', saleCount: 1 });
    expect((await api().post(`/api/community-sales/${created.id}/cancel`).set(bearer(organizerToken)).expect(200)).body).toEqual(cancelled);
    const event = await waitFor(() => bus.received.find((e) => e.type === 'community_sale.cancelled' && e.data.id === created.id));
    expect(event.data).toMatchObject({ status: 'cancelled', saleIds: [sale.id] });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bus.received.filter((e) => e.type === 'community_sale.cancelled' && e.data.id === created.id)).toHaveLength(1);
    // The sale itself stays as its host left it.
    expect((await api().get(`/api/sales/${sale.id}`).expect(200)).body.status).toBe('active');
    await api().put(`/api/community-sales/${created.id}`).set(bearer(organizerToken)).send(communitySaleForm()).expect(409);
    await api().post(`/api/community-sales/${created.id}/rain-date`).set(bearer(organizerToken)).expect(409);
  });

  it('moves it and every sale in it to the rain date in one go, telling once, with each sale’s cause', async () => {
    const created = await organise({ requiresApproval: true });
    const approved = await hostSale({ startTime: '07:00', endTime: '11:00' });
    const pending = await hostSale({ startTime: '17:00', endTime: '10:00' });
    const outsider = await hostSale();
    await api().post(`/api/community-sales/${created.id}/sales`).set(bearer(hostToken)).send({ saleId: approved.id }).expect(201);
    await api().post(`/api/community-sales/${created.id}/sales/${approved.id}/approve`).set(bearer(organizerToken)).expect(200);
    await api().post(`/api/community-sales/${created.id}/sales`).set(bearer(hostToken)).send({ saleId: pending.id }).expect(201);

    await api().post(`/api/community-sales/${created.id}/rain-date`).set(bearer(hostToken)).expect(403);
    const moved = (await api().post(`/api/community-sales/${created.id}/rain-date`).set(bearer(organizerToken)).expect(200)).body;
    const rainDate = dayFromToday(14);
    expect(moved).toMatchObject({ days: [{ date: rainDate, startTime: '08:00', endTime: '15:00' }], rainDate: null, status: 'scheduled' });

    const approvedNow = (await api().get(`/api/sales/${approved.id}`).expect(200)).body;
    expect(approvedNow).toMatchObject({ start_date: rainDate, end_date: rainDate, start_time: '07:00', end_time: '11:00' });
    // Hours that make no single day (17:00 to 10:00 over two days) take the community sale's.
    const pendingNow = (await api().get(`/api/sales/${pending.id}`).expect(200)).body;
    expect(pendingNow).toMatchObject({ start_date: rainDate, end_date: rainDate, start_time: '08:00', end_time: '15:00' });
    expect((await api().get(`/api/sales/${outsider.id}`).expect(200)).body.start_date).toBe(outsider.start_date);

    const event = await waitFor(() => bus.received.find((e) => e.type === 'community_sale.moved_to_rain_date' && e.data.id === created.id));
    expect(event.data).toMatchObject({
      saleIds: expect.arrayContaining([approved.id, pending.id]),
      previousDays: communitySaleForm().days,
    });
    expect((event.data as { saleIds: number[] }).saleIds).toHaveLength(2);
    const saleMoves = await waitFor(() => {
      const found = bus.received.filter(
        (e) =>
          e.type === 'sale.updated' &&
          (e.data as { cause?: { change: string } }).cause?.change === 'moved_to_rain_date' &&
          [approved.id, pending.id].includes(e.data.id),
      );
      return found.length === 2 && found;
    });
    for (const move of saleMoves) {
      expect(move.data).toMatchObject({
        start_date: rainDate,
        end_date: rainDate,
        community_sale_id: created.id,
        cause: { communitySaleId: created.id },
      });
    }
    // The rain date is used up.
    const again = await api().post(`/api/community-sales/${created.id}/rain-date`).set(bearer(organizerToken)).expect(400);
    expect(again.body).toEqual({
      error: 'This community sale has no rain date',
      details: [{ field: 'rainDate', message: 'This community sale has no rain date' }],
    });
  });

  it('answers the internal view with its sales’ ids and numbers, and 404 to an unknown one', async () => {
    const created = await organise();
    const sale = await hostSale();
    await api().post(`/api/community-sales/${created.id}/sales`).set(bearer(hostToken)).send({ saleId: sale.id }).expect(201);
    const view = (await api().get(`/internal/community-sales/${created.id}`).expect(200)).body;
    expect(communitySaleInternalSchema.parse(view)).toEqual(view);
    expect(view.sales).toEqual([{ saleId: sale.id, number: 1, status: 'approved' }]);
    expect(view.communitySale).toMatchObject({ id: created.id, saleCount: 1 });
    await api().get('/internal/community-sales/999999').expect(404);
  });
});
