/**
 * Repair: putting stops left out back into the plan (insertion, insertion that pushes out stops
 * and puts them back elsewhere, exchange for a stop in the plan, "drop one, add two"), so that
 * visiting as many sales as possible comes first.
 */
import { IMPROVEMENT, join, max, min, SLACK, type Problem, type Sequence } from './sequence.js';
import { seeded } from './random.js';
import { apply, Tour, type Insertion, type Objective } from './tour.js';
import { warpedSingles, warpOf, WarpedTour } from './warp.js';
import { descend } from './warp-search.js';

/** How many first insertions "drop one, add two" tries per dropped stop. */
const DROP_ONE_FIRST_TRIES = 3;
/** Stops left out that "drop one, add two" and insertion with ejections try, nearest first. */
const REPAIR_TRIES = 24;

export function leftovers(tour: { nodes: number[] }, candidates: number[]): number[] {
  const inTour = new Set(tour.nodes);
  return candidates.filter((node) => !inTour.has(node));
}

/**
 * The stops left out that the costlier repairs try: all of them, or on a full day with many left
 * out, the REPAIR_TRIES whose insertion would add the least driving (time windows aside). Those
 * are the ones a repair can fit; the far ones cost each repair its whole scan for nothing.
 */
function nearestLeftovers(tour: Tour, candidates: number[]): number[] {
  const left = leftovers(tour, candidates);
  if (left.length <= REPAIR_TRIES) return left;
  const bound = cheapestDeltas(tour.problem, tour, left);
  return left
    .map((node, index) => ({ node, bound: bound[index]! }))
    .sort((a, b) => a.bound - b.bound || a.node - b.node)
    .slice(0, REPAIR_TRIES)
    .map((entry) => entry.node);
}

export function insertLeftovers(tour: Tour, candidates: number[], objective: Objective): boolean {
  let changed = false;
  let left = leftovers(tour, candidates);
  const cost = (insertion: Insertion) => (objective === 'driving' ? insertion.delta : insertion.shift);
  for (;;) {
    let best: Insertion | null = null;
    for (const node of left) {
      const insertion = tour.bestInsertion(node, objective);
      if (insertion && (!best || cost(insertion) < cost(best) - IMPROVEMENT)) best = insertion;
    }
    if (!best) return changed;
    tour.insert(best);
    left = left.filter((node) => node !== best.node);
    changed = true;
  }
}

export function exchange(problem: Problem, tour: Tour, candidates: number[]): boolean {
  const { time, size } = problem;
  const t = (from: number, to: number) => time[from * size + to]!;
  let changed = false;
  let left = nearestLeftovers(tour, candidates);
  let cheapest = cheapestDeltas(problem, tour, left);
  for (let i = 0; i < tour.length && left.length > 0; i++) {
    const nodes = tour.nodes;
    const before = i === 0 ? 0 : nodes[i - 1]!;
    const removed = nodes[i]!;
    const next = i + 1 < nodes.length ? nodes[i + 1]! : -1;
    const gain = t(before, removed) + (next >= 0 ? t(removed, next) - t(before, next) : 0);
    let reduced: Tour | null = null;
    let best: Insertion | null = null;
    for (let l = 0; l < left.length; l++) {
      const node = left[l]!;
      // Driving added by `node` anywhere in the reduced tour is at least this, time windows aside:
      // its cheapest place in the whole tour, or the gap the removal opens.
      const bound = min(cheapest[l]!, t(before, node) + (next >= 0 ? t(node, next) - t(before, next) : 0));
      if (bound >= gain - IMPROVEMENT) continue;
      reduced ??= tour.without(i);
      if (!reduced.feasible) break;
      const insertion = reduced.bestInsertion(node);
      if (insertion && reduced.cost + insertion.delta < tour.cost - IMPROVEMENT && (!best || insertion.delta < best.delta - IMPROVEMENT)) {
        best = insertion;
      }
    }
    if (best && reduced) {
      reduced.insert(best);
      if (apply(tour, reduced.nodes)) {
        changed = true;
        // The stop that came in leaves the list and the one it replaced joins it.
        left = [...left.filter((node) => node !== best!.node), removed];
        cheapest = cheapestDeltas(problem, tour, left);
      }
    }
  }
  return changed;
}

