/**
 * The search: constructions, each improved to a local optimum, then ruin-and-recreate rounds from
 * the best plan; deterministic (seeded).
 */
import { buildByCheapestInsertion, buildByInsertion, buildInOrder, buildSoonestNext } from './construction.js';
import { nearestNodes, orOpt, swap, twoOpt } from './local-search.js';
import { dropOneAddTwo, exchange, insertAllowingLateness, insertLeftovers, insertWithEjections, leftovers } from './repair.js';
import { IMPROVEMENT, max, min, type Problem } from './sequence.js';
import { seeded } from './random.js';
import { Tour, type Objective } from './tour.js';
import { WarpedTour } from './warp.js';
import { descendToOnTime } from './warp-search.js';

/** Up to this many stops, every stop also seeds a construction of its own (cheap, and closer to optimal). */
const SEED_EACH_STOP_UP_TO = 12;
/** Up to this many stops, the constructions that rescan every stop at every step (n³) run too. */
const FULL_SCAN_CONSTRUCTIONS_UP_TO = 100;
/** From this many stops on, local search tries only the places next to a stop's NEIGHBOURS nearest stops. */
const GRANULAR_FROM = 250;
const NEIGHBOURS = 12;
/**
 * A complete plan of more than FOCUS_FROM stops (up to GRANULAR_FROM) on wide windows is where the
 * rounds fell short (the published instances of 150 and 200 stops got 40 and 30): its rounds' local
 * search tries only the places next to a stop's FOCUS_NEIGHBOURS nearest stops, and the time saved
 * (with the don't-look bits of the descent through late plans) pays for FOCUS_ROUNDS times the
 * rounds (decision 0191: 12 or 16 neighbours cost more for no better worst gap; 30 no better than 20).
 */
const FOCUS_FROM = 100;
const FOCUS_NEIGHBOURS = 20;
const FOCUS_ROUNDS = 2;
/**
 * Ruin and recreate rounds: many for a few stops, RUIN_WORK / stops in between (measured on the
 * published TSPTW instances: 1500 gave a mean gap of 0.42 %, 6000 gave 0.28 %), the fewest for a
 * long plan.
 */
const SMALL_RUIN_ROUNDS = 150;
const MIN_RUIN_ROUNDS = 8;
/** A day of a few dozen sales (the usual plan) keeps the rounds it had: more did not pay there. */
const MAX_RUIN_ROUNDS = 60;
const RUIN_WORK = 6000;
/** How much more driving (a share of the best) a plan wandered through may have, at first. */
const WANDER_MARGIN = 0.05;
/** At most this share of the tour is ruined in a round (at least 3 stops). */
const RUIN_SHARE = 0.3;
/**
 * Every WARP_EVERY-th round of the driving walk recreates through late plans (recreateThroughLateness),
 * when every stop is planned and the windows are wide: at least WIDE_WINDOWS times the average leg
 * of the plan on average (measured on the published instances: below that it only costs time).
 */
const WARP_EVERY = 2;
const WIDE_WINDOWS = 12;
/**
 * Minutes of driving a minute late costs in those rounds, at first; then lowered after a round
 * whose plan came back on time without raising it, raised otherwise (within MIN_ and MAX_PENALTY).
 */
const FIRST_PENALTY = 0.2;
const MIN_PENALTY = 0.05;
const MAX_PENALTY = 100;
const PENALTY_DOWN = 0.85;
const PENALTY_UP = 1.3;

/** The stops a round removes: a few near one another on the map, in a row in the day, or anywhere. */
function ruin(problem: Problem, nodes: number[], next: () => number): Set<number> {
  const k = nodes.length;
  const { time, size } = problem;
  // A short tour may be ruined whole (a fresh random-order construction); a long one in part.
  const most = k <= SEED_EACH_STOP_UP_TO ? k : min(k, max(3, Math.ceil(k * RUIN_SHARE)));
  const count = 1 + Math.floor(next() * most);
  const kind = next();
  if (kind < 0.4) {
    const centre = nodes[Math.floor(next() * k)]!;
    return new Set([...nodes].sort((a, b) => time[centre * size + a]! - time[centre * size + b]! || a - b).slice(0, count));
  }
  if (kind < 0.8) {
    const first = Math.floor(next() * (k - count + 1));
    return new Set(nodes.slice(first, first + count));
  }
  const removed = new Set<number>();
  while (removed.size < count) removed.add(nodes[Math.floor(next() * k)]!);
  return removed;
}

