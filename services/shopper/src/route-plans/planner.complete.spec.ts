import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { planOnMatrix, planRoute } from './planner.js';
import type { StopRequest } from './planner.types.js';
import { greatCircleTravel } from './travel.js';

/**
 * Visiting every sale comes first: on instances where a route through every stop is known, the
 * plan must visit them all, on time. The known routes are the best published tours of TSPTW
 * instances (bench/planner/tsptw), and generated days scheduled along a route of their own. Every
 * plan is replayed here, apart from the planner.
 */
const TSPTW = new URL('../../../../bench/planner/tsptw/', import.meta.url);

interface Instance {
  dimension: number;
  matrix: number[];
  open: number[];
  close: number[];
}

/** A .tsptw file (TSPLIB style, LOWER_DIAG_ROW matrix); node 0 is the depot. */
function readInstance(name: string): Instance {
  let dimension = 0;
  let section = '';
  const weights: number[] = [];
  const open: number[] = [];
  const close: number[] = [];
  for (const line of readFileSync(new URL(`${name}.tsptw`, TSPTW), 'utf8')
    .split('\n')
    .map((text) => text.trim())) {
    const header = /^([A-Z_]+)\s*:\s*(.*)$/.exec(line);
    if (header?.[1] === 'DIMENSION') dimension = Number(header[2]);
    if (header || !line || line === 'EOF') continue;
    if (/^[A-Z_]+$/.test(line)) {
      section = line;
      continue;
    }
    const numbers = line.split(/\s+/).map(Number);
    if (section === 'EDGE_WEIGHT_SECTION') weights.push(...numbers);
    if (section === 'TIME_WINDOW_SECTION') {
      open[numbers[0]! - 1] = numbers[1]!;
      close[numbers[0]! - 1] = numbers[2]!;
    }
  }
  const matrix = new Array<number>(dimension * dimension).fill(0);
  let index = 0;
  for (let row = 0; row < dimension; row++) {
    for (let column = 0; column <= row; column++) {
      matrix[row * dimension + column] = weights[index]!;
      matrix[column * dimension + row] = weights[index++]!;
    }
  }
  return { dimension, matrix, open, close };
}

/** The best-known tour, 0-based, starting at the depot. */
function readTour(name: string): number[] {
  const lines = readFileSync(new URL(`${name}.tour`, TSPTW), 'utf8').split('\n');
  const nodes: number[] = [];
  for (const line of lines.slice(lines.findIndex((text) => text.trim() === 'TOUR_SECTION') + 1)) {
    const node = Number(line.trim());
    if (node === -1 || !line.trim()) break;
    nodes.push(node - 1);
  }
  return nodes;
}

/** Each customer must now be reached by the time the known tour reaches it (no later: no slack). */
function deadlinesOfTour(instance: Instance, tour: number[]): Instance {
  const close = [...instance.close];
  let at = 0;
  let time = instance.open[0]!;
  for (const node of tour.slice(1)) {
    time = Math.max(time + instance.matrix[at * instance.dimension + node]!, instance.open[node]!);
    close[node] = time;
    at = node;
  }
  return { ...instance, close };
}

/** Plans the closed tour (a depot copy opening after every customer has closed is the last stop). */
function planTour(instance: Instance) {
  const { dimension, matrix, open, close } = instance;
  const size = dimension + 1;
  const of = (node: number) => (node === dimension ? 0 : node);
  const minutes = Array.from({ length: size * size }, (_, index) => {
    const from = Math.floor(index / size);
    const to = index % size;
    return from === to ? 0 : matrix[of(from) * dimension + of(to)]!;
  });
  const lastClose = Math.max(...close.slice(1));
  const plan = planOnMatrix({
    minutes,
    opensAt: [...open, Math.min(lastClose + 1, close[0]!)],
    closesAt: [...close, close[0]!],
    startAt: open[0]!,
    minutesPerStop: 0,
  });
  return { ...plan, order: plan.order.map(of) };
}

/** Replays an order (depot last) on the instance: late stops and the length. */
function replayTour(instance: Instance, order: number[]): { late: number[]; length: number } {
  const late: number[] = [];
  let at = 0;
  let time = instance.open[0]!;
  let length = 0;
  for (const node of order) {
    const drive = instance.matrix[at * instance.dimension + node]!;
    length += drive;
    time = Math.max(time + drive, instance.open[node]!);
    if (time > instance.close[node]!) late.push(node);
    at = node;
  }
  return { late, length };
}

describe('planOnMatrix on published TSPTW instances with a known complete tour', () => {
  it.each(['Gendreau/n80w100.001', 'Gendreau/n80w200.003'])('%s: visits every customer, on time, close to the best-known tour', (name) => {
    const instance = readInstance(name);
    const known = replayTour(instance, [...readTour(name).slice(1), 0]);
    expect(known.late).toEqual([]);
    const plan = planTour(instance);
    expect(plan.left).toEqual([]);
    expect(plan.order[plan.order.length - 1]).toBe(0);
    expect(new Set(plan.order).size).toBe(instance.dimension);
    const replayed = replayTour(instance, plan.order);
    expect(replayed.late).toEqual([]);
    expect(replayed.length).toBeCloseTo(plan.driveMinutes, 6);
    // Within 5 % of LKH-3's tour (the bench measures the real gap; this guards against a collapse).
    expect(replayed.length).toBeLessThanOrEqual(known.length * 1.05);
  });

  it.each(['Gendreau/n80w140.004', 'Gendreau/n80w160.002'])(
    '%s with every deadline at the time the best tour arrives: still visits every customer',
    (name) => {
      const tour = readTour(name);
      const instance = deadlinesOfTour(readInstance(name), tour);
      expect(replayTour(instance, [...tour.slice(1), 0]).late).toEqual([]);
      const plan = planTour(instance);
      expect(plan.left).toEqual([]);
      expect(replayTour(instance, plan.order).late).toEqual([]);
    },
  );
});

describe('planRoute on days scheduled along a route of their own', () => {
  /** mulberry32, so each day is the same on every run. */
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

  it.each([1, 2, 3])('day %i: 59 sales whose hours fit one route through all of them; the plan visits all 59', (seed) => {
    const travel = greatCircleTravel();
    const next = random(seed);
    const start = { latitude: 41.88, longitude: -87.63 };
    let at = start;
    let clock = 480;
    const stops: StopRequest[] = [];
    for (let i = 0; i < 59; i++) {
      const point = { latitude: start.latitude + (next() - 0.5) * 0.15, longitude: start.longitude + (next() - 0.5) * 0.2 };
      clock += travel.minutes(at, point);
      // Opens up to 2 hours before that route gets there, closes up to 30 minutes after its visit.
      stops.push({
        saleId: i + 1,
        title: `Sale ${i + 1}`,
        ...point,
        opensAt: Math.floor(clock - next() * 120),
        closesAt: Math.ceil(clock + 15 + next() * 30),
      });
      clock += 15;
      at = point;
    }
    const plan = planRoute({ start, startAt: 480, stops, minutesPerStop: 15 });
    expect(plan.unplanned).toEqual([]);
    expect(plan.stops).toHaveLength(59);
    let leave = 480;
    let from = start;
    for (const planned of plan.stops) {
      const stop = stops[planned.saleId - 1]!;
      const begin = Math.max(leave + travel.minutes(from, stop), stop.opensAt);
      leave = begin + 15;
      expect(leave).toBeLessThanOrEqual(stop.closesAt + 1e-6);
      from = stop;
    }
  });
});
