import { describe, expect, it } from '@jest/globals';
import { seeded } from './random.js';
import { join, type Problem, type Sequence } from './sequence.js';
import { joinWarped, warpedSingles, WarpedTour, warpOf } from './warp.js';
import { descend } from './warp-search.js';

/** A random asymmetric problem with tight windows, so that many orders are late. */
function problem(seed: number, size: number): Problem {
  const next = seeded(seed);
  const time = new Float64Array(size * size);
  for (let from = 0; from < size; from++)
    for (let to = 0; to < size; to++) if (from !== to) time[from * size + to] = 1 + Math.floor(next() * 30);
  const single: Sequence[] = [{ first: 0, last: 0, early: 480, late: 480, duration: 0 }];
  for (let node = 1; node < size; node++) {
    const early = 480 + Math.floor(next() * 200);
    single.push({ first: node, last: node, early, late: early + Math.floor(next() * 60), duration: 5 });
  }
  return { size, time, single, closes: new Float64Array(size) };
}

/** Minutes late, replayed stop by stop: each late arrival is taken back to the closing time. */
function replayedWarp(p: Problem, nodes: number[]): number {
  let clock = 480;
  let at = 0;
  let warp = 0;
  for (const node of nodes) {
    const own = p.single[node]!;
    clock = Math.max(clock + p.time[at * p.size + node]!, own.early);
    if (clock > own.late) {
      warp += clock - own.late;
      clock = own.late;
    }
    clock += own.duration;
    at = node;
  }
  return warp;
}

function shuffled(next: () => number, size: number): number[] {
  const nodes = Array.from({ length: size - 1 }, (_, index) => index + 1);
  for (let i = nodes.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [nodes[i], nodes[j]] = [nodes[j]!, nodes[i]!];
  }
  return nodes;
}

describe('time-warp sequences', () => {
  it('count the same lateness as a replay, however the order is split and joined', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const p = problem(seed, 12);
      const next = seeded(seed * 7);
      const nodes = shuffled(next, 12);
      const tour = new WarpedTour(p, nodes);
      expect(tour.warp).toBeCloseTo(replayedWarp(p, nodes), 9);
      // Any cut: prefix ⊕ the rest, and the rest built from its own parts.
      const single = warpedSingles(p);
      const cut = Math.floor(next() * nodes.length);
      const rest = nodes.slice(cut).map((node) => single[node]!);
      const joinedRest = rest.length > 0 ? rest.reduce((a, b) => joinWarped(p, a, b)) : undefined;
      expect(warpOf(p, tour.prefix[cut]!, joinedRest)).toBeCloseTo(tour.warp, 9);
      // Without lateness, the plain sequences agree that the order is on time.
      let plain: Sequence | null = p.single[0]!;
      for (const node of nodes) plain = plain && join(p, plain, p.single[node]!);
      expect(plain !== null).toBe(tour.warp <= 1e-7);
    }
  });

  it('descend never leaves an order later or longer than it found it, and keeps every stop once', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const p = problem(seed, 20);
      const nodes = shuffled(seeded(seed), 20);
      const tour = new WarpedTour(p, [...nodes]);
      const before = tour.cost + 1000 * tour.warp;
      descend(tour, 1000);
      expect(tour.cost + 1000 * tour.warp).toBeLessThanOrEqual(before + 1e-9);
      expect([...tour.nodes].sort((a, b) => a - b)).toEqual([...nodes].sort((a, b) => a - b));
      expect(tour.warp).toBeCloseTo(replayedWarp(p, tour.nodes), 9);
    }
  });
});
