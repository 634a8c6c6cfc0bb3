import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ROUTE_PLAN_MAX_SALES, routePlanPreviewSchema, routePlanSchema } from '@garage/contracts';
import { UNAVAILABLE } from '@garage/service-kit';
import { readCalendar } from './calendar-reader.js';
import { ShopperHarness, newId } from './harness.js';

/**
 * Route plans over the shopper's projection of sales: premium enforced on the server (free users
 * get the preview and an upgrade call), sales not open that day left out with a reason, saved
 * plans private to their owner, and a calendar file of the stops.
 */
let h: ShopperHarness;
const host = newId();
const member = newId();
const freeUser = newId();
let auth: string;
let free: string;

// Springfield, IL and three sales a few miles apart, open on 2 and 3 May 2099.
const start = { latitude: 39.78, longitude: -89.65 };
const DAY = '2099-05-02';
let nearby: number[];
let closedThatDay: number;
let cancelled: number;
let closesEarly: number;

const planBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Saturday loop',
  date: DAY,
  startTime: '08:00',
  start,
  saleIds: nearby,
  ...overrides,
});

beforeAll(async () => {
  h = await ShopperHarness.launch();
  await h.user(host);
  await h.user(member, { premium: true });
  await h.user(freeUser);
  auth = await h.bearer(member);
  free = await h.bearer(freeUser);
  nearby = [];
  for (const [latitude, longitude, title] of [
    [39.8, -89.64, 'North sale'],
    [39.76, -89.66, 'South sale'],
    [39.79, -89.7, 'West sale'],
  ] as const) {
    const id = newId();
    await h.sale(id, host, { title, latitude, longitude, start_time: '08:00', end_time: '14:00' });
    nearby.push(id);
  }
  closedThatDay = newId();
  await h.sale(closedThatDay, host, { title: 'Next week sale', start_date: '2099-05-09', end_date: '2099-05-09' });
  cancelled = newId();
  await h.sale(cancelled, host, { title: 'Called off', status: 'cancelled' });
  closesEarly = newId();
  await h.sale(closesEarly, host, { title: 'Dawn sale', start_time: '06:00', end_time: '07:00' });
});

afterAll(async () => {
  await h?.close();
});

