import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { routePlanSchema, wallClockAt, type CommunitySaleSnapshot, type NoticeRequested, type RoutePlan } from '@garage/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { ShopperHarness, newId } from './harness.js';
import { LiveSales, springfieldMorning } from './live-fixtures.js';

/**
 * A sale that closed early, was cancelled or is likely over drops out of the route plans of its
 * day, read on that day (on the sale's clock): the stop is marked and not routed to, the saved plan
 * unchanged. Each shopper with it in today's plan, who saved it or follows its community sale is
 * told once, however many events come; a host is asked at once when shoppers report the sale over.
 */
const { clock, now, day, nextDay, previousDay } = springfieldMorning();
let h: ShopperHarness;
let sales: LiveSales;
const host = newId();
const [planner, saver, follower, tomorrowPlanner] = [newId(), newId(), newId(), newId()];
const [closing, ghost, cancelling, steady, closedYesterday] = [newId(), newId(), newId(), newId(), newId()];
const communitySaleId = newId();
const start = { latitude: 39.78, longitude: -89.65 };
let todayPlan: RoutePlan;
let tomorrowPlan: RoutePlan;

const as = async (userId: number) => ({ authorization: await h.bearer(userId) });
const readPlan = async (userId: number, id: number) =>
  routePlanSchema.parse(
    (
      await h
        .api()
        .get(`/api/route-plans/${id}`)
        .set(await as(userId))
        .expect(200)
    ).body,
  );
const dropped = (plan: RoutePlan) =>
  Object.fromEntries(plan.stops.filter((stop) => stop.droppedOut).map((stop) => [stop.saleId, stop.droppedOut]));
const droppedNotices = async (userId: number): Promise<NoticeRequested[]> =>
  (await h.notices(userId)).filter((notice) => notice.kind === 'sale_dropped_out');

beforeAll(async () => {
  h = await ShopperHarness.launch({}, clock);
  sales = new LiveSales(h, day, nextDay);
  for (const id of [host, saver, follower]) await h.user(id);
  for (const id of [planner, tomorrowPlanner]) await h.user(id, { premium: true });
  const communitySale: CommunitySaleSnapshot = {
    id: communitySaleId,
    organizerId: host,
    name: 'Hopewell Sale Day',
    description: null,
    latitude: 39.8,
    longitude: -89.65,
    radiusMiles: 3,
    zipCodes: [],
    days: [{ date: day, startTime: '08:00', endTime: '16:00' }],
    rainDate: null,
    coverImageUrl: null,
    requiresApproval: true,
    status: 'scheduled',
  };
  await h.publishAndApply('community_sale.created', 1, communitySale);
  const places: Array<[number, number, number]> = [
    [closing, 39.8, -89.64],
    [ghost, 39.76, -89.66],
    [cancelling, 39.79, -89.7],
    [steady, 39.77, -89.62],
    [closedYesterday, 39.81, -89.67],
  ];
  for (const [id, latitude, longitude] of places) {
    await sales.create(id, host, {
      title: `Sale ${id}`,
      latitude,
      longitude,
      ...(id === ghost ? { community_sale_id: communitySaleId, community_sale_status: 'approved', community_sale_number: 1 } : {}),
      // Said on the day before (a two-day sale's first day): it does not empty today.
      ...(id === closedYesterday
        ? { start_date: previousDay, live_state: 'closed_early', live_state_at: `${previousDay}T20:00:00.000Z` }
        : {}),
    });
  }
  const saleIds = places.map(([id]) => id);
  todayPlan = routePlanSchema.parse(
    (
      await h
        .api()
        .post('/api/route-plans')
        .set(await as(planner))
        .send({ date: day, startTime: '08:00', start, saleIds, minutesPerStop: 30 })
        .expect(201)
    ).body,
  );
  tomorrowPlan = routePlanSchema.parse(
    (
      await h
        .api()
        .post('/api/route-plans')
        .set(await as(tomorrowPlanner))
        .send({ date: nextDay, startTime: '08:00', start, saleIds: saleIds.filter((id) => id !== closedYesterday), minutesPerStop: 30 })
        .expect(201)
    ).body,
  );
  await h
    .api()
    .post(`/api/favorites/sales/${closing}`)
    .set(await as(saver))
    .expect(201);
  await h
    .api()
    .post(`/api/community-sales/${communitySaleId}/follow`)
    .set(await as(follower))
    .expect(201);
});

