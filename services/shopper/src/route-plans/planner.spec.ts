import { describe, expect, it } from '@jest/globals';
import { clock, planRoute } from './planner.js';
import type { PlanRequest, PlanResult, Point, StopRequest, TravelModel } from './planner.types.js';
import { greatCircleTravel } from './travel.js';

// ---------------------------------------------------------------------------------------------
// Helpers written apart from the planner, so its plans are checked by other code.

/** mulberry32: a small seeded generator, so every generated case is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOME: Point = { latitude: 41.8781, longitude: -87.6298 }; // Chicago

/** A point about `miles` from `origin`, in a random direction. */
function near(origin: Point, miles: number, next: () => number): Point {
  const angle = next() * 2 * Math.PI;
  const distance = Math.sqrt(next()) * miles;
  return {
    latitude: origin.latitude + (distance * Math.sin(angle)) / 69,
    longitude: origin.longitude + (distance * Math.cos(angle)) / (69 * Math.cos((origin.latitude * Math.PI) / 180)),
  };
}

/** Sales around HOME with varied hours; `spread` miles and the windows decide how crowded the day is. */
function generatedRequest(seed: number, count: number, spread = 10): PlanRequest {
  const next = random(seed);
  const pick = <T>(values: T[]) => values[Math.floor(next() * values.length)]!;
  const stops: StopRequest[] = [];
  for (let i = 0; i < count; i++) {
    const opensAt = pick([420, 450, 480, 480, 510, 540, 540, 600, 660, 720]);
    const closesAt = Math.min(opensAt + pick([45, 60, 90, 120, 180, 240, 300, 360, 480]), 1080);
    stops.push({ saleId: 100 + i, title: `Sale ${i}`, ...near(HOME, spread, next), opensAt, closesAt });
  }
  return { start: HOME, startAt: pick([420, 450, 480, 510, 540]), stops, minutesPerStop: pick([10, 15, 15, 20, 30]) };
}

const EXACT = 1e-6;

/** Replays a plan with the travel model and checks every time and window. Returns the exact drive minutes. */
function replay(request: PlanRequest, plan: PlanResult): number {
  const travel = request.travel ?? greatCircleTravel();
  const service = request.minutesPerStop ?? 15;
  const byId = new Map(request.stops.map((stop) => [stop.saleId, stop] as const));
  let at: Point = request.start;
  let leave = request.startAt;
  let drive = 0;
  for (const planned of plan.stops) {
    const stop = byId.get(planned.saleId)!;
    const minutes = travel.minutes(at, stop);
    const arrive = leave + minutes;
    const begin = Math.max(arrive, stop.opensAt);
    leave = begin + service;
    drive += minutes;
    expect(leave).toBeLessThanOrEqual(stop.closesAt + EXACT);
    // Shown times are the real ones rounded up to the minute.
    expect(planned.arriveAt).toBeGreaterThanOrEqual(arrive - EXACT);
    expect(planned.arriveAt).toBeLessThan(arrive + 1);
    expect(planned.leaveAt).toBe(planned.arriveAt + planned.waitMinutes + service);
    expect(planned.leaveAt).toBeLessThanOrEqual(stop.closesAt);
    expect(planned.arriveAt + planned.waitMinutes).toBeGreaterThanOrEqual(stop.opensAt);
    expect(planned.driveMinutes).toBeCloseTo(minutes, 1);
    expect(planned.driveMiles).toBeCloseTo(travel.miles(at, stop), 1);
    expect(planned).toMatchObject({ title: stop.title, latitude: stop.latitude, longitude: stop.longitude });
    at = stop;
  }
  expect(plan.totalDriveMinutes).toBeCloseTo(drive, 1);
  expect(plan.finishAt).toBe(plan.stops.length > 0 ? plan.stops[plan.stops.length - 1]!.leaveAt : request.startAt);
  // Every distinct sale is either planned or explained, once.
  const ids = [...plan.stops.map((stop) => stop.saleId), ...plan.unplanned.map((stop) => stop.saleId)].sort((a, b) => a - b);
  expect(ids).toEqual([...new Set(request.stops.map((stop) => stop.saleId))].sort((a, b) => a - b));
  return drive;
}

/** The true optimum by trying every order of every subset: most stops, then least driving. */
function exhaustive(request: PlanRequest): { count: number; drive: number } {
  const travel = request.travel ?? greatCircleTravel();
  const service = request.minutesPerStop ?? 15;
  const stops = request.stops;
  const points: Point[] = [request.start, ...stops];
  const minutes = points.map((from) => points.map((to) => (from === to ? 0 : travel.minutes(from, to))));
  const used = new Array<boolean>(stops.length + 1).fill(false);
  let best = { count: 0, drive: 0 };
  const visit = (at: number, leave: number, count: number, drive: number) => {
    if (count > best.count || (count === best.count && drive < best.drive)) best = { count, drive };
    for (let i = 1; i <= stops.length; i++) {
      if (used[i]) continue;
      const stop = stops[i - 1]!;
      const begin = Math.max(leave + minutes[at]![i]!, stop.opensAt);
      if (begin + service > stop.closesAt + 1e-7) continue;
      used[i] = true;
      visit(i, begin + service, count + 1, drive + minutes[at]![i]!);
      used[i] = false;
    }
  };
  visit(0, request.startAt, 0, 0);
  return best;
}

