/** Constructions: first plans, each improved by the search afterwards. */
import { chain, IMPROVEMENT, join, NEVER, type Problem, type Sequence } from './sequence.js';
import { Tour, type Insertion } from './tour.js';

export type InsertionRule = 'cost' | 'shift' | 'regret';

/** Repeatedly inserts the stop chosen by `rule` at its cheapest place until none fits. */
export function buildByInsertion(problem: Problem, candidates: number[], rule: InsertionRule, seed?: number): Tour {
  const tour = new Tour(problem, seed === undefined ? [] : [seed]);
  let remaining = candidates.filter((node) => node !== seed);
  while (remaining.length > 0) {
    let chosen: Insertion | null = null;
    let chosenKey = NEVER;
    let chosenTie = NEVER;
    const stillFitting: number[] = [];
    for (const node of remaining) {
      let key: number;
      let tie: number;
      let insertion: Insertion;
      if (rule === 'regret') {
        const found = tour.insertionRegret(node);
        if (!found) continue;
        insertion = found.best;
        // A stop with one possible place left is urgent: its regret is as large as it gets.
        key = -(found.second < NEVER ? found.second - found.best.delta : 1e6);
        tie = found.best.delta;
      } else {
        const found = tour.bestInsertion(node);
        if (!found) continue;
        insertion = found;
        key = rule === 'cost' ? found.delta : found.shift;
        tie = rule === 'cost' ? found.shift : found.delta;
      }
      // A stop that fits nowhere now never will (triangle inequality): the tour only grows, so it only gets later.
      stillFitting.push(node);
      if (key < chosenKey - IMPROVEMENT || (key - chosenKey <= IMPROVEMENT && tie < chosenTie - IMPROVEMENT)) {
        chosen = insertion;
        chosenKey = key;
        chosenTie = tie;
      }
    }
    if (!chosen) break;
    tour.insert(chosen);
    remaining = stillFitting.filter((node) => node !== chosen.node);
  }
  return tour;
}

/**
 * Cheapest insertion (the stop that adds the least driving goes in next, at that place) in about
 * n² steps rather than n³: each stop keeps a lower bound of the driving it would add and the place
 * that gave it. An insertion only removes places or makes them later (so a bound stays a bound),
 * and opens two new places, checked for every stop in O(1). The stop with the least bound is
 * inserted when its remembered place still exists and is on time; otherwise it is scanned again.
 * A stop that fits nowhere never will (triangle inequality: the tour only grows).
 */
export function buildByCheapestInsertion(problem: Problem, candidates: number[], seed?: number): Tour {
  const { time, size, single } = problem;
  const tour = new Tour(problem, seed === undefined ? [] : [seed]);
  const bound = new Float64Array(size);
  /** The stop after which the remembered place is (0: the start point), and the one before which (-1: the end). */
  const after = new Int32Array(size).fill(-1);
  const before = new Int32Array(size).fill(-1);
  const known = new Uint8Array(size); // whether bound[node] is the driving of the remembered place
  const where = new Int32Array(size).fill(-1); // index in the tour + 1 (0: the start point)
  where[0] = 0;
  const index = () => tour.nodes.forEach((node, at) => (where[node] = at + 1));
  index();
  const rescan = (node: number): boolean => {
    const found = tour.bestInsertion(node);
    if (!found) return false;
    bound[node] = found.delta;
    after[node] = found.position === 0 ? 0 : tour.nodes[found.position - 1]!;
    before[node] = found.position < tour.length ? tour.nodes[found.position]! : -1;
    known[node] = 1;
    return true;
  };
  let remaining = candidates.filter((node) => node !== seed && rescan(node));
  while (remaining.length > 0) {
    let pick = -1;
    for (const node of remaining) if (pick < 0 || bound[node]! < bound[pick]! - IMPROVEMENT) pick = node;
    const a = after[pick]!;
    const b = before[pick]!;
    const position = where[a]!;
    const valid =
      known[pick] === 1 &&
      (a === 0 || position > 0) &&
      (b === -1 ? position === tour.length : tour.nodes[position] === b) &&
      chain(problem, tour.prefix[position], single[pick], tour.suffix[position]) !== null;
    if (!valid) {
      if (!rescan(pick)) remaining = remaining.filter((node) => node !== pick);
      continue;
    }
    tour.insert({ node: pick, position, delta: bound[pick]!, shift: 0 });
    index();
    remaining = remaining.filter((node) => node !== pick);
    // The two places the insertion opened: between a and pick, and between pick and b.
    for (const node of remaining) {
      const first = time[a * size + node]! + time[node * size + pick]! - time[a * size + pick]!;
      const second = time[pick * size + node]! + (b === -1 ? 0 : time[node * size + b]! - time[pick * size + b]!);
      const least = first < second ? first : second;
      if (least < bound[node]! - IMPROVEMENT) {
        bound[node] = least;
        known[node] = 0;
      } else if (after[node] === a && before[node] === b) {
        known[node] = 0; // its place was split
      }
    }
  }
  return tour;
}

/** Inserts the stops one by one in the given order, each at its cheapest place. */
export function buildInOrder(problem: Problem, order: number[]): Tour {
  const tour = new Tour(problem, []);
  for (const node of order) {
    const insertion = tour.bestInsertion(node);
    if (insertion) tour.insert(insertion);
  }
  return tour;
}

/** Goes next to the stop where a visit can begin soonest (driving plus waiting). */
export function buildSoonestNext(problem: Problem, candidates: number[]): Tour {
  const nodes: number[] = [];
  let end = problem.single[0]!;
  const left = new Set(candidates);
  for (;;) {
    let best: { node: number; sequence: Sequence; begin: number } | null = null;
    for (const node of left) {
      const sequence = join(problem, end, problem.single[node]!);
      if (!sequence) continue;
      const begin = sequence.early + sequence.duration - problem.single[node]!.duration;
      if (!best || begin < best.begin - IMPROVEMENT) best = { node, sequence, begin };
    }
    if (!best) break;
    nodes.push(best.node);
    left.delete(best.node);
    end = best.sequence;
  }
  return new Tour(problem, nodes);
}
