/**
 * Local search through late plans: or-opt and 2-opt on driving plus a penalty per minute of time
 * warp, every move priced in O(1) with the time-warp summaries of warp.ts. A move may make the plan
 * late when it saves more driving than the lateness costs; raising the penalty then brings the
 * plan back on time, often somewhere that moves between plans on time cannot reach.
 */
import { IMPROVEMENT, max, min, SLACK } from './sequence.js';
import { joinWarped, joinWarpedInto, scratchOf, warpOf, type Warped, type WarpedTour } from './warp.js';

/** Each time the plan is still late after a descent, the penalty grows by this factor, this often. */
const PENALTY_GROWTH = 10;
const PENALTY_STEPS = 3;
/** A bound on the passes of one descent (each pass improves; rounding must not make it endless). */
const MAX_PASSES = 100;
/** Or-opt moves runs of up to this many stops; moves reach at most REACH places away (late plans make far moves hopeless). */
const LONGEST_RUN = 3;
const REACH = 20;
/** The stretch a move jumps over (or reverses), grown in place one stop at a time. */
const stretch: Warped = { first: 0, last: 0, early: 0, late: 0, duration: 0, warp: 0 };

/**
 * Descends to a local optimum of driving + `penalty` × warp, then, while the plan is late, again
 * with a larger penalty. Returns how many times the penalty grew before the plan was on time
 * (0: not at all), or -1 when it stays late.
 */
export function descendToOnTime(tour: WarpedTour, penalty: number, longest = LONGEST_RUN): number {
  let weight = penalty;
  for (let step = 0; ; step++) {
    descend(tour, weight, longest);
    if (tour.warp <= SLACK) return step;
    if (step === PENALTY_STEPS) return -1;
    weight *= PENALTY_GROWTH;
  }
}

/**
 * Or-opt (runs of 1–3, as they are or reversed) and 2-opt until neither improves. The first pass
 * tries every stop; later passes only the stops that a move of the pass before changed or came
 * next to (don't-look bits, Bentley 1992): elsewhere the tour is as it was when nothing improved.
 */
export function descend(tour: WarpedTour, penalty: number, longest = LONGEST_RUN): void {
  const size = tour.problem.size;
  let look = new Uint8Array(size).fill(1);
  let touched = new Uint8Array(size);
  const tries = (i: number, length: number) => {
    for (let j = i; j < i + length; j++) if (look[tour.nodes[j]!] === 1) return true;
    return false;
  };
  // A move rewrites nodes[movedFrom .. movedTo] in place, keeping what it overwrote in `was`.
  const changed = () => {
    const after = tour.nodes;
    for (let p = movedFrom; p <= movedTo; p++) {
      if (was[p - movedFrom] === after[p]) continue;
      touched[after[p]!] = 1;
      if (p > 0) touched[after[p - 1]!] = 1;
      if (p + 1 < after.length) touched[after[p + 1]!] = 1;
    }
  };
  for (let improved = true, pass = 0; improved && pass < MAX_PASSES; pass++) {
    improved = false;
    for (let length = 1; length <= longest; length++) {
      for (let i = 0; i + length <= tour.length; i++) {
        if (!tries(i, length)) continue;
        if (moveRun(tour, i, length, penalty)) {
          improved = true;
          changed();
        }
      }
    }
    for (let i = 0; i + 1 < tour.length; i++) {
      if (!tries(i, 1)) continue;
      if (reverse(tour, i, penalty)) {
        improved = true;
        changed();
      }
    }
    [look, touched] = [touched, look];
    touched.fill(0);
  }
}