/** For each node, the least driving its insertion anywhere in the tour would add, time windows aside. */
export function cheapestDeltas(problem: Problem, tour: Tour, nodes: number[]): Float64Array {
  const { time, size } = problem;
  const route = tour.nodes;
  const result = new Float64Array(nodes.length);
  nodes.forEach((node, index) => {
    let least = time[(route.length > 0 ? route[route.length - 1]! : 0) * size + node]!;
    for (let p = 0; p < route.length; p++) {
      const before = p === 0 ? 0 : route[p - 1]!;
      const delta = time[before * size + node]! + time[node * size + route[p]!]! - time[before * size + route[p]!]!;
      if (delta < least) least = delta;
    }
    result[index] = least;
  });
  return result;
}

/** Drops one stop and fits two in its place (one of them may be the dropped stop, elsewhere). */
export function dropOneAddTwo(tour: Tour, candidates: number[]): boolean {
  const left = nearestLeftovers(tour, candidates);
  if (left.length === 0) return false;
  for (let i = 0; i < tour.length; i++) {
    const dropped = tour.nodes[i]!;
    const reduced = tour.without(i);
    if (!reduced.feasible) continue;
    const firsts = left
      .map((node) => reduced.bestInsertion(node))
      .filter((insertion): insertion is Insertion => insertion !== null)
      .sort((a, b) => a.delta - b.delta || a.node - b.node)
      .slice(0, DROP_ONE_FIRST_TRIES);
    for (const first of firsts) {
      const withFirst = new Tour(reduced.problem, [...reduced.nodes]);
      withFirst.insert(first);
      let second: Insertion | null = null;
      for (const node of [...left, dropped]) {
        if (node === first.node) continue;
        const insertion = withFirst.bestInsertion(node);
        if (insertion && (!second || insertion.delta < second.delta - IMPROVEMENT)) second = insertion;
      }
      if (second) {
        withFirst.insert(second);
        if (apply(tour, withFirst.nodes)) return true;
      }
    }
  }
  return false;
}

/** Places tried per left-out stop by `insertWithEjections`, cheapest first, and stops it may push out. */
const EJECTION_PLACES = 8;
const MAX_EJECTED = 2;

/**
 * Insertion with repair, for a stop that fits nowhere as the tour stands: put it in anyway (at a
 * place where it is itself on time), push out the stops after it that it makes late (at most
 * MAX_EJECTED), and put those back elsewhere. Succeeds only when every pushed-out stop finds a
 * place, so the plan gains a stop. Runs before the planner gives up on any stop.
 */
export function insertWithEjections(problem: Problem, tour: Tour, candidates: number[]): boolean {
  const { time, size, single } = problem;
  const left = nearestLeftovers(tour, candidates);
  for (const node of left) {
    const nodes = tour.nodes;
    const k = nodes.length;
    const places: Array<{ position: number; delta: number }> = [];
    for (let p = 0; p <= k; p++) {
      if (!join(problem, tour.prefix[p]!, single[node]!)) continue;
      const x = p === 0 ? 0 : nodes[p - 1]!;
      const delta = time[x * size + node]! + (p < k ? time[node * size + nodes[p]!]! - time[x * size + nodes[p]!]! : 0);
      places.push({ position: p, delta });
    }
    places.sort((a, b) => a.delta - b.delta || a.position - b.position);
    for (const { position } of places.slice(0, EJECTION_PLACES)) {
      let sequence: Sequence | null = join(problem, tour.prefix[position]!, single[node]!);
      const kept: number[] = [];
      const ejected: number[] = [];
      for (let m = position; m < k && sequence && ejected.length <= MAX_EJECTED; m++) {
        const next = join(problem, sequence, single[nodes[m]!]!);
        if (next) {
          sequence = next;
          kept.push(nodes[m]!);
        } else {
          ejected.push(nodes[m]!);
        }
      }
      if (ejected.length === 0 || ejected.length > MAX_EJECTED) continue;
      const orders = ejected.length === 1 ? [ejected] : [ejected, [...ejected].reverse()];
      for (const order of orders) {
        const repaired = new Tour(problem, [...nodes.slice(0, position), node, ...kept]);
        if (!repaired.feasible) break;
        let placed = true;
        for (const out of order) {
          const insertion = repaired.bestInsertion(out);
          if (!insertion) {
            placed = false;
            break;
          }
          repaired.insert(insertion);
        }
        if (placed && apply(tour, repaired.nodes)) return true;
      }
    }
  }
  return false;
}

