/**
 * Local search among plans with the same stops: 2-opt and swap (or-opt in or-opt.ts). Every accepted move has
 * less driving (or, for the walk that makes room, a shorter day) and is checked in O(1) against
 * the time windows with the tour's prefix and suffix summaries.
 */
import { chain, IMPROVEMENT, join, type Problem, type Sequence } from './sequence.js';
import { apply, type Objective, type Tour } from './tour.js';

/**
 * Keeps the best improving move of a scan. For driving, the time windows are checked only for a
 * move that would win on driving (a cheap test first); for duration, the check gives the score.
 */
export class MoveChooser {
  found = false;
  a = 0;
  b = 0;
  private score = 0;

  constructor(
    private readonly objective: Objective,
    private readonly tour: Tour,
  ) {}

  /** Whether a move with this change of driving could win (then `offer` it with its checked result). */
  wants(drivingDelta: number): boolean {
    if (this.objective === 'duration') return true;
    return drivingDelta < -IMPROVEMENT && (!this.found || drivingDelta < this.score - IMPROVEMENT);
  }

  offer(a: number, b: number, drivingDelta: number, result: Sequence | null): void {
    if (!result) return;
    const score = this.objective === 'driving' ? drivingDelta : result.duration - this.tour.duration;
    if (score >= -IMPROVEMENT || (this.found && score >= this.score - IMPROVEMENT)) return;
    this.found = true;
    this.a = a;
    this.b = b;
    this.score = score;
  }
}

/**
 * The nearest `count` nodes of every node among `nodes` and the start point, by driving both ways
 * (so a symmetric and an asymmetric matrix are treated alike).
 */
export function nearestNodes(problem: Problem, nodes: number[], count: number): Int32Array[] {
  const { time, size } = problem;
  const pool = [0, ...nodes];
  const near: Int32Array[] = [];
  const order = new Float64Array(size);
  for (const node of pool) {
    for (const other of pool) order[other] = time[node * size + other]! + time[other * size + node]!;
    const others = pool.filter((other) => other !== node).sort((a, b) => order[a]! - order[b]! || a - b);
    near[node] = Int32Array.from(others.slice(0, count));
  }
  return near;
}

/**
 * The places (after nodes[j]; -1 is right after the start point) worth trying for a part of the
 * tour whose ends are `first` and `last`: every place, or with neighbour lists those next to a node
 * near either end, ascending. Places inside [from, to] are left out.
 */
export function placesNear(problem: Problem, tour: Tour, first: number, last: number, from: number, to: number): number[] {
  const k = tour.length;
  const places: number[] = [];
  const near = problem.near;
  if (!near) {
    for (let j = -1; j < k; j++) if (j < from || j > to) places.push(j);
    return places;
  }
  // Marks of the places already listed, offset by one so that -1 (after the start) has a slot.
  if (marks.length < k + 1) marks = new Int32Array(2 * (k + 1));
  stamp++;
  for (let side = 0; side < 2; side++) {
    const list = near[side === 0 ? first : last]!;
    if (side === 1 && first === last) break;
    for (let n = 0; n < list.length; n++) {
      const node = list[n]!;
      const index = node === 0 ? -1 : tour.at[node]!;
      if (node !== 0 && index < 0) continue;
      // Right after the neighbour, and right before it.
      for (let j = index; j >= index - 1 && j >= -1; j--) {
        if ((j < from || j > to) && marks[j + 1] !== stamp) {
          marks[j + 1] = stamp;
          places.push(j);
        }
        if (node === 0) break;
      }
    }
  }
  if (k - 1 < from || k - 1 > to) {
    if (marks[k] !== stamp) places.push(k - 1); // the end of the day is always a place to try
  }
  return places;
}

/** Ascending, the places whose move could win (`delta` below zero; every place when the day's length is what counts). */
export function promising(places: number[], objective: Objective, delta: (j: number) => number): number[] {
  const kept = objective === 'duration' ? places : places.filter((j) => delta(j) < -IMPROVEMENT);
  return kept.sort((a, b) => a - b);
}

let marks = new Int32Array(64);
let stamp = 0;