/** Moves nodes[i .. i+length-1] to its best other place, as is or reversed, if that lowers the value. */
function moveRun(tour: WarpedTour, i: number, length: number, penalty: number): boolean {
  const { problem, nodes, prefix, suffix, single } = tour;
  const { time, size } = problem;
  const t = (from: number, to: number) => time[from * size + to]!;
  const k = nodes.length;
  if (k <= length) return false;
  const end = i + length;
  const first = nodes[i]!;
  const last = nodes[end - 1]!;
  const before = i === 0 ? 0 : nodes[i - 1]!;
  const removal = -t(before, first) + (end < k ? t(before, nodes[end]!) - t(last, nodes[end]!) : 0);
  let forward: Warped = single[first]!;
  for (let j = i + 1; j < end; j++) forward = joinWarped(problem, forward, single[nodes[j]!]!);
  let backward: Warped | null = null;
  if (length > 1) {
    backward = single[last]!;
    for (let j = end - 2; j >= i; j--) backward = joinWarped(problem, backward, single[nodes[j]!]!);
  }
  const reversedExtra = tour.backward[end - 1]! - tour.backward[i]! - (tour.forward[end - 1]! - tour.forward[i]!);
  const warp = tour.warp;
  let bestDelta = -IMPROVEMENT;
  let bestAt = -2;
  let bestReversed = false;
  // The stretch jumped over is summarised lazily, as far as a move that passes the bound without
  // its warp (never more than with it: warps are not negative) needs it; the same joins in the
  // same order, so the same figures.
  // Earlier: between nodes[j] (or the start) and nodes[j + 1]; the stretch grows leftwards.
  let middle: Warped | undefined;
  let from = i; // middle covers nodes[from .. i - 1]
  for (let j = i - 2; j >= -1 && j >= i - REACH; j--) {
    const y = nodes[j + 1]!;
    const x = j === -1 ? 0 : nodes[j]!;
    const head = prefix[j + 1]!;
    const rest = suffix[end];
    const gap = removal - t(x, y);
    const asIs = gap + t(x, first) + t(last, y);
    const turned = backward ? gap + t(x, last) + t(first, y) + reversedExtra : 0;
    const floor = penalty * (head.warp + (rest ? rest.warp : 0) - warp);
    if (asIs + floor + penalty * forward.warp >= bestDelta && (!backward || turned + floor + penalty * backward.warp >= bestDelta))
      continue;
    while (from > j + 1) {
      const node = single[nodes[--from]!]!;
      middle = middle ? joinWarpedInto(problem, middle, node, middle) : scratchOf(node, stretch);
    }
    const lower = penalty * (head.warp + middle!.warp + (rest ? rest.warp : 0) - warp);
    if (asIs + lower + penalty * forward.warp < bestDelta) {
      const delta = asIs + penalty * (warpOf(problem, head, forward, middle, rest) - warp);
      if (delta < bestDelta) {
        bestDelta = delta;
        bestAt = j;
        bestReversed = false;
      }
    }
    if (backward) {
      if (turned + lower + penalty * backward.warp < bestDelta) {
        const delta = turned + penalty * (warpOf(problem, head, backward, middle, rest) - warp);
        if (delta < bestDelta) {
          bestDelta = delta;
          bestAt = j;
          bestReversed = true;
        }
      }
    }
  }
  // Later: between nodes[j] and nodes[j + 1] (or the end); the stretch grows rightwards.
  middle = undefined;
  let to = end - 1; // middle covers nodes[end .. to]
  const head = prefix[i]!;
  for (let j = end; j < k && j < end + REACH; j++) {
    const x = nodes[j]!;
    const y = j + 1 < k ? nodes[j + 1]! : -1;
    const rest = suffix[j + 1];
    const gap = removal - (y >= 0 ? t(x, y) : 0);
    const asIs = gap + t(x, first) + (y >= 0 ? t(last, y) : 0);
    const turned = backward ? gap + t(x, last) + (y >= 0 ? t(first, y) : 0) + reversedExtra : 0;
    const floor = penalty * (head.warp + (rest ? rest.warp : 0) - warp);
    if (asIs + floor + penalty * forward.warp >= bestDelta && (!backward || turned + floor + penalty * backward.warp >= bestDelta))
      continue;
    while (to < j) {
      const node = single[nodes[++to]!]!;
      middle = middle ? joinWarpedInto(problem, middle, middle, node) : scratchOf(node, stretch);
    }
    const lower = penalty * (head.warp + middle!.warp + (rest ? rest.warp : 0) - warp);
    if (asIs + lower + penalty * forward.warp < bestDelta) {
      const delta = asIs + penalty * (warpOf(problem, head, middle!, forward, rest) - warp);
      if (delta < bestDelta) {
        bestDelta = delta;
        bestAt = j;
        bestReversed = false;
      }
    }
    if (backward) {
      if (turned + lower + penalty * backward.warp < bestDelta) {
        const delta = turned + penalty * (warpOf(problem, head, middle!, backward, rest) - warp);
        if (delta < bestDelta) {
          bestDelta = delta;
          bestAt = j;
          bestReversed = true;
        }
      }
    }
  }
  if (bestAt === -2) return false;
  // The run goes to `at` in the tour without it: only nodes[min(i, at) .. max(end, at + length) - 1] change.
  const at = bestAt < i ? bestAt + 1 : bestAt + 1 - length;
  const lo = min(i, at);
  const hi = max(end, at + length) - 1;
  keep(nodes, lo, hi);
  let p = lo;
  if (at < i) for (let q = at; q < i; q++) nodes[p++ + length] = was[q - lo]!;
  else for (let q = end; q < at + length; q++) nodes[p++] = was[q - lo]!;
  const runAt = at < i ? at : hi - length + 1;
  for (let r = 0; r < length; r++) nodes[runAt + r] = was[i - lo + (bestReversed ? length - 1 - r : r)]!;
  tour.refreshBetween(lo, hi);
  return true;
}