/** `insertAllowingLateness` runs while at most this many stops are left out, on tours up to this long. */
const LATENESS_REPAIR_LEFT = 3;
const LATENESS_REPAIR_UP_TO = 250;
/** Places of the left-out stop the lateness descent starts from, least late first. */
const LATENESS_REPAIR_STARTS = 3;
/** Kicks per start when the descent is stuck with lateness left. */
const LATENESS_REPAIR_KICKS = 30;
/** Driving matters only among plans equally late: a minute late weighs this much. */
const LATENESS_WEIGHT = 1e4;

/**
 * The other repair, for the last few stops left out of a nearly complete plan: put one in where it
 * makes the day least late, then move runs of 1–3 stops (or-opt) and reverse stretches (2-opt) to
 * shrink the lateness (time warp: minutes past a stop's closing, counted and taken back, Nagata et
 * al. 2010) until there is none, each move priced in O(1) (warp.ts). A route through every stop that
 * needs most of the tour reordered is found this way, where insertion and ejection see no room.
 */
export function insertAllowingLateness(problem: Problem, tour: Tour, candidates: number[]): boolean {
  const left = leftovers(tour, candidates);
  if (left.length === 0 || left.length > LATENESS_REPAIR_LEFT || tour.length >= LATENESS_REPAIR_UP_TO) return false;
  const single = warpedSingles(problem);
  const base = new WarpedTour(problem, [...tour.nodes]);
  for (const node of left) {
    // From the few places where the stop makes the day least late, each in turn.
    const starts: Array<{ position: number; warp: number }> = [];
    for (let p = 0; p <= tour.length; p++)
      starts.push({ position: p, warp: warpOf(problem, base.prefix[p]!, single[node], base.suffix[p]) });
    starts.sort((a, b) => a.warp - b.warp || a.position - b.position);
    for (const start of starts.slice(0, LATENESS_REPAIR_STARTS)) {
      // Descend; when stuck with some lateness left, kick (move a random run a few places) and
      // descend again from there if it is no later, a few times (seeded: the same plan every time).
      const next = seeded(node);
      const nodes = [...tour.nodes];
      nodes.splice(start.position, 0, node);
      const current = new WarpedTour(problem, nodes);
      descend(current, LATENESS_WEIGHT);
      for (let kick = 0; kick < LATENESS_REPAIR_KICKS && current.warp > SLACK; kick++) {
        const order = current.nodes;
        const length = 1 + Math.floor(next() * 3);
        const i = Math.floor(next() * (order.length - length + 1));
        const rest = [...order.slice(0, i), ...order.slice(i + length)];
        const at = max(0, min(rest.length, i + Math.floor(next() * 21) - 10));
        const tried = new WarpedTour(problem, [...rest.slice(0, at), ...order.slice(i, i + length), ...rest.slice(at)]);
        descend(tried, LATENESS_WEIGHT);
        if (tried.warp <= current.warp) {
          current.nodes = tried.nodes;
          current.refresh();
        }
      }
      if (current.warp <= SLACK && apply(tour, current.nodes)) return true;
    }
  }
  return false;
}
