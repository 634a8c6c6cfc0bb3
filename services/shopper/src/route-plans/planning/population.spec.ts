import { describe, expect, it } from '@jest/globals';
import { buildByCheapestInsertion, buildInOrder } from './construction.js';
import { brokenPairs, orderCrossover } from './crossover.js';
import { evolve } from './population.js';
import { seeded } from './random.js';
import { solve } from './search.js';
import { type Problem, type Sequence } from './sequence.js';
import { Tour } from './tour.js';
import { improve } from './walk.js';

/** Points in a square (symmetric, integer minutes) with windows of 4–8 hours: wide, as a sale day's. */
function wideProblem(seed: number, size: number): Problem {
  const next = seeded(seed);
  const points = Array.from({ length: size }, () => [next() * 60, next() * 60] as const);
  const time = new Float64Array(size * size);
  for (let from = 0; from < size; from++)
    for (let to = 0; to < size; to++)
      if (from !== to)
        time[from * size + to] = Math.round(Math.hypot(points[from]![0] - points[to]![0], points[from]![1] - points[to]![1]));
  const single: Sequence[] = [{ first: 0, last: 0, early: 0, late: 0, duration: 0 }];
  const closes = new Float64Array(size);
  for (let node = 1; node < size; node++) {
    const early = Math.floor(next() * 600);
    const late = early + 240 + Math.floor(next() * 240);
    single.push({ first: node, last: node, early, late, duration: 0 });
    closes[node] = late;
  }
  return { size, time, single, closes };
}

function permutation(next: () => number, size: number): number[] {
  const nodes = Array.from({ length: size }, (_, index) => index + 1);
  for (let i = nodes.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [nodes[i], nodes[j]] = [nodes[j]!, nodes[i]!];
  }
  return nodes;
}

describe('order crossover', () => {
  it('gives an order of the same stops, each once', () => {
    const next = seeded(7);
    for (let trial = 0; trial < 50; trial++) {
      const a = permutation(next, 30);
      const b = permutation(next, 30);
      const child = orderCrossover(a, b, next);
      expect([...child].sort((x, y) => x - y)).toEqual([...a].sort((x, y) => x - y));
    }
  });

  it('keeps a stretch of the first parent in place and the rest in the order of the second', () => {
    const a = [1, 2, 3, 4, 5, 6, 7, 8];
    const b = [8, 6, 4, 2, 7, 5, 3, 1];
    const draws = [0.25, 0.5]; // positions 2 and 4 of 8
    const child = orderCrossover(a, b, () => draws.shift()!);
    expect(child).toEqual([8, 6, 3, 4, 5, 2, 7, 1]);
  });
});

describe('broken-pairs distance', () => {
  it('is 0 for the same plan and counts the legs one plan drives and the other does not', () => {
    expect(brokenPairs([1, 2, 3, 4], [1, 2, 3, 4], 5)).toBe(0);
    // Legs of a: 0→1, 1→2, 2→3, 3→4; b drives 0→1 and 2→3 only.
    expect(brokenPairs([1, 2, 3, 4], [1, 4, 2, 3], 5)).toBe(0.5);
    expect(brokenPairs([1, 2, 3], [3, 2, 1], 4)).toBe(1);
  });
});

describe('the population', () => {
  const problem = wideProblem(3, 81);
  const candidates = Array.from({ length: 80 }, (_, index) => index + 1);

  it('ends with a plan on time through every stop, no longer than the best it started from', () => {
    const byClosing = [...candidates].sort((a, b) => problem.closes[a]! - problem.closes[b]!);
    const starts = [buildByCheapestInsertion(problem, candidates), buildInOrder(problem, byClosing)]
      .map((tour) => improve(problem, tour, candidates, 'driving', true))
      .filter((tour) => tour.length === candidates.length);
    expect(starts.length).toBeGreaterThan(0);
    const shortest = Math.min(...starts.map((tour) => tour.cost));
    const plan = evolve({ problem, candidates, next: seeded(1), penalty: { value: 0.2 } }, starts, 40);
    expect(plan.length).toBe(candidates.length);
    expect(new Tour(problem, [...plan.nodes]).feasible).toBe(true);
    expect(plan.cost).toBeLessThanOrEqual(shortest);
  });

  it('gives the same plan every time', () => {
    const first = solve(wideProblem(5, 81), candidates);
    const second = solve(wideProblem(5, 81), candidates);
    expect(first.length).toBe(candidates.length);
    expect(second.nodes).toEqual(first.nodes);
  });
});