describe('POST /api/route-plans (premium)', () => {
  it('orders the sales open that day with arrival and leave times, directions links, totals; says why the others cannot fit', async () => {
    const response = await h
      .api()
      .post('/api/route-plans')
      .set('authorization', auth)
      .send(planBody({ saleIds: [...nearby, closedThatDay, cancelled, closesEarly], minutesPerStop: 20 }))
      .expect(201);
    const plan = routePlanSchema.parse(response.body);
    expect(plan).toMatchObject({
      id: expect.any(Number),
      name: 'Saturday loop',
      date: DAY,
      startTime: '08:00',
      timeZone: 'America/Chicago',
      minutesPerStop: 20,
    });
    expect(plan.stops.map((stop) => stop.saleId).sort()).toEqual([...nearby].sort());
    expect(plan.stops.map((stop) => stop.order)).toEqual([1, 2, 3]);
    let clock = '08:00';
    for (const stop of plan.stops) {
      expect(stop.arrival >= clock).toBe(true);
      expect(stop.departure > stop.arrival).toBe(true);
      expect(stop).toMatchObject({
        address: '12 Oak St',
        city: 'Springfield',
        state: 'IL',
        opensAt: '08:00',
        closesAt: '14:00',
        timeZone: 'America/Chicago',
      });
      expect(stop.localArrival).toBeUndefined();
      clock = stop.departure;
    }
    expect(plan.totals).toMatchObject({ stops: 3, finishAt: plan.stops[2]!.departure });
    expect(plan.totals.driveMiles).toBeGreaterThan(0);
    expect(plan.directions.google).toHaveLength(1);
    expect(plan.directions.google[0]).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\//);
    expect(plan.directions.apple[0]).toMatch(/^https:\/\/maps\.apple\.com\//);
    const reasons = Object.fromEntries(plan.unplanned.map((entry) => [entry.saleId, entry.reason]));
    expect(reasons).toEqual({
      [closedThatDay]: 'Not open on May 2, 2099 (open May 9, 2099)',
      [cancelled]: 'The host cancelled this sale',
      [closesEarly]: expect.stringMatching(/\S/),
    });
  });

  it('answers a retryable 503 for a sale unknown here while the sales service cannot be asked', async () => {
    // The sales service is not running here; with it answering, a sale nobody has is a 404
    // (deploy/standalone, owners.test.ts).
    const response = await h
      .api()
      .post('/api/route-plans/preview')
      .set('authorization', auth)
      .send(planBody({ saleIds: [...nearby, 999_999] }))
      .expect(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.body).toEqual({ error: UNAVAILABLE });
  });

  it('starts from a ZIP code as well, and refuses an unknown one', async () => {
    const plan = (
      await h
        .api()
        .post('/api/route-plans')
        .set('authorization', auth)
        .send(planBody({ start: { zipCode: '62701' } }))
        .expect(201)
    ).body;
    expect(plan.start).toMatchObject({ zipCode: '62701', latitude: expect.any(Number), longitude: expect.any(Number) });
    expect(plan.stops).toHaveLength(3);
    const unknown = await h
      .api()
      .post('/api/route-plans')
      .set('authorization', auth)
      .send(planBody({ start: { zipCode: '00000' } }))
      .expect(400);
    expect(unknown.body).toEqual({ error: 'Unknown ZIP code', details: [{ field: 'start.zipCode', message: 'Unknown ZIP code' }] });
  });

  it("runs on the start point's clock and gives a stop in another time zone its local times too", async () => {
    // Hammond, Indiana (Central) to South Bend, Indiana (Eastern), a sale open 09:00–12:00 there.
    const southBend = newId();
    await h.sale(southBend, host, {
      title: 'South Bend sale',
      latitude: 41.68,
      longitude: -86.25,
      start_time: '09:00',
      end_time: '12:00',
      city: 'South Bend',
      state: 'IN',
    });
    const plan = (
      await h
        .api()
        .post('/api/route-plans')
        .set('authorization', auth)
        .send(planBody({ startTime: '06:00', start: { latitude: 41.58, longitude: -87.5 }, saleIds: [southBend] }))
        .expect(201)
    ).body;
    expect(plan.timeZone).toBe('America/Chicago');
    const [stop] = plan.stops;
    expect(stop).toMatchObject({ opensAt: '08:00', closesAt: '11:00' });
    expect(stop.timeZone).not.toBe('America/Chicago');
    const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
    expect(minutes(stop.localArrival) - minutes(stop.arrival)).toBe(60);
    expect(minutes(stop.localDeparture) - minutes(stop.departure)).toBe(60);
  });

  it('is premium only: a free user gets 403 Premium membership required, a visitor 401', async () => {
    expect((await h.api().post('/api/route-plans').set('authorization', free).send(planBody()).expect(403)).body).toEqual({
      error: 'Premium membership required',
    });
    await h.api().post('/api/route-plans').send(planBody()).expect(401);
  });

  it.each([
    ['saleIds', { saleIds: [] }, 'Pick at least one sale'],
    ['saleIds', { saleIds: Array.from({ length: 401 }, (_, i) => i + 1) }, 'At most 400 sales per plan'],
    ['date', { date: '2099-02-30' }, 'Not a real date'],
    ['date', { date: '2001-01-01' }, 'The plan date cannot be in the past'],
    ['startTime', { startTime: '8am' }, 'Use the format HH:MM (24 h)'],
    ['minutesPerStop', { minutesPerStop: 0 }, 'minutesPerStop must be between 1 and 240'],
  ])('answers 400 naming %s when it is invalid', async (field, overrides, message) => {
    const response = await h.api().post('/api/route-plans').set('authorization', auth).send(planBody(overrides)).expect(400);
    expect(response.body.error).toBe(message);
    expect(response.body.details).toContainEqual({ field, message });
  });

  it(`plans and saves a whole community sale: ${ROUTE_PLAN_MAX_SALES} sales, every one on time, directions in legs of at most 9 waypoints`, async () => {
    // A 20 × 20 grid of sales about a tenth of a mile apart, open 07:00–19:00: a route through all
    // of them exists (a row-by-row sweep takes about 9 hours with 1-minute stops).
    const grid: number[] = [];
    const places = Array.from({ length: ROUTE_PLAN_MAX_SALES }, (_, index) => ({
      latitude: 39.76 + Math.floor(index / 20) * 0.002,
      longitude: -89.67 + (index % 20) * 0.002,
    }));
    for (let batch = 0; batch < places.length; batch += 25) {
      const ids = places.slice(batch, batch + 25).map(() => newId());
      grid.push(...ids);
      await Promise.all(
        ids.map((id, index) =>
          h.sale(id, host, { title: `Grid sale ${batch + index + 1}`, ...places[batch + index]!, start_time: '07:00', end_time: '19:00' }),
        ),
      );
    }
    const body = planBody({ saleIds: grid, startTime: '07:00', start: { latitude: 39.76, longitude: -89.67 }, minutesPerStop: 1 });

    const preview = routePlanPreviewSchema.parse(
      (await h.api().post('/api/route-plans/preview').set('authorization', auth).send(body).expect(200)).body,
    );
    expect(preview.summary).toMatchObject({ requested: ROUTE_PLAN_MAX_SALES, plannable: ROUTE_PLAN_MAX_SALES, unplannable: 0 });

    const plan = routePlanSchema.parse((await h.api().post('/api/route-plans').set('authorization', auth).send(body).expect(201)).body);
    expect(plan.stops.map((stop) => stop.saleId).sort((a, b) => a - b)).toEqual([...grid].sort((a, b) => a - b));
    expect(plan.unplanned).toEqual([]);
    let clock = '07:00';
    for (const stop of plan.stops) {
      expect(stop.arrival >= clock).toBe(true);
      expect(stop.departure <= '19:00').toBe(true);
      clock = stop.departure;
    }
    expect(plan.directions.google).toHaveLength(ROUTE_PLAN_MAX_SALES / 10);
    for (const link of plan.directions.google) {
      expect(new URL(link).searchParams.get('waypoints')!.split('|').length).toBeLessThanOrEqual(9);
    }
    const saved = routePlanSchema.parse((await h.api().get(`/api/route-plans/${plan.id}`).set('authorization', auth).expect(200)).body);
    expect(saved.stops).toHaveLength(ROUTE_PLAN_MAX_SALES);
  });

  it('answers 400 for a start that is neither a point nor a ZIP', async () => {
    const response = await h
      .api()
      .post('/api/route-plans')
      .set('authorization', auth)
      .send(planBody({ start: { city: 'Springfield' } }))
      .expect(400);
    expect(response.body.details[0].field).toBe('start');
  });
});

describe('POST /api/route-plans/preview', () => {
  it('shows a free user the summary with an upgrade call, and no plan', async () => {
    const response = await h
      .api()
      .post('/api/route-plans/preview')
      .set('authorization', free)
      .send(planBody({ saleIds: [...nearby, closedThatDay] }))
      .expect(200);
    expect(routePlanPreviewSchema.parse(response.body)).toEqual(response.body);
    expect(response.body).toEqual({
      upgradeRequired: true,
      summary: {
        requested: 4,
        plannable: 3,
        unplannable: 1,
        totalDriveMinutes: expect.any(Number),
        finishAt: expect.stringMatching(/^\d\d:\d\d$/),
      },
      plan: null,
    });
  });

  it('shows a member the whole plan without saving it', async () => {
    const before = (await h.api().get('/api/route-plans').set('authorization', auth)).body.length;
    const response = await h.api().post('/api/route-plans/preview').set('authorization', auth).send(planBody()).expect(200);
    expect(response.body.upgradeRequired).toBe(false);
    expect(response.body.plan).toMatchObject({ id: null, createdAt: null, totals: { stops: 3 } });
    expect((await h.api().get('/api/route-plans').set('authorization', auth)).body).toHaveLength(before);
  });
});

describe('saved plans', () => {
  it("lists, reads, exports to a calendar and deletes the caller's plans; others get 404", async () => {
    const created = (
      await h
        .api()
        .post('/api/route-plans')
        .set('authorization', auth)
        .send(planBody({ name: 'Export me' }))
        .expect(201)
    ).body;
    const list = (await h.api().get('/api/route-plans').set('authorization', auth).expect(200)).body;
    expect(list[0]).toEqual({
      id: created.id,
      name: 'Export me',
      date: DAY,
      startTime: '08:00',
      stopCount: 3,
      unplannedCount: 0,
      createdAt: created.createdAt,
    });
    expect((await h.api().get(`/api/route-plans/${created.id}`).set('authorization', auth).expect(200)).body).toEqual(created);

    const ics = await h.api().get(`/api/route-plans/${created.id}/calendar.ics`).set('authorization', auth).expect(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(ics.headers['content-disposition']).toBe(`attachment; filename="garage-route-plan-${created.id}.ics"`);
    const events = readCalendar(ics.text);
    expect(events.map((event) => event.properties.SUMMARY)).toEqual(
      created.stops.map((stop: { title: string }) => `Garage sale: ${stop.title}`),
    );
    const [first] = created.stops;
    // 2 May 2099 is summer time in Chicago (UTC−5).
    const hour = Number(first.arrival.slice(0, 2)) + 5;
    expect(events[0]!.start.toISOString()).toBe(`${DAY}T${String(hour).padStart(2, '0')}:${first.arrival.slice(3)}:00.000Z`);
    expect(events[0]!.params.DTSTART!.TZID).toBe('America/Chicago');

    const stranger = await h.bearer(newId());
    expect((await h.api().get(`/api/route-plans/${created.id}`).set('authorization', stranger).expect(404)).body).toEqual({
      error: 'Route plan not found',
    });
    await h.api().get(`/api/route-plans/${created.id}/calendar.ics`).set('authorization', stranger).expect(404);
    await h.api().delete(`/api/route-plans/${created.id}`).set('authorization', stranger).expect(404);
    await h.api().delete(`/api/route-plans/${created.id}`).set('authorization', auth).expect(204);
    await h.api().get(`/api/route-plans/${created.id}`).set('authorization', auth).expect(404);
    await h.api().get('/api/route-plans/abc').set('authorization', auth).expect(400);
  });
});
