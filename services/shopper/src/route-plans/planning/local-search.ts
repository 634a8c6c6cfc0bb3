/**
 * Local search among plans with the same stops: or-opt, 2-opt and swap. Every accepted move has
 * less driving (or, for the walk that makes room, a shorter day) and is checked in O(1) against
 * the time windows with the tour's prefix and suffix summaries.
 */
import { chain, IMPROVEMENT, join, min, NEVER, type Problem, type Sequence } from './sequence.js';
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

/** Or-opt: moves a run of 1 to 3 consecutive stops elsewhere, as is or reversed. */
export function orOpt(problem: Problem, tour: Tour, objective: Objective): boolean {
  let changed = false;
  for (let length = 1; length <= 3; length++) {
    for (let i = 0; i + length <= tour.length; i++) {
      if (moveRun(problem, tour, i, length, objective)) changed = true;
    }
  }
  return changed;
}

/**
 * The places (after nodes[j]; -1 is right after the start point) worth trying for a part of the
 * tour whose ends are `first` and `last`: every place, or with neighbour lists those next to a node
 * near either end, ascending. Places inside [from, to] are left out.
 */
function placesNear(problem: Problem, tour: Tour, first: number, last: number, from: number, to: number): number[] {
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
function promising(places: number[], objective: Objective, delta: (j: number) => number): number[] {
  const kept = objective === 'duration' ? places : places.filter((j) => delta(j) < -IMPROVEMENT);
  return kept.sort((a, b) => a - b);
}

/**
 * The same as promising(placesNear(…)) for or-opt, without building and sorting the list of every
 * place when there are no neighbour lists (every place is tried: this scan is most of a round's work).
 */
function promisingPlaces(
  problem: Problem,
  tour: Tour,
  first: number,
  last: number,
  from: number,
  to: number,
  objective: Objective,
  delta: (j: number) => number,
): number[] {
  if (problem.near || objective === 'duration') return promising(placesNear(problem, tour, first, last, from, to), objective, delta);
  const kept: number[] = [];
  const k = tour.length;
  for (let j = -1; j < k; j++) if ((j < from || j > to) && delta(j) < -IMPROVEMENT) kept.push(j);
  return kept;
}

let marks = new Int32Array(64);
let stamp = 0;

function moveRun(problem: Problem, tour: Tour, i: number, length: number, objective: Objective): boolean {
  const { time, size, single } = problem;
  const t = (from: number, to: number) => time[from * size + to]!;
  const nodes = tour.nodes;
  const k = nodes.length;
  if (k <= length) return false;
  const end = i + length; // first index after the run
  const first = nodes[i]!;
  const last = nodes[end - 1]!;
  const before = i === 0 ? 0 : nodes[i - 1]!;
  const removal = -t(before, first) + (end < k ? t(before, nodes[end]!) - t(last, nodes[end]!) : 0);

  // The run as is, and reversed (with its own inner driving when travel is not symmetric).
  let forward: Sequence | null = single[first]!;
  let backward: Sequence | null = single[last]!;
  for (let j = i + 1; j < end; j++) forward = forward && join(problem, forward, single[nodes[j]!]!);
  for (let j = end - 2; j >= i; j--) backward = backward && join(problem, backward, single[nodes[j]!]!);
  if (length === 1) backward = null; // the same run
  const reversedExtra = tour.backward[end - 1]! - tour.backward[i]! - (tour.forward[end - 1]! - tour.forward[i]!);
  const chooser = new MoveChooser(objective, tour);
  const places = promisingPlaces(problem, tour, first, last, i - 1, end - 1, objective, (j) => {
    const x = j === -1 ? 0 : nodes[j]!;
    const y = j + 1 < k ? nodes[j + 1]! : -1;
    const gap = removal - (y >= 0 && j + 1 !== i ? t(x, y) : 0);
    const onward = (node: number) => (y >= 0 ? t(node, y) : 0);
    return gap + min(forward ? t(x, first) + onward(last) : NEVER, backward ? t(x, last) + onward(first) + reversedExtra : NEVER);
  });
  if (places.length === 0) return false;

  // The stretch of tour the run jumps over is summarised lazily, as far as a move needs it.
  // Earlier in the tour: between nodes[j] (or the start) and nodes[j + 1], nearest first.
  let middle: Sequence | null = i >= 1 ? single[nodes[i - 1]!]! : null;
  let from = i - 1; // middle covers nodes[from .. i - 1]
  for (let p = places.length - 1; p >= 0 && middle; p--) {
    const j = places[p]!;
    if (j > i - 2) continue;
    const x = j === -1 ? 0 : nodes[j]!;
    const y = nodes[j + 1]!;
    const gap = removal - t(x, y);
    const asIs = gap + t(x, first) + t(last, y);
    const turned = gap + t(x, last) + t(first, y) + reversedExtra;
    const wantsAsIs = forward !== null && chooser.wants(asIs);
    const wantsTurned = backward !== null && chooser.wants(turned);
    if (!wantsAsIs && !wantsTurned) continue;
    while (middle && from > j + 1) middle = join(problem, single[nodes[--from]!]!, middle);
    if (!middle) break;
    if (wantsAsIs) chooser.offer(j, 0, asIs, chain(problem, tour.prefix[j + 1], forward, middle, tour.suffix[end]));
    if (wantsTurned && chooser.wants(turned))
      chooser.offer(j, 1, turned, chain(problem, tour.prefix[j + 1], backward, middle, tour.suffix[end]));
  }
  // Later in the tour: between nodes[j] and nodes[j + 1] (or the end), nearest first.
  middle = end < k ? single[nodes[end]!]! : null;
  let to = end; // middle covers nodes[end .. to]
  for (let p = 0; p < places.length && middle; p++) {
    const j = places[p]!;
    if (j < end) continue;
    const x = nodes[j]!;
    const y = j + 1 < k ? nodes[j + 1]! : -1;
    const gap = removal - (y >= 0 ? t(x, y) : 0);
    const asIs = gap + t(x, first) + (y >= 0 ? t(last, y) : 0);
    const turned = gap + t(x, last) + (y >= 0 ? t(first, y) : 0) + reversedExtra;
    const wantsAsIs = forward !== null && chooser.wants(asIs);
    const wantsTurned = backward !== null && chooser.wants(turned);
    if (!wantsAsIs && !wantsTurned) continue;
    while (middle && to < j) middle = join(problem, middle, single[nodes[++to]!]!);
    if (!middle) break;
    if (wantsAsIs) chooser.offer(j, 0, asIs, chain(problem, tour.prefix[i], middle, forward, tour.suffix[j + 1]));
    if (wantsTurned && chooser.wants(turned))
      chooser.offer(j, 1, turned, chain(problem, tour.prefix[i], middle, backward, tour.suffix[j + 1]));
  }
  if (!chooser.found) return false;

  const after = chooser.a;
  const run = nodes.slice(i, end);
  if (chooser.b === 1) run.reverse();
  const rest = [...nodes.slice(0, i), ...nodes.slice(end)];
  // `after` indexes the original tour; in `rest` the nodes after the run moved back by `length`.
  const at = after < i ? after + 1 : after + 1 - length;
  return apply(tour, [...rest.slice(0, at), ...run, ...rest.slice(at)]);
}

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
      if (apply(tour, next)) changed = true;
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
      if (apply(tour, next)) changed = true;
    }
  }
  return changed;
}
