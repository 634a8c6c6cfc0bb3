/** Constructions: first plans, each improved by the search afterwards. */
import { IMPROVEMENT, join, NEVER, type Problem, type Sequence } from './sequence.js';
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