/** 2-opt: reverses nodes[i..j] (an open path, so j may be the last stop). */
export function twoOpt(problem: Problem, tour: Tour, objective: Objective): boolean {
  const { time, size, single } = problem;
  const t = (from: number, to: number) => time[from * size + to]!;
  let changed = false;
  for (let i = 0; i + 1 < tour.length; i++) {
    const nodes = tour.nodes;
    const k = nodes.length;
    const x = i === 0 ? 0 : nodes[i - 1]!;
    const a = nodes[i]!;
    // New legs: x → nodes[j] and nodes[i] → nodes[j + 1]; with neighbour lists, one of them is short.
    const delta = (j: number) =>
      t(x, nodes[j]!) -
      t(x, a) +
      tour.backward[j]! -
      tour.backward[i]! -
      (tour.forward[j]! - tour.forward[i]!) +
      (j + 1 < k ? t(a, nodes[j + 1]!) - t(nodes[j]!, nodes[j + 1]!) : 0);
    const ends = problem.near ? promising(placesNear(problem, tour, x, a, -2, i), objective, delta) : null;
    // nodes[i..to] reversed, extended only as far as a move that could win needs it.
    let reversed: Sequence | null = single[a]!;
    let to = i;
    const chooser = new MoveChooser(objective, tour);
    const count = ends ? ends.length : k;
    for (let p = 0; p < count; p++) {
      const j = ends ? ends[p]! : p;
      if (j <= i || j >= k) continue;
      const change = delta(j);
      if (!chooser.wants(change)) continue;
      while (reversed && to < j) reversed = join(problem, single[nodes[++to]!]!, reversed);
      // Putting a stop in front of a late sequence never makes it on time: no longer reversal can be.
      if (!reversed) break;
      chooser.offer(j, 0, change, chain(problem, tour.prefix[i], reversed, tour.suffix[j + 1]));
    }
    if (chooser.found) {
      const next = [...nodes];
      const segment = next.slice(i, chooser.a + 1).reverse();
      next.splice(i, segment.length, ...segment);
      if (apply(tour, next, i, chooser.a)) changed = true;
    }
  }
  return changed;
}

/** Swap: two stops trade places. */
export function swap(problem: Problem, tour: Tour, objective: Objective): boolean {
  const { time, size, single } = problem;
  const t = (from: number, to: number) => time[from * size + to]!;
  let changed = false;
  for (let i = 0; i + 1 < tour.length; i++) {
    const nodes = tour.nodes;
    const k = nodes.length;
    const a = nodes[i]!;
    const x = i === 0 ? 0 : nodes[i - 1]!;
    // With neighbour lists: the stops near a (its new neighbours are b's old ones).
    const delta = (j: number) => {
      const b = nodes[j]!;
      const after = j + 1 < k ? t(a, nodes[j + 1]!) - t(b, nodes[j + 1]!) : 0;
      return j === i + 1
        ? t(x, b) + t(b, a) - t(x, a) - t(a, b) + after
        : t(x, b) + t(b, nodes[i + 1]!) + t(nodes[j - 1]!, a) - t(x, a) - t(a, nodes[i + 1]!) - t(nodes[j - 1]!, b) + after;
    };
    const others = problem.near
      ? promising(
          placesNear(problem, tour, a, a, -2, i - 1)
            .map((j) => j + 1)
            .filter((j) => j < k),
          objective,
          delta,
        )
      : null;
    // nodes[i + 1 .. to], extended only as far as a move that could win needs it.
    let middle: Sequence | null = null;
    let to = i;
    const chooser = new MoveChooser(objective, tour);
    const count = others ? others.length : k;
    for (let p = 0; p < count; p++) {
      const j = others ? others[p]! : p;
      if (j <= i || j >= k) continue;
      const b = nodes[j]!;
      const change = delta(j);
      if (!chooser.wants(change)) continue;
      while (to < j - 1) {
        const node = single[nodes[++to]!]!;
        middle = middle ? join(problem, middle, node) : node;
        if (!middle) break;
      }
      // A late stretch between them stays late whatever comes before it.
      if (to < j - 1 || (j > i + 1 && !middle)) break;
      const swapped = middle
        ? chain(problem, tour.prefix[i], single[b], middle, single[a], tour.suffix[j + 1])
        : chain(problem, tour.prefix[i], single[b], single[a], tour.suffix[j + 1]);
      chooser.offer(j, 0, change, swapped);
    }
    if (chooser.found) {
      const next = [...nodes];
      next[i] = nodes[chooser.a]!;
      next[chooser.a] = a;
      if (apply(tour, next, i, chooser.a)) changed = true;
    }
  }
  return changed;
}
