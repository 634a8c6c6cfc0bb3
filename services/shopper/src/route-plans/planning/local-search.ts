/**
 * Local search among plans with the same stops: or-opt, 2-opt and swap. Every accepted move has
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

export function moveRun(problem: Problem, tour: Tour, i: number, length: number, objective: Objective): boolean {
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
  let forwardCost = 0;
  let backwardCost = 0;
  for (let j = i + 1; j < end; j++) {
    forward = forward && join(problem, forward, single[nodes[j]!]!);
    forwardCost += t(nodes[j - 1]!, nodes[j]!);
  }
  for (let j = end - 2; j >= i; j--) {
    backward = backward && join(problem, backward, single[nodes[j]!]!);
    backwardCost += t(nodes[j + 1]!, nodes[j]!);
  }
  if (length === 1) backward = null; // the same run
  const reversedExtra = backwardCost - forwardCost;
  const chooser = new MoveChooser(objective, tour);

  // The stretch of tour the run jumps over is summarised lazily, as far as a move needs it.
  // Earlier in the tour: between nodes[j] (or the start) and nodes[j + 1], for j from i - 2 down to -1.
  let middle: Sequence | null = i >= 1 ? single[nodes[i - 1]!]! : null;
  let from = i - 1; // middle covers nodes[from .. i - 1]
  const middleFrom = (index: number): Sequence | null => {
    while (middle && from > index) middle = join(problem, single[nodes[--from]!]!, middle);
    return middle;
  };
  for (let j = i - 2; j >= -1 && middle; j--) {
    const x = j === -1 ? 0 : nodes[j]!;
    const y = nodes[j + 1]!;
    const gap = removal - t(x, y);
    const asIs = gap + t(x, first) + t(last, y);
    if (forward && chooser.wants(asIs))
      chooser.offer(j, 0, asIs, chain(problem, tour.prefix[j + 1], forward, middleFrom(j + 1), tour.suffix[end]));
    const turned = gap + t(x, last) + t(first, y) + reversedExtra;
    if (backward && chooser.wants(turned))
      chooser.offer(j, 1, turned, chain(problem, tour.prefix[j + 1], backward, middleFrom(j + 1), tour.suffix[end]));
  }
  // Later in the tour: between nodes[j] and nodes[j + 1] (or the end), for j from end to k - 1.
  middle = end < k ? single[nodes[end]!]! : null;
  let to = end; // middle covers nodes[end .. to]
  const middleTo = (index: number): Sequence | null => {
    while (middle && to < index) middle = join(problem, middle, single[nodes[++to]!]!);
    return middle;
  };
  for (let j = end; j < k && middle; j++) {
    const x = nodes[j]!;
    const y = j + 1 < k ? nodes[j + 1]! : -1;
    const gap = removal - (y >= 0 ? t(x, y) : 0);
    const asIs = gap + t(x, first) + (y >= 0 ? t(last, y) : 0);
    if (forward && chooser.wants(asIs)) chooser.offer(j, 0, asIs, chain(problem, tour.prefix[i], middleTo(j), forward, tour.suffix[j + 1]));
    const turned = gap + t(x, last) + (y >= 0 ? t(first, y) : 0) + reversedExtra;
    if (backward && chooser.wants(turned))
      chooser.offer(j, 1, turned, chain(problem, tour.prefix[i], middleTo(j), backward, tour.suffix[j + 1]));
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
    let reversed: Sequence | null = single[nodes[i]!]!;
    let forwardCost = 0;
    let backwardCost = 0;
    const chooser = new MoveChooser(objective, tour);
    for (let j = i + 1; j < k; j++) {
      forwardCost += t(nodes[j - 1]!, nodes[j]!);
      backwardCost += t(nodes[j]!, nodes[j - 1]!);
      // Putting a stop in front of a late sequence never makes it on time: stop extending.
      reversed = join(problem, single[nodes[j]!]!, reversed);
      if (!reversed) break;
      let delta = t(x, nodes[j]!) - t(x, nodes[i]!) + backwardCost - forwardCost;
      if (j + 1 < k) delta += t(nodes[i]!, nodes[j + 1]!) - t(nodes[j]!, nodes[j + 1]!);
      if (chooser.wants(delta)) chooser.offer(j, 0, delta, chain(problem, tour.prefix[i], reversed, tour.suffix[j + 1]));
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
    let middle: Sequence | null = null; // nodes[i + 1 .. j - 1]
    const chooser = new MoveChooser(objective, tour);
    for (let j = i + 1; j < k; j++) {
      const b = nodes[j]!;
      const after = j + 1 < k ? t(a, nodes[j + 1]!) - t(b, nodes[j + 1]!) : 0;
      const delta =
        j === i + 1
          ? t(x, b) + t(b, a) - t(x, a) - t(a, b) + after
          : t(x, b) + t(b, nodes[i + 1]!) + t(nodes[j - 1]!, a) - t(x, a) - t(a, nodes[i + 1]!) - t(nodes[j - 1]!, b) + after;
      if (chooser.wants(delta)) {
        const swapped = middle
          ? chain(problem, tour.prefix[i], single[b], middle, single[a], tour.suffix[j + 1])
          : chain(problem, tour.prefix[i], single[b], single[a], tour.suffix[j + 1]);
        chooser.offer(j, 0, delta, swapped);
      }
      middle = middle ? join(problem, middle, single[b]!) : single[b]!;
      if (!middle) break;
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
