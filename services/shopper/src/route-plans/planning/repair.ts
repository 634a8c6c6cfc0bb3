/**
 * Repair: putting stops left out back into the plan (insertion, exchange for a stop in the plan,
 * "drop one, add two"), so that visiting as many sales as possible comes first.
 */
import { IMPROVEMENT, min, type Problem } from './sequence.js';
import { apply, Tour, type Insertion, type Objective } from './tour.js';

/** How many first insertions "drop one, add two" tries per dropped stop. */
const DROP_ONE_FIRST_TRIES = 3;

export function leftovers(tour: Tour, candidates: number[]): number[] {
  const inTour = new Set(tour.nodes);
  return candidates.filter((node) => !inTour.has(node));
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
  let left = leftovers(tour, candidates);
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
        left = leftovers(tour, candidates);
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
  const left = leftovers(tour, candidates);
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
