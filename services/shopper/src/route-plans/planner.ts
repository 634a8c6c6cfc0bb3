import type { PlannedStop, PlanRequest, PlanResult, StopRequest, UnplannedStop } from './planner.types.js';
import { solve } from './planning/search.js';
import { cheapestDeltas } from './planning/repair.js';
import { join, max, min, type Problem, type Sequence } from './planning/sequence.js';
import type { Tour } from './planning/tour.js';
import { greatCircleTravel } from './travel.js';

/**
 * The route planner: orders the sales a shopper picked so that as many as possible are visited
 * inside their opening hours (first objective), with the least driving (second objective).
 *
 * It is a travelling-salesman path with time windows: the shopper leaves the start point at
 * `startAt`, waits when a sale is not open yet, spends `minutesPerStop` at each sale and must be
 * done by its closing time; the path does not return to the start. The heuristic:
 *  1. a few deterministic constructions (cheapest insertion, least-time insertion, regret insertion,
 *     earliest closing first, soonest visit next; for a few stops, also one seeded by each stop);
 *  2. local search on each: inserting the stops left out, or-opt (move 1–3 stops, maybe reversed),
 *     2-opt, swapping two stops, swapping a stop for one left out, dropping one stop to fit two;
 *  3. ruin and recreate rounds from the best plan (seeded, so the result is deterministic), half of
 *     them shortening the driving and half shortening the day to make room for more stops.
 * Every move is checked against the time windows in O(1) by concatenating summaries of the tour's
 * prefixes and suffixes (Vidal et al. 2013, "A hybrid genetic algorithm with adaptive diversity
 * management for a large class of vehicle routing problems with time-windows", section 4.2).
 * Measured: 100 stops in tens of milliseconds (bench/planner); on 32,000 generated days of 4–8
 * stops (the generator of planner.spec.ts) the plan was the exhaustive optimum on all but two, one
 * with a stop fewer and one with 3% more driving.
 */

export const DEFAULT_MINUTES_PER_STOP = 15;

// ---------------------------------------------------------------------------------------------
// The same search on a travel-time matrix (benchmarks against published instances).

export interface MatrixPlanRequest {
  /** Driving minutes, row-major: minutes[from * size + to]; node 0 is the start point. */
  minutes: ArrayLike<number>;
  /** Opening and closing minute of each node (index 0, the start point, is ignored). */
  opensAt: ArrayLike<number>;
  closesAt: ArrayLike<number>;
  startAt: number;
  minutesPerStop?: number;
}

export interface MatrixPlanResult {
  /** Nodes in visiting order (without the start point). */
  order: number[];
  driveMinutes: number;
  /** Nodes left out. */
  left: number[];
}

/** Plans nodes 1..size-1 of a travel-time matrix, exactly as `planRoute` plans stops. */
export function planOnMatrix(request: MatrixPlanRequest): MatrixPlanResult {
  const size = request.opensAt.length;
  if (request.closesAt.length !== size || request.minutes.length !== size * size)
    throw new RangeError('minutes must be size × size, with size opening and closing times');
  const service = request.minutesPerStop ?? DEFAULT_MINUTES_PER_STOP;
  const time = Float64Array.from(request.minutes);
  const single: Sequence[] = [{ first: 0, last: 0, early: request.startAt, late: request.startAt, duration: 0 }];
  const closes = new Float64Array(size);
  for (let node = 1; node < size; node++) {
    single.push({ first: node, last: node, early: request.opensAt[node]!, late: request.closesAt[node]! - service, duration: service });
    closes[node] = request.closesAt[node]!;
  }
  const problem: Problem = { size, time, single, closes };
  // Every node with a usable window is a candidate, even one too far to reach straight from the
  // start: a matrix need not obey the triangle inequality (rounded or real road times), and such
  // a node may still be reached on time through others.
  const candidates: number[] = [];
  for (let node = 1; node < size; node++) if (single[node]!.late >= single[node]!.early) candidates.push(node);
  const tour = solve(problem, candidates);
  const inTour = new Set(tour.nodes);
  const left: number[] = [];
  for (let node = 1; node < size; node++) if (!inTour.has(node)) left.push(node);
  return { order: [...tour.nodes], driveMinutes: tour.cost, left };
}

// ---------------------------------------------------------------------------------------------
// The public function: checks the input, says why stops cannot be planned, and times the result.