/** Travel on a grid where one unit is one minute and one mile: hand-checkable times. */
const grid: TravelModel = {
  miles: (from, to) => Math.abs(from.latitude - to.latitude) + Math.abs(from.longitude - to.longitude),
  minutes: (from, to) => Math.abs(from.latitude - to.latitude) + Math.abs(from.longitude - to.longitude),
};
const at = (x: number, y: number): Point => ({ latitude: x, longitude: y });
function sale(saleId: number, point: Point, opensAt: number, closesAt: number): StopRequest {
  return { saleId, title: `Sale ${saleId}`, ...point, opensAt, closesAt };
}

// ---------------------------------------------------------------------------------------------

describe('planRoute on hand-made days', () => {
  it('gives an empty plan for no stops', () => {
    expect(planRoute({ start: HOME, startAt: 480, stops: [] })).toEqual({
      stops: [],
      unplanned: [],
      totalDriveMinutes: 0,
      totalDriveMiles: 0,
      finishAt: 480,
    });
  });

  it('orders stops along the road and times each visit', () => {
    const request: PlanRequest = {
      start: at(0, 0),
      startAt: 480,
      minutesPerStop: 15,
      travel: grid,
      stops: [sale(3, at(30, 0), 480, 960), sale(1, at(10, 0), 480, 960), sale(2, at(20, 0), 480, 960)],
    };
    const plan = planRoute(request);
    expect(plan.stops.map((stop) => [stop.saleId, stop.arriveAt, stop.waitMinutes, stop.leaveAt, stop.driveMinutes])).toEqual([
      [1, 490, 0, 505, 10],
      [2, 515, 0, 530, 10],
      [3, 540, 0, 555, 10],
    ]);
    expect(plan).toMatchObject({ unplanned: [], totalDriveMinutes: 30, totalDriveMiles: 30, finishAt: 555 });
    replay(request, plan);
  });

  it('waits for a sale that is not open yet when that saves driving (waiting is free, driving is not)', () => {
    const request: PlanRequest = {
      start: at(0, 0),
      startAt: 420,
      travel: grid,
      stops: [sale(1, at(10, 0), 480, 600), sale(2, at(12, 0), 420, 600)],
    };
    const plan = planRoute(request);
    // Sale 1 first, reached at 07:10 and waited for until 08:00; then sale 2, 2 minutes on.
    expect(plan.stops.map((stop) => [stop.saleId, stop.arriveAt, stop.waitMinutes, stop.leaveAt])).toEqual([
      [1, 430, 50, 495],
      [2, 497, 0, 512],
    ]);
    expect(plan.totalDriveMinutes).toBe(12);
    replay(request, plan);
  });

  it('fits a visit that ends exactly at closing time, not one a minute longer', () => {
    const stops = [sale(1, at(20, 0), 480, 515), sale(2, at(0, 20), 480, 514)];
    const plan = planRoute({ start: at(0, 0), startAt: 480, travel: grid, stops });
    expect(plan.stops.map((stop) => [stop.saleId, stop.arriveAt, stop.leaveAt])).toEqual([[1, 500, 515]]);
    expect(plan.unplanned).toEqual([
      { saleId: 2, title: 'Sale 2', reason: 'Closes at 08:34, too soon after you could get there (08:20) for a 15-minute stop' },
    ]);
  });

  it('says when a sale closes before you could get there, e.g. a far one', () => {
    const far = sale(7, { latitude: 44.9778, longitude: -93.265 }, 480, 960); // Minneapolis, from Chicago
    const plan = planRoute({ start: HOME, startAt: 480, stops: [far] });
    expect(plan.stops).toEqual([]);
    // About 355 great-circle miles × 1.3 at 30 mph: some 15 hours of driving.
    expect(plan.unplanned[0]!.reason).toMatch(/^Closes at 16:00, before you could get there \(23:\d\d\)$/);
    expect(plan.finishAt).toBe(480);
  });

  it('explains every stop when none can be visited', () => {
    const plan = planRoute({
      start: at(0, 0),
      startAt: 600,
      travel: grid,
      stops: [
        sale(1, at(1, 0), 480, 600),
        sale(2, at(1, 0), 960, 480),
        sale(3, at(1, 0), 700, 710),
        sale(4, at(80, 170), 600, 840),
        sale(5, { latitude: Number.NaN, longitude: 0 }, 600, 840),
        sale(6, at(1, 0), 600, Number.NaN),
      ],
    });
    expect(plan.stops).toEqual([]);
    expect(plan.unplanned).toEqual([
      { saleId: 1, title: 'Sale 1', reason: 'Already closed when you set out: closes at 10:00, you leave at 10:00' },
      { saleId: 2, title: 'Sale 2', reason: 'Not open that day: opens at 16:00 and closes at 08:00' },
      { saleId: 3, title: 'Sale 3', reason: 'Open only 10 minutes (11:40–11:50), less than the 15 minutes per stop' },
      { saleId: 4, title: 'Sale 4', reason: 'Closes at 14:00, before you could get there (14:10)' },
      { saleId: 5, title: 'Sale 5', reason: 'Has no usable map location' },
      { saleId: 6, title: 'Sale 6', reason: 'Has no opening hours for the day' },
    ]);
    expect(plan).toMatchObject({ totalDriveMinutes: 0, totalDriveMiles: 0, finishAt: 600 });
  });

  it('treats a sale that opens when it closes as not open', () => {
    const plan = planRoute({ start: at(0, 0), startAt: 480, travel: grid, stops: [sale(1, at(1, 1), 600, 600)] });
    expect(plan.unplanned[0]!.reason).toBe('Not open that day: opens at 10:00 and closes at 10:00');
  });

  it('names the stop a left-out sale could replace', () => {
    // Both close at 08:30, 20 minutes apart: only one fits, and the nearer one is the better pick.
    const request: PlanRequest = {
      start: at(0, 0),
      startAt: 480,
      travel: grid,
      stops: [sale(1, at(5, 0), 480, 510), sale(2, at(0, 10), 480, 510)],
    };
    const plan = planRoute(request);
    expect(plan.stops.map((stop) => stop.saleId)).toEqual([1]);
    expect(plan.unplanned).toEqual([
      { saleId: 2, title: 'Sale 2', reason: 'Fits only by dropping another stop (such as “Sale 1”); open 08:00–08:30' },
    ]);
  });

  it('says when fitting a sale would take dropping several stops', () => {
    // Sales 1–3 lie on the way east and close early; sale 4 is west and closes as early.
    const request: PlanRequest = {
      start: at(0, 0),
      startAt: 480,
      minutesPerStop: 5,
      travel: grid,
      stops: [sale(1, at(0, 2), 480, 515), sale(2, at(0, 4), 480, 515), sale(3, at(0, 6), 480, 515), sale(4, at(0, -10), 480, 500)],
    };
    const plan = planRoute(request);
    expect(plan.stops.map((stop) => stop.saleId)).toEqual([1, 2, 3]);
    expect(plan.unplanned).toEqual([
      { saleId: 4, title: 'Sale 4', reason: 'Fits only by dropping several of the other stops; open 08:00–08:20' },
    ]);
    replay(request, plan);
  });

  it('ignores a repeated sale and keeps the first one', () => {
    const plan = planRoute({
      start: at(0, 0),
      startAt: 480,
      travel: grid,
      stops: [sale(1, at(10, 0), 480, 960), { ...sale(1, at(50, 0), 480, 960), title: 'Again' }, sale(2, at(20, 0), 480, 960)],
    });
    expect(plan.stops.map((stop) => [stop.saleId, stop.title, stop.latitude])).toEqual([
      [1, 'Sale 1', 10],
      [2, 'Sale 2', 20],
    ]);
    expect(plan.unplanned).toEqual([]);
  });

  it('visits more sales even when that means more driving', () => {
    // Q and R are a mile apart near home; P is 10 miles east and must be visited first, by 08:10.
    const request: PlanRequest = {
      start: at(0, 0),
      startAt: 480,
      minutesPerStop: 10,
      travel: grid,
      stops: [sale(1, at(0, -1), 480, 1000), sale(2, at(0, -2), 480, 1000), sale(3, at(0, 10), 480, 500)],
    };
    const plan = planRoute(request);
    expect(plan.stops.map((stop) => stop.saleId)).toEqual([3, 1, 2]);
    expect(plan.totalDriveMinutes).toBe(22);
  });

  it('uses 15 minutes per stop and the great-circle model by default', () => {
    const stop = sale(1, { latitude: HOME.latitude + 1 / 69, longitude: HOME.longitude }, 0, 1440);
    const plan = planRoute({ start: HOME, startAt: 600, stops: [stop] });
    // One mile north: 1.3 road miles at 30 mph, 2.6 minutes.
    expect(plan.stops[0]).toMatchObject({ arriveAt: 603, leaveAt: 618, driveMinutes: 2.6, driveMiles: 1.3 });
  });

  it('refuses a start it cannot use', () => {
    expect(() => planRoute({ start: { latitude: 91, longitude: 0 }, startAt: 480, stops: [] })).toThrow(RangeError);
    expect(() => planRoute({ start: HOME, startAt: Number.NaN, stops: [] })).toThrow(RangeError);
    expect(() => planRoute({ start: HOME, startAt: 480, minutesPerStop: -1, stops: [] })).toThrow(RangeError);
  });
});

