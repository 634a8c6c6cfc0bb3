/**
 * The walk: ruin-and-recreate rounds from a plan, keeping the best plan met; shared by the single
 * walk of the search and the population's education (population.ts). Deterministic for a given
 * generator.
 */
import { swap, twoOpt } from './local-search.js';
import { orOpt } from './or-opt.js';
import { dropOneAddTwo, exchange, insertLeftovers, insertWithEjections, leftovers } from './repair.js';
import { IMPROVEMENT, max, min, type Problem } from './sequence.js';
import { Tour, type Objective } from './tour.js';
import { WarpedTour } from './warp.js';
import { descendToOnTime } from './warp-search.js';

/** A short tour (as short as those the search seeds a construction from each stop for) may be ruined whole. */
const RUIN_WHOLE_UP_TO = 12;

/** How much more driving (a share of the best) a plan wandered through may have, at first. */
const WANDER_MARGIN = 0.05;
/** At most this share of the tour is ruined in a round (at least 3 stops). */
const RUIN_SHARE = 0.3;
/**
 * Every WARP_EVERY-th round of the driving walk recreates through late plans (recreateThroughLateness),
 * when every stop is planned and the windows are wide (see search.ts).
 */
const WARP_EVERY = 2;
/**
 * Minutes of driving a minute late costs in those rounds, at first; then lowered after a round
 * whose plan came back on time without raising it, raised otherwise (within MIN_ and MAX_PENALTY).
 */
export const FIRST_PENALTY = 0.2;
const MIN_PENALTY = 0.05;
const MAX_PENALTY = 100;
const PENALTY_DOWN = 0.85;
const PENALTY_UP = 1.3;

/** The stops a round removes: a few near one another on the map, in a row in the day, or anywhere. */
function ruin(problem: Problem, nodes: number[], next: () => number): Set<number> {
  const k = nodes.length;
  const { time, size } = problem;
  // A short tour may be ruined whole (a fresh random-order construction); a long one in part.
  const most = k <= RUIN_WHOLE_UP_TO ? k : min(k, max(3, Math.ceil(k * RUIN_SHARE)));
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
export function improve(problem: Problem, tour: Tour, candidates: number[], objective: Objective, thorough: boolean): Tour {
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

export function better(a: Tour, b: Tour): boolean {
  if (a.length !== b.length) return a.length > b.length;
  return a.cost < b.cost - IMPROVEMENT;
}

/**
 * Ruin-and-recreate rounds from `start`; returns the best plan met. Two walks share the rounds. One
 * shortens the driving by record-to-record travel: it may wander through plans with as many stops
 * and a little more driving than the best (a margin that shrinks to nothing). The other shortens
 * the day, which makes room for stops that do not fit yet. `throughLateness`: every WARP_EVERY-th
 * round of the driving walk recreates through late plans while every stop is planned (the caller
 * knows whether the windows are wide enough for it to pay).
 */
export function walk(
  problem: Problem,
  candidates: number[],
  start: Tour,
  rounds: number,
  next: () => number,
  penalty: { value: number },
  throughLateness: boolean,
): Tour {
  let best = start;
  let current = start;
  let roomy = start;
  for (let round = 0; round < rounds; round++) {
    // A shorter day only helps while some stop is left out.
    const shorterDay = round % 2 === 1 && best.length < candidates.length;
    const warped = throughLateness && best.length === candidates.length && round % WARP_EVERY === WARP_EVERY - 1;
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
    if (better(tour, best)) best = tour;
    if (shorterDay) {
      if (tour.length > roomy.length || (tour.length === roomy.length && tour.duration <= roomy.duration)) roomy = tour;
      if (best.length > roomy.length) roomy = best;
    } else {
      const margin = WANDER_MARGIN * (1 - round / rounds);
      current = tour.length >= best.length && tour.cost <= best.cost * (1 + margin) ? tour : best;
    }
  }
  return best;
}