/** What the last move overwrote: nodes[movedFrom .. movedTo] before it. */
let was = new Int32Array(64);
let movedFrom = 0;
let movedTo = -1;

function keep(nodes: number[], from: number, to: number): void {
  if (was.length < to - from + 1) was = new Int32Array(2 * (to - from + 1));
  for (let p = from; p <= to; p++) was[p - from] = nodes[p]!;
  movedFrom = from;
  movedTo = to;
}

/** 2-opt: reverses nodes[i..j] for the best j, if that lowers the value. */
function reverse(tour: WarpedTour, i: number, penalty: number): boolean {
  const { problem, nodes, prefix, suffix, single } = tour;
  const { time, size } = problem;
  const t = (from: number, to: number) => time[from * size + to]!;
  const k = nodes.length;
  const x = i === 0 ? 0 : nodes[i - 1]!;
  const a = nodes[i]!;
  const head = prefix[i]!;
  const warp = tour.warp;
  // nodes[i .. to] reversed, grown lazily (as the stretch of moveRun).
  const reversed: Warped = scratchOf(single[a]!, stretch);
  let to = i;
  let bestDelta = -IMPROVEMENT;
  let bestTo = -1;
  for (let j = i + 1; j < k && j <= i + REACH; j++) {
    const b = nodes[j]!;
    const drive =
      t(x, b) -
      t(x, a) +
      tour.backward[j]! -
      tour.backward[i]! -
      (tour.forward[j]! - tour.forward[i]!) +
      (j + 1 < k ? t(a, nodes[j + 1]!) - t(b, nodes[j + 1]!) : 0);
    const rest = suffix[j + 1];
    if (drive + penalty * (head.warp + (rest ? rest.warp : 0) - warp) >= bestDelta) continue;
    while (to < j) joinWarpedInto(problem, reversed, single[nodes[++to]!]!, reversed);
    if (drive + penalty * (head.warp + reversed.warp + (rest ? rest.warp : 0) - warp) >= bestDelta) continue;
    const delta = drive + penalty * (warpOf(problem, head, reversed, rest) - warp);
    if (delta < bestDelta) {
      bestDelta = delta;
      bestTo = j;
    }
  }
  if (bestTo < 0) return false;
  keep(nodes, i, bestTo);
  for (let p = i; p <= bestTo; p++) nodes[p] = was[bestTo - p]!;
  tour.refreshBetween(i, bestTo);
  return true;
}