describe('clock', () => {
  it('writes minutes of the day as HH:MM, and later days in words', () => {
    expect(clock(0)).toBe('00:00');
    expect(clock(485)).toBe('08:05');
    expect(clock(1439)).toBe('23:59');
    expect(clock(719.2)).toBe('12:00');
    expect(clock(1440 + 90)).toBe('01:30 the next day');
    expect(clock(3 * 1440 + 60)).toBe('01:00, 3 days later');
  });
});

describe('planRoute on generated days', () => {
  it('keeps every window in every plan, whatever the size', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const request = generatedRequest(seed, 5 + (seed % 6) * 15, seed % 2 === 0 ? 25 : 8);
      const plan = planRoute(request);
      replay(request, plan);
      for (const stop of plan.unplanned) expect(stop.reason).toMatch(/\S/);
    }
  });

  it('is within 2% of the exhaustive optimum on 200 cases of 4 to 8 stops, with as many stops', () => {
    let worst = 1;
    for (let seed = 1; seed <= 200; seed++) {
      const request = generatedRequest(10_000 + seed, 4 + (seed % 5), seed % 3 === 0 ? 15 : 6);
      const plan = planRoute(request);
      const drive = replay(request, plan);
      const optimum = exhaustive(request);
      expect({ seed, count: plan.stops.length }).toEqual({ seed, count: optimum.count });
      const ratio = optimum.drive === 0 ? 1 : drive / optimum.drive;
      worst = Math.max(worst, ratio);
    }
    expect(worst).toBeLessThanOrEqual(1.02);
  });

  it('keeps every window with a travel model that is one-way and uneven (no triangle inequality)', () => {
    // Going north takes 1.6× as long, and each pair of points gets its own detour of up to 40%.
    const base = greatCircleTravel();
    const detour = (from: Point, to: Point) => 1 + Math.abs(Math.sin(from.latitude * 7919 + to.longitude * 104729)) * 0.4;
    const uneven: TravelModel = {
      miles: (from, to) => base.miles(from, to) * detour(from, to),
      minutes: (from, to) => base.minutes(from, to) * detour(from, to) * (to.latitude > from.latitude ? 1.6 : 1),
    };
    for (let seed = 1; seed <= 12; seed++) {
      const request = { ...generatedRequest(500 + seed, 10 + seed * 5, 12), travel: uneven };
      replay(request, planRoute(request));
    }
  });

  it('words every reason for a generated day as one of the known explanations', () => {
    const known = [
      /^Closes at \d\d:\d\d, before you could get there \(\d\d:\d\d\)$/,
      /^Closes at \d\d:\d\d, too soon after you could get there \(\d\d:\d\d\) for a \d+-minute stop$/,
      /^Already closed when you set out: closes at \d\d:\d\d, you leave at \d\d:\d\d$/,
      /^Fits only by dropping another stop \(such as “Sale \d+”\); open \d\d:\d\d–\d\d:\d\d$/,
      /^Fits only by dropping several of the other stops; open \d\d:\d\d–\d\d:\d\d$/,
    ];
    const reasons = [60, 61, 62].flatMap((seed) =>
      planRoute({ ...generatedRequest(seed, 80, 20), startAt: 600 }).unplanned.map((stop) => stop.reason),
    );
    expect(reasons.length).toBeGreaterThan(50);
    for (const reason of reasons) expect(known.some((pattern) => pattern.test(reason))).toBe(true);
    // Each kind of day-level reason shows up among three crowded days.
    for (const pattern of [known[0]!, known[2]!, known[3]!]) expect(reasons.some((reason) => pattern.test(reason))).toBe(true);
  });

  it('gives the same plan for the same request', () => {
    const request = generatedRequest(77, 60, 20);
    expect(planRoute(request)).toEqual(planRoute(request));
    expect(JSON.stringify(planRoute(request))).toBe(JSON.stringify(planRoute(structuredClone(request))));
  });

  it('plans 100 stops well within the time budget', () => {
    const request = generatedRequest(4242, 100, 25);
    planRoute(request); // warm-up: the first run includes JIT compilation
    const started = performance.now();
    const plan = planRoute(request);
    const elapsed = performance.now() - started;
    // The product target is 300 ms (see bench/planner); a loose bound keeps a busy CI machine green.
    expect(elapsed).toBeLessThan(1000);
    expect(plan.stops.length).toBeGreaterThan(10);
  });
});