/**
 * Plans the order of the stops. Deterministic: the same request always gives the same plan.
 *
 * Times in the result are whole minutes rounded up (you never arrive earlier than shown, and a
 * shown leave time within closing hours is a real one); driving minutes and miles have one decimal.
 * Stops with a duplicate `saleId` are ignored after the first. A stop is on time when its visit of
 * `minutesPerStop` can end by `closesAt` (ending exactly at closing counts).
 *
 * @throws RangeError when the start point, `startAt` or `minutesPerStop` is not a usable number.
 */
export function planRoute(request: PlanRequest): PlanResult {
  const { start, startAt } = request;
  const service = request.minutesPerStop ?? DEFAULT_MINUTES_PER_STOP;
  if (!validPoint(start)) throw new RangeError('The start point needs a latitude in [-90, 90] and a longitude in [-180, 180]');
  if (!(Number.isFinite(startAt) && startAt >= 0)) throw new RangeError(`startAt must be a minute of the day, got ${startAt}`);
  if (!(Number.isFinite(service) && service >= 0)) throw new RangeError(`minutesPerStop must be a number ≥ 0, got ${service}`);
  const travel = request.travel ?? greatCircleTravel();

  const unplanned = new Map<StopRequest, string>();
  const seen = new Set<number>();
  const stops: StopRequest[] = [];
  for (const stop of request.stops) {
    if (seen.has(stop.saleId)) continue;
    seen.add(stop.saleId);
    stops.push(stop);
    const reason = hoursProblem(stop, startAt, service);
    if (reason) unplanned.set(stop, reason);
  }

  // Candidates: stops that could be visited alone, straight from the start point.
  const open = stops.filter((stop) => !unplanned.has(stop));
  const size = open.length + 1;
  const points = [start, ...open];
  const time = new Float64Array(size * size);
  for (let from = 0; from < size; from++) {
    for (let to = 0; to < size; to++) {
      if (from !== to) time[from * size + to] = travel.minutes(points[from]!, points[to]!);
    }
  }
  const single: Sequence[] = [{ first: 0, last: 0, early: startAt, late: startAt, duration: 0 }];
  const closes = new Float64Array(size);
  open.forEach((stop, index) => {
    const node = index + 1;
    single.push({ first: node, last: node, early: stop.opensAt, late: stop.closesAt - service, duration: service });
    closes[node] = stop.closesAt;
  });
  const problem: Problem = { size, time, single, closes };

  const candidates: number[] = [];
  open.forEach((stop, index) => {
    const node = index + 1;
    if (join(problem, single[0]!, single[node]!)) {
      candidates.push(node);
    } else {
      const arrival = startAt + time[node]!;
      unplanned.set(
        stop,
        arrival > stop.closesAt
          ? `Closes at ${clock(stop.closesAt)}, before you could get there (${clock(arrival)})`
          : `Closes at ${clock(stop.closesAt)}, too soon after you could get there (${clock(arrival)}) for a ${Math.round(service)}-minute stop`,
      );
    }
  });

  const tour = solve(problem, candidates);
  const inTour = new Set(tour.nodes);
  // The tour without each of its stops, made when first needed and shared by every stop left out.
  const reduced: (Tour | undefined)[] = [];
  for (const node of candidates) {
    if (!inTour.has(node)) unplanned.set(open[node - 1]!, crowdedOut(tour, reduced, node, open));
  }

  const planned: PlannedStop[] = [];
  let leave = startAt;
  let previous = 0;
  let driveMinutes = 0;
  let driveMiles = 0;
  for (const node of tour.nodes) {
    const stop = open[node - 1]!;
    const drive = time[previous * size + node]!;
    const miles = travel.miles(points[previous]!, stop);
    const arrive = leave + drive;
    const begin = max(arrive, stop.opensAt);
    if (begin > stop.closesAt - service + 1e-6) throw new Error(`Route planner bug: sale ${stop.saleId} planned after its closing time`);
    leave = begin + service;
    driveMinutes += drive;
    driveMiles += miles;
    const arriveAt = roundUp(arrive);
    planned.push({
      saleId: stop.saleId,
      title: stop.title,
      latitude: stop.latitude,
      longitude: stop.longitude,
      arriveAt,
      waitMinutes: max(0, roundUp(begin) - arriveAt),
      leaveAt: roundUp(leave),
      driveMinutes: tenth(drive),
      driveMiles: tenth(miles),
    });
    previous = node;
  }

  return {
    stops: planned,
    unplanned: stops
      .filter((stop) => unplanned.has(stop))
      .map((stop): UnplannedStop => ({ saleId: stop.saleId, title: stop.title, reason: unplanned.get(stop)! })),
    totalDriveMinutes: tenth(driveMinutes),
    totalDriveMiles: tenth(driveMiles),
    finishAt: planned.length > 0 ? planned[planned.length - 1]!.leaveAt : startAt,
  };
}