afterAll(async () => {
  await h?.close();
});

describe('route plans read on the day', () => {
  it('shows every stop as planned while nothing dropped out (a closing said the day before does not count)', async () => {
    expect(todayPlan.stops.map((stop) => stop.saleId).sort()).toEqual([closing, ghost, cancelling, steady, closedYesterday].sort());
    const plan = await readPlan(planner, todayPlan.id!);
    expect(dropped(plan)).toEqual({});
    expect(plan).toEqual(todayPlan);
  });

  it('marks a sale closed early, likely over or cancelled today as dropped out, and routes only to the others', async () => {
    await sales.update(closing, { live_state: 'closed_early', live_state_at: now.toISOString() });
    await sales.update(ghost, { live_state: 'likely_over', live_state_at: now.toISOString() });
    await sales.update(cancelling, { status: 'cancelled' });
    await sales.update(steady, { live_state: 'winding_down', live_state_at: now.toISOString() });

    const plan = await readPlan(planner, todayPlan.id!);
    expect(dropped(plan)).toEqual({ [closing]: 'closed_early', [ghost]: 'likely_over', [cancelling]: 'cancelled' });
    expect(plan.stops.find((stop) => stop.saleId === closing)?.droppedOutAt).toBe(now.toISOString());
    // Each stop carries its sale's live state, as sale objects do.
    const live = Object.fromEntries(plan.stops.map((stop) => [stop.saleId, [stop.liveState, stop.liveStateAt]]));
    expect(live).toEqual({
      [closing]: ['closed_early', now.toISOString()],
      [ghost]: ['likely_over', now.toISOString()],
      [cancelling]: [undefined, undefined],
      [steady]: ['winding_down', now.toISOString()],
      [closedYesterday]: [undefined, undefined],
    });
    // The saved plan is kept as it was: the same stops, times and totals.
    expect(plan.stops.map(({ droppedOut: _d, droppedOutAt: _a, liveState: _s, liveStateAt: _t, ...stop }) => stop)).toEqual(
      todayPlan.stops,
    );
    expect(plan.totals).toEqual(todayPlan.totals);
    const [stored] = await h.query<{ plan: RoutePlan }>(`SELECT plan FROM route_plans WHERE id = $1`, [todayPlan.id]);
    expect(stored!.plan.stops.some((stop) => stop.droppedOut)).toBe(false);
    // Directions go only to the stops still on.
    const link = plan.directions.google.join(' ');
    for (const stop of plan.stops) expect(link.includes(`${stop.latitude},${stop.longitude}`)).toBe(!stop.droppedOut);
  });

  it('leaves plans of another day alone, and the day after shows the plan as it was', async () => {
    // Tomorrow's plan read today: the closing and the "likely over" were said of today.
    const tomorrows = await readPlan(tomorrowPlanner, tomorrowPlan.id!);
    expect(dropped(tomorrows)).toEqual({});
    expect(tomorrows.stops.some((stop) => stop.liveState)).toBe(false);
    clock.advanceDays(1);
    try {
      expect(dropped(await readPlan(planner, todayPlan.id!))).toEqual({});
      // Read on its own day, only the cancellation still holds.
      expect(dropped(await readPlan(tomorrowPlanner, tomorrowPlan.id!))).toEqual({ [cancelling]: 'cancelled' });
    } finally {
      clock.advanceDays(-1);
    }
  });

  it('reads `ended` on a stop past its sale’s hours that day, on the sale’s clock', async () => {
    clock.advance(7 * 60 * 60 * 1000); // 10:00 + 7 h: past the 16:00 end in Springfield
    try {
      const stop = (await readPlan(planner, todayPlan.id!)).stops.find((each) => each.saleId === steady)!;
      expect(stop.liveState).toBe('ended');
      expect(wallClockAt(new Date(stop.liveStateAt!), 'America/Chicago')).toEqual({ date: day, minute: 16 * 60 });
    } finally {
      clock.advance(-7 * 60 * 60 * 1000);
    }
  });

  it('leaves a sale that dropped out out of a new plan or preview for today, saying why', async () => {
    const response = await h
      .api()
      .post('/api/route-plans/preview')
      .set(await as(planner))
      .send({ date: day, startTime: '10:00', start, saleIds: [closing, ghost, steady] })
      .expect(200);
    const plan = routePlanSchema.parse(response.body.plan);
    expect(plan.stops.map((stop) => stop.saleId)).toEqual([steady]);
    expect(plan.unplanned).toEqual([
      { saleId: closing, title: `Sale ${closing}`, reason: 'Closed early today', droppedOut: 'closed_early' },
      { saleId: ghost, title: `Sale ${ghost}`, reason: 'Likely over today', droppedOut: 'likely_over' },
    ]);
  });
});