/**
 * Ruin and recreate (Schrimpf et al., 2000): removes a few stops (near one another on the map, in
 * a row in the day, or anywhere), puts every stop left out back in a shuffled order at its best
 * place for `objective`, then runs the local search again. It gets out of the local optima that no
 * single move leaves.
 */
function ruinAndRecreate(
  problem: Problem,
  from: Tour,
  candidates: number[],
  objective: Objective,
  next: () => number,
  penalty?: { value: number },
): Tour | null {
  const nodes = from.nodes;
  if (nodes.length === 0) return null;
  const removed = ruin(problem, nodes, next);
  if (penalty !== undefined) return recreateThroughLateness(problem, nodes, removed, candidates, penalty, next);
  const tour = new Tour(
    problem,
    nodes.filter((node) => !removed.has(node)),
  );
  if (!tour.feasible) return null;
  const left = leftovers(tour, candidates);
  for (let i = left.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [left[i], left[j]] = [left[j]!, left[i]!];
  }
  for (const node of left) {
    const insertion = tour.bestInsertion(node, objective);
    if (insertion) tour.insert(insertion);
  }
  return improve(problem, tour, candidates, objective, false);
}

/**
 * The other recreate: every removed stop goes back where driving plus `penalty` per minute late
 * grows least (late or not), then local search through late plans brings the plan back on time.
 * Null when it stays late.
 */
function recreateThroughLateness(
  problem: Problem,
  nodes: number[],
  removed: Set<number>,
  candidates: number[],
  penalty: { value: number },
  next: () => number,
): Tour | null {
  const late = new WarpedTour(
    problem,
    nodes.filter((node) => !removed.has(node)),
  );
  const left = [...removed];
  for (let i = left.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [left[i], left[j]] = [left[j]!, left[i]!];
  }
  for (const node of left) late.insertPenalised(node, penalty.value);
  const steps = descendToOnTime(late, penalty.value);
  // Adaptive (as in Vidal et al.'s hybrid genetic search): a penalty that seldom leaves the plan
  // late at first is lowered, so that the search may wander further through late plans.
  penalty.value = min(MAX_PENALTY, max(MIN_PENALTY, penalty.value * (steps === 0 ? PENALTY_DOWN : PENALTY_UP)));
  if (steps < 0) return null;
  const tour = new Tour(problem, late.nodes);
  return tour.feasible ? improve(problem, tour, candidates, 'driving', false) : null;
}

/**
 * Local search to a local optimum of `objective` (at most stops first, always). `thorough` adds
 * "drop one, add two", the costliest neighbourhood, which ruin and recreate rounds skip: it runs on
 * the constructions and on the final plan.
 */
function improve(problem: Problem, tour: Tour, candidates: number[], objective: Objective, thorough: boolean): Tour {
  for (;;) {
    if (insertLeftovers(tour, candidates, objective)) continue;
    let moved = orOpt(problem, tour, objective);
    moved = twoOpt(problem, tour, objective) || moved;
    if (swap(problem, tour, objective) || moved) continue;
    if (objective === 'driving' && exchange(problem, tour, candidates)) continue;
    if (thorough && tour.length < candidates.length && insertWithEjections(problem, tour, candidates)) continue;
    if (thorough && dropOneAddTwo(tour, candidates)) continue;
    return tour;
  }
}

/** Whether the stops' windows are on average at least WIDE_WINDOWS times as long as the plan's average leg. */
function windowsAreWide(problem: Problem, tour: Tour): boolean {
  if (tour.length === 0) return false;
  let width = 0;
  for (const node of tour.nodes) width += problem.single[node]!.late - problem.single[node]!.early;
  return width >= WIDE_WINDOWS * tour.cost;
}

function better(a: Tour, b: Tour): boolean {
  if (a.length !== b.length) return a.length > b.length;
  return a.cost < b.cost - IMPROVEMENT;
}

