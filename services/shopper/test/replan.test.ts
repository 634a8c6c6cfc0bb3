import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { routePlanSchema, wallClockAt, type RoutePlan } from '@garage/contracts';
import { ShopperHarness, newId } from './harness.js';
import { LiveSales, springfieldMorning } from './live-fixtures.js';

/**
 * POST /api/route-plans/{id}/replan: the rest of the plan's day from where the shopper is and from
 * now, without the stops already done (planned departure passed) nor those that dropped out; the
 * plan's owner only, premium, its body checked.
 */
const { clock, now, day, nextDay } = springfieldMorning();
let h: ShopperHarness;
let sales: LiveSales;
const host = newId();
const [shopper, other, freeShopper] = [newId(), newId(), newId()];
const saleIds = [newId(), newId(), newId(), newId()];
const start = { latitude: 39.78, longitude: -89.65 };
const here = { latitude: 39.79, longitude: -89.63 };
let saved: RoutePlan;
let tomorrow: RoutePlan;

const as = async (userId: number) => ({ authorization: await h.bearer(userId) });
const replan = async (userId: number, id: number, body: unknown, status: number) =>
  h
    .api()
    .post(`/api/route-plans/${id}/replan`)
    .set(await as(userId))
    .send(body as object)
    .expect(status);

beforeAll(async () => {
  h = await ShopperHarness.launch({}, clock);
  sales = new LiveSales(h, day, nextDay);
  await h.user(host);
  await h.user(freeShopper);
  for (const id of [shopper, other]) await h.user(id, { premium: true });
  const places: Array<[number, number]> = [
    [39.8, -89.64],
    [39.76, -89.66],
    [39.79, -89.7],
    [39.77, -89.62],
  ];
  for (const [index, id] of saleIds.entries()) {
    const [latitude, longitude] = places[index]!;
    await sales.create(id, host, { title: `Stop ${index + 1}`, latitude, longitude });
  }
  // An hour at each from 08:00: by 10:00 the first stop is done, the others are ahead.
  const make = async (date: string) =>
    routePlanSchema.parse(
      (
        await h
          .api()
          .post('/api/route-plans')
          .set(await as(shopper))
          .send({ name: 'Saturday', date, startTime: '08:00', start, saleIds, minutesPerStop: 60 })
          .expect(201)
      ).body,
    );
  saved = await make(day);
  tomorrow = await make(nextDay);
});

afterAll(async () => {
  await h?.close();
});

describe('POST /api/route-plans/{id}/replan', () => {
  it('plans the rest of today from here and now, without the stops done or dropped out', async () => {
    expect(saved.stops).toHaveLength(4);
    const nowHere = wallClockAt(clock.now(), 'America/Chicago');
    const clockNow = `${String(Math.floor(nowHere.minute / 60)).padStart(2, '0')}:${String(nowHere.minute % 60).padStart(2, '0')}`;
    const done = saved.stops.filter((stop) => stop.departure <= clockNow).map((stop) => stop.saleId);
    expect(done.length).toBeGreaterThan(0);
    const ahead = saved.stops.filter((stop) => !done.includes(stop.saleId)).map((stop) => stop.saleId);
    const closed = ahead[0]!;
    const winding = ahead[1]!;
    await sales.update(closed, { live_state: 'closed_early', live_state_at: now.toISOString() });
    await sales.update(winding, { live_state: 'winding_down', live_state_at: now.toISOString() });

    const response = await replan(shopper, saved.id!, here, 200);
    const plan = routePlanSchema.parse(response.body);
    expect(plan).toMatchObject({
      id: null,
      createdAt: null,
      replannedFrom: saved.id,
      name: 'Saturday',
      date: day,
      timeZone: 'America/Chicago',
      start: { ...here, zipCode: null },
      minutesPerStop: 60,
    });
    // From now (the clock runs on while the test does).
    expect(plan.startTime >= clockNow).toBe(true);
    expect(plan.startTime <= wallClockPlus(5)).toBe(true);
    expect(plan.stops.map((stop) => stop.saleId).sort()).toEqual(ahead.filter((id) => id !== closed).sort());
    for (const stop of plan.stops) expect(stop.arrival >= plan.startTime).toBe(true);
    expect(plan.stops[0]!.driveMiles).toBeGreaterThan(0);
    expect(plan.directions.google[0]).toContain(`origin=${here.latitude},${here.longitude}`);
    expect(plan.unplanned).toEqual([
      { saleId: closed, title: expect.any(String), reason: 'Closed early today', droppedOut: 'closed_early' },
    ]);
    for (const id of done) expect(JSON.stringify(plan)).not.toContain(`"saleId":${id},`);
    // Its stops carry their sales' live state.
    expect(plan.stops.find((stop) => stop.saleId === winding)).toMatchObject({ liveState: 'winding_down', liveStateAt: now.toISOString() });

    // The saved plan is not replaced.
    const again = routePlanSchema.parse(
      (
        await h
          .api()
          .get(`/api/route-plans/${saved.id}`)
          .set(await as(shopper))
          .expect(200)
      ).body,
    );
    expect(again.stops.map((stop) => stop.saleId)).toEqual(saved.stops.map((stop) => stop.saleId));
    expect(again.stops.find((stop) => stop.saleId === closed)?.droppedOut).toBe('closed_early');
  });

  it('answers 404 to anyone but the plan’s owner, and for a plan nobody has', async () => {
    expect((await replan(other, saved.id!, here, 404)).body).toEqual({ error: 'Route plan not found' });
    expect((await replan(freeShopper, saved.id!, here, 404)).body).toEqual({ error: 'Route plan not found' });
    await replan(shopper, 999_999_999, here, 404);
    await h.api().post(`/api/route-plans/${saved.id}/replan`).send(here).expect(401);
  });

  it('answers 400 to a body that is not a place, and to a plan not for today', async () => {
    for (const body of [{}, { latitude: 'north', longitude: -89.6 }, { latitude: 91, longitude: -89.6 }, { latitude: 39.7 }]) {
      const response = await replan(shopper, saved.id!, body, 400);
      expect(response.body.error).toEqual(expect.any(String));
    }
    expect((await replan(shopper, tomorrow.id!, here, 400)).body.error).toBe('Only a plan for today can be re-planned');
  });

  it('answers 403 to an owner who is no longer premium', async () => {
    await h.publishAndApply('user.premium_ended', 2, {
      id: shopper,
      firstName: `First${shopper}`,
      lastName: `Last${shopper}`,
      phone: null,
      rating: 4.5,
      ratingCount: 2,
      premiumExpiresAt: new Date(Date.now() - 60_000).toISOString(),
      email: `user${shopper}@example.com`,
    });
    expect((await replan(shopper, saved.id!, here, 403)).body).toEqual({ error: 'Premium membership required' });
  });
});

/** HH:MM on Springfield's clock `minutes` from now. */
function wallClockPlus(minutes: number): string {
  const at = wallClockAt(new Date(clock.now().getTime() + minutes * 60_000), 'America/Chicago').minute;
  return `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`;
}
