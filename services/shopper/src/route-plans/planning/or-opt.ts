/**
 * Or-opt among plans with the same stops: a run of 1 to 3 consecutive stops moves elsewhere, as is
 * or reversed, when that drives less (or, for the walk that makes room, shortens the day); checked
 * in O(1) against the time windows with the tour's prefix and suffix summaries. This scan is most
 * of a round's local search, so its places are listed into one reused buffer, each priced once
 * and inline (no list of every place, no filter, no closure per run).
 */
import { MoveChooser, placesNear, promising } from './local-search.js';
import { chain, IMPROVEMENT, join, max, min, NEVER, type Problem, type Sequence } from './sequence.js';
import { apply, type Objective, type Tour } from './tour.js';

export function orOpt(problem: Problem, tour: Tour, objective: Objective): boolean {
  let changed = false;
  for (let length = 1; length <= 3; length++) {
    for (let i = 0; i + length <= tour.length; i++) {
      if (moveRun(problem, tour, i, length, objective)) changed = true;
    }
  }
  return changed;
}

// The places a run may go to (see `promisingPlaces`), and the marks of those already looked at.
let found = new Int32Array(64);
let count = 0;
let marks = new Int32Array(64);
let stamp = 0;

/** What moving the run after nodes[j] saves at best (as is or reversed), from driving alone. */
function gain(
  time: Float64Array,
  size: number,
  nodes: number[],
  j: number,
  i: number,
  removal: number,
  first: number,
  last: number,
  asIs: boolean,
  turned: boolean,
  reversedExtra: number,
): number {
  const k = nodes.length;
  const x = j === -1 ? 0 : nodes[j]!;
  const y = j + 1 < k ? nodes[j + 1]! : -1;
  const gap = removal - (y >= 0 && j + 1 !== i ? time[x * size + y]! : 0);
  return (
    gap +
    min(
      asIs ? time[x * size + first]! + (y >= 0 ? time[last * size + y]! : 0) : NEVER,
      turned ? time[x * size + last]! + (y >= 0 ? time[first * size + y]! : 0) + reversedExtra : NEVER,
    )
  );
}

/**
 * Into `found[0 .. count)`, ascending: the places (after nodes[j]; -1 is right after the start
 * point) outside [from, to] where the run could drive less: every place, or with neighbour lists
 * those next to a node near either end of the run, and the end of the day. The same places, in
 * the same order, as filtering and sorting the list of places.
 */
function promisingPlaces(
  problem: Problem,
  tour: Tour,
  i: number,
  length: number,
  removal: number,
  asIs: boolean,
  turned: boolean,
  reversedExtra: number,
): void {
  const { time, size, near } = problem;
  const nodes = tour.nodes;
  const k = nodes.length;
  const first = nodes[i]!;
  const last = nodes[i + length - 1]!;
  const from = i - 1;
  const to = i + length - 1;
  if (found.length < k + 1) found = new Int32Array(2 * (k + 1));
  count = 0;
  if (!near) {
    for (let j = -1; j < k; j++)
      if ((j < from || j > to) && gain(time, size, nodes, j, i, removal, first, last, asIs, turned, reversedExtra) < -IMPROVEMENT)
        found[count++] = j;
    return;
  }
  // Marks of the places already looked at, offset by one so that -1 (after the start) has a slot.
  if (marks.length < k + 1) marks = new Int32Array(2 * (k + 1));
  stamp++;
  for (let side = 0; side < 2; side++) {
    if (side === 1 && first === last) break;
    const list = near[side === 0 ? first : last]!;
    for (let n = 0; n < list.length; n++) {
      const node = list[n]!;
      const index = node === 0 ? -1 : tour.at[node]!;
      if (node !== 0 && index < 0) continue;
      // Right after the neighbour, and right before it.
      for (let j = index; j >= index - 1 && j >= -1; j--) {
        if ((j < from || j > to) && marks[j + 1] !== stamp) {
          marks[j + 1] = stamp;
          if (gain(time, size, nodes, j, i, removal, first, last, asIs, turned, reversedExtra) < -IMPROVEMENT) found[count++] = j;
        }
        if (node === 0) break;
      }
    }
  }
  // The end of the day is always a place to try.
  if ((k - 1 < from || k - 1 > to) && marks[k] !== stamp) {
    if (gain(time, size, nodes, k - 1, i, removal, first, last, asIs, turned, reversedExtra) < -IMPROVEMENT) found[count++] = k - 1;
  }
  // Insertion sort: a handful of places.
  for (let p = 1; p < count; p++) {
    const j = found[p]!;
    let q = p - 1;
    while (q >= 0 && found[q]! > j) {
      found[q + 1] = found[q]!;
      q--;
    }
    found[q + 1] = j;
  }
}

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
  let places: ArrayLike<number>;
  let total: number;
  if (objective === 'duration') {
    // The day's length may shrink where driving grows: every place near the run is tried.
    places = promising(placesNear(problem, tour, first, last, i - 1, end - 1), objective, () => 0);
    total = places.length;
  } else {
    promisingPlaces(problem, tour, i, length, removal, forward !== null, backward !== null, reversedExtra);
    places = found;
    total = count;
  }
  if (total === 0) return false;

  // The stretch of tour the run jumps over is summarised lazily, as far as a move needs it.
  // Earlier in the tour: between nodes[j] (or the start) and nodes[j + 1], nearest first.
  let middle: Sequence | null = i >= 1 ? single[nodes[i - 1]!]! : null;
  let from = i - 1; // middle covers nodes[from .. i - 1]
  for (let p = total - 1; p >= 0 && middle; p--) {
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
  for (let p = 0; p < total && middle; p++) {
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
  return apply(tour, [...rest.slice(0, at), ...run, ...rest.slice(at)], min(i, at), max(end, at + length) - 1);
}