export function solve(problem: Problem, candidates: number[]): Tour {
  if (candidates.length === 0) return new Tour(problem, []);
  if (candidates.length > GRANULAR_FROM) problem.near = nearestNodes(problem, candidates, NEIGHBOURS);
  const byClosing = [...candidates].sort((a, b) => problem.closes[a]! - problem.closes[b]! || a - b);
  const starts = [() => buildByCheapestInsertion(problem, candidates), () => buildInOrder(problem, byClosing)];
  // On a long list (a community sale) each construction's local search is the costliest part.
  if (candidates.length <= GRANULAR_FROM) starts.push(() => buildSoonestNext(problem, candidates));
  // Regret and least-time insertion rescan every stop at every step (n³): worth it on small plans.
  if (candidates.length <= FULL_SCAN_CONSTRUCTIONS_UP_TO) {
    starts.push(
      () => buildByInsertion(problem, candidates, 'regret'),
      () => buildByInsertion(problem, candidates, 'shift'),
    );
  }
  if (candidates.length <= SEED_EACH_STOP_UP_TO) {
    for (const seed of candidates) starts.push(() => buildByCheapestInsertion(problem, candidates, seed));
  }
  const tried = new Set<string>();
  let best: Tour | null = null;
  for (const start of starts) {
    const tour = start();
    const key = tour.nodes.join(',');
    if (tried.has(key)) continue;
    tried.add(key);
    improve(problem, tour, candidates, 'driving', true);
    if (!best || better(tour, best)) best = tour;
  }
  const next = seeded(0x9e3779b9 ^ candidates.length);
  // A long plan (granular search, hundreds of stops) gets the fewest rounds: it must stay fast.
  const plainRounds =
    candidates.length <= SEED_EACH_STOP_UP_TO
      ? SMALL_RUIN_ROUNDS
      : candidates.length > GRANULAR_FROM
        ? MIN_RUIN_ROUNDS
        : min(MAX_RUIN_ROUNDS, max(MIN_RUIN_ROUNDS, Math.round(RUIN_WORK / candidates.length)));
  // Two walks share the rounds. One shortens the driving by record-to-record travel: it may wander
  // through plans with as many stops and a little more driving than the best (a margin that shrinks
  // to nothing). The other shortens the day, which makes room for stops that do not fit yet.
  let current = best!;
  let roomy = best!;
  const penalty = { value: FIRST_PENALTY };
  const wide = best!.length === candidates.length && windowsAreWide(problem, best!);
  const focused = wide && candidates.length > FOCUS_FROM && candidates.length <= GRANULAR_FROM;
  if (focused) problem.near = nearestNodes(problem, candidates, FOCUS_NEIGHBOURS);
  const rounds = focused ? Math.round(plainRounds * FOCUS_ROUNDS) : plainRounds;
  for (let round = 0; round < rounds; round++) {
    // A shorter day only helps while some stop is left out.
    const shorterDay = round % 2 === 1 && best!.length < candidates.length;
    // Through late plans: on wide windows, while every stop is planned (see WARP_EVERY).
    const warped =
      wide && best!.length === candidates.length && candidates.length <= GRANULAR_FROM && round % WARP_EVERY === WARP_EVERY - 1;
    const tour = ruinAndRecreate(
      problem,
      shorterDay ? roomy : current,
      candidates,
      shorterDay ? 'duration' : 'driving',
      next,
      warped ? penalty : undefined,
    );
    if (!tour) {
      if (warped) continue;
      break;
    }
    if (better(tour, best!)) best = tour;
    if (shorterDay) {
      if (tour.length > roomy.length || (tour.length === roomy.length && tour.duration <= roomy.duration)) roomy = tour;
      if (best!.length > roomy.length) roomy = best!;
    } else {
      const margin = WANDER_MARGIN * (1 - round / rounds);
      current = tour.length >= best!.length && tour.cost <= best!.cost * (1 + margin) ? tour : best!;
    }
  }
  improve(problem, best!, candidates, 'driving', true);
  // Last, before giving up on a stop: the costlier repair that lets the day run late on the way.
  while (best!.length < candidates.length && insertAllowingLateness(problem, best!, candidates))
    improve(problem, best!, candidates, 'driving', true);
  return best!;
}