describe('who is told', () => {
  it('tells each shopper with the sale in today’s plan, saved or followed, once per sale and day', async () => {
    const byPlanner = await droppedNotices(planner);
    expect(byPlanner.map((notice) => notice.saleId).sort()).toEqual([closing, ghost, cancelling].sort());
    for (const notice of byPlanner) {
      expect(notice).toMatchObject({ key: `sale:${notice.saleId}:dropped:${day}`, delivery: 'instant' });
    }
    expect(byPlanner.find((notice) => notice.saleId === closing)).toMatchObject({
      title: `Closed early: Sale ${closing}`,
      data: { cause: 'closed_early', date: day, at: now.toISOString() },
    });
    // Told of the cancellation as a drop-out, not a second time as a cancellation.
    expect((await h.notices(planner)).filter((notice) => notice.kind === 'sale_cancelled')).toEqual([]);
    expect((await droppedNotices(saver)).map((notice) => notice.saleId)).toEqual([closing]);
    // Follows count for the sales approved in the followed community sale.
    expect((await droppedNotices(follower)).map((notice) => notice.saleId)).toEqual([ghost]);
    // A plan for tomorrow: its cancellation is told as one; today's closings are not its business.
    expect(await droppedNotices(tomorrowPlanner)).toEqual([]);
    expect((await h.notices(tomorrowPlanner)).map((notice) => [notice.kind, notice.saleId])).toEqual([['sale_cancelled', cancelling]]);
    expect(await h.notices(host)).toEqual([expect.objectContaining({ kind: 'sale_likely_over' })]);
  });

  it('tells nobody again on redelivered, repeated or later events while the sale stays out', async () => {
    const before = {
      planner: (await h.notices(planner)).length,
      saver: (await h.notices(saver)).length,
      host: (await h.notices(host)).length,
    };
    // The same message again (a redelivery), and a newer version still closed early.
    const snapshot = await sales.update(closing, { title: `Sale ${closing} (moved indoors)` });
    const version = sales.version(closing);
    // Another message with the same version, and that one delivered twice.
    const repeated = await h.publish('sale.updated', version, snapshot);
    await h.applied(repeated);
    await h.publish('sale.updated', version, snapshot, repeated.id);
    await sales.update(ghost, { live_state: 'likely_over', live_state_at: new Date(now.getTime() + 60_000).toISOString() });
    await sales.update(closing, { live_state: 'likely_over', live_state_at: new Date(now.getTime() + 120_000).toISOString() });
    await sleep(300);
    expect((await h.notices(planner)).length).toBe(before.planner);
    expect((await h.notices(saver)).length).toBe(before.saver);
    // Only its host hears of the closed sale turning "likely over" (asked to confirm).
    expect((await h.notices(host)).slice(before.host).map((notice) => [notice.kind, notice.saleId])).toEqual([
      ['sale_likely_over', closing],
    ]);
  });

  it('asks the host at once, in the app, when shoppers report the sale over', async () => {
    const [asked] = (await h.notices(host)).filter((notice) => notice.kind === 'sale_likely_over');
    expect(asked).toMatchObject({
      userId: host,
      saleId: ghost,
      delivery: 'in_app',
      key: `sale:${ghost}:likely-over:${now.toISOString()}`,
      title: `Is "Sale ${ghost}" still going?`,
    });
    // The host says it is open; reported over again later that day, the host is asked again.
    await sales.update(ghost, { live_state: 'open', live_state_at: new Date(now.getTime() + 180_000).toISOString() });
    const again = new Date(now.getTime() + 240_000).toISOString();
    await sales.update(ghost, { live_state: 'likely_over', live_state_at: again });
    const asks = (await h.notices(host)).filter((notice) => notice.kind === 'sale_likely_over' && notice.saleId === ghost);
    expect(asks.map((notice) => notice.key)).toEqual([
      `sale:${ghost}:likely-over:${now.toISOString()}`,
      `sale:${ghost}:likely-over:${again}`,
    ]);
    // Shoppers were told once that day all the same.
    expect((await droppedNotices(follower)).map((notice) => notice.saleId)).toEqual([ghost]);
  });
});