/** Why a stop cannot be visited whatever the order, judged from its hours alone (null when it can). */
function hoursProblem(stop: StopRequest, startAt: number, service: number): string | null {
  if (!validPoint(stop)) return 'Has no usable map location';
  if (!Number.isFinite(stop.opensAt) || !Number.isFinite(stop.closesAt)) return 'Has no opening hours for the day';
  if (stop.opensAt >= stop.closesAt) return `Not open that day: opens at ${clock(stop.opensAt)} and closes at ${clock(stop.closesAt)}`;
  if (stop.closesAt - stop.opensAt < service) {
    return `Open only ${minutesText(stop.closesAt - stop.opensAt)} (${clock(stop.opensAt)}–${clock(stop.closesAt)}), less than the ${minutesText(service)} per stop`;
  }
  if (stop.closesAt <= startAt) return `Already closed when you set out: closes at ${clock(stop.closesAt)}, you leave at ${clock(startAt)}`;
  return null;
}

/** Why a stop that could be visited alone is not in the plan: what it would cost to fit it. */
function crowdedOut(tour: Tour, reduced: (Tour | undefined)[], node: number, open: StopRequest[]): string {
  const stop = open[node - 1]!;
  const hours = `open ${clock(stop.opensAt)}–${clock(stop.closesAt)}`;
  let replaced: { title: string; cost: number } | null = null;
  // Each reduced tour in the order of a lower bound of its driving with the stop in (the stop's
  // cheapest place in the whole tour, or in the gap the dropped stop leaves, windows aside): the
  // scan stops once no bound can beat the best found. The same answer as trying every one.
  const { time, size } = tour.problem;
  const [cheapest] = cheapestDeltas(tour.problem, tour, [node]);
  // The driving of a reduced tour is the tour's less the legs around the dropped stop plus the
  // shortcut (summed in another order than the tour's own, hence the margin when stopping).
  const bounds = tour.nodes.map((removed, i) => {
    const before = i === 0 ? 0 : tour.nodes[i - 1]!;
    const after = i + 1 < tour.length ? tour.nodes[i + 1]! : -1;
    const saved = time[before * size + removed]! + (after >= 0 ? time[removed * size + after]! - time[before * size + after]! : 0);
    const gap = time[before * size + node]! + (after >= 0 ? time[node * size + after]! - time[before * size + after]! : 0);
    return { i, bound: tour.cost - saved + min(cheapest!, gap) };
  });
  bounds.sort((a, b) => a.bound - b.bound || a.i - b.i);
  for (const { i, bound } of bounds) {
    if (replaced && bound - 1e-6 >= replaced.cost) break;
    const without = (reduced[i] ??= tour.without(i));
    const insertion = without.feasible ? without.bestInsertion(node) : null;
    if (insertion && (!replaced || without.cost + insertion.delta < replaced.cost)) {
      replaced = { title: open[tour.nodes[i]! - 1]!.title, cost: without.cost + insertion.delta };
    }
  }
  if (replaced) return `Fits only by dropping another stop (such as “${replaced.title}”); ${hours}`;
  return `Fits only by dropping several of the other stops; ${hours}`;
}

function validPoint(point: { latitude: number; longitude: number } | undefined): boolean {
  return (
    point !== undefined &&
    Number.isFinite(point.latitude) &&
    Number.isFinite(point.longitude) &&
    Math.abs(point.latitude) <= 90 &&
    Math.abs(point.longitude) <= 180
  );
}

/** Minutes shown to people are rounded up, with the float slack forgiven. */
function roundUp(value: number): number {
  return Math.ceil(value - 1e-6);
}

function tenth(value: number): number {
  return Math.round(value * 10) / 10;
}

function minutesText(value: number): string {
  const rounded = Math.round(value);
  return rounded === 1 ? '1 minute' : `${rounded} minutes`;
}

/** HH:MM of a minute of the plan's day; later days are said in words. */
export function clock(value: number): string {
  const total = roundUp(value);
  const day = Math.floor(total / 1440);
  const inDay = total - day * 1440;
  const text = `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
  if (day === 0) return text;
  if (day === 1) return `${text} the next day`;
  if (day === -1) return `${text} the day before`;
  return `${text}, ${day} days ${day > 0 ? 'later' : 'before'}`;
}
