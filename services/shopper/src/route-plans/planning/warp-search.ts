/**
 * Local search through late plans: or-opt and 2-opt on driving plus a penalty per minute of time
 * warp, every move priced in O(1) with the time-warp summaries of warp.ts. A move may make the plan
 * late when it saves more driving than the lateness costs; raising the penalty then brings the
 * plan back on time, often somewhere that moves between plans on time cannot reach.
 */
import { IMPROVEMENT, SLACK } from './sequence.js';
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
  const changed = (before: number[]) => {
    const after = tour.nodes;
    for (let p = 0; p < after.length; p++) {
      if (before[p] === after[p]) continue;
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
        const before = tour.nodes;
        if (moveRun(tour, i, length, penalty)) {
          improved = true;
          changed(before);
        }
      }
    }
    for (let i = 0; i + 1 < tour.length; i++) {
      if (!tries(i, 1)) continue;
      const before = tour.nodes;
      if (reverse(tour, i, penalty)) {
        improved = true;
        changed(before);
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
  // Earlier: between nodes[j] (or the start) and nodes[j + 1]; the stretch jumped over grows leftwards.
  let middle: Warped | undefined;
  for (let j = i - 2; j >= -1 && j >= i - REACH; j--) {
    const y = nodes[j + 1]!;
    middle = middle ? joinWarpedInto(problem, middle, single[y]!, middle) : scratchOf(single[y]!, stretch);
    const x = j === -1 ? 0 : nodes[j]!;
    const head = prefix[j + 1]!;
    const rest = suffix[end];
    const lower = penalty * (head.warp + middle.warp + (rest ? rest.warp : 0) - warp);
    const gap = removal - t(x, y);
    const asIs = gap + t(x, first) + t(last, y);
    if (asIs + lower + penalty * forward.warp < bestDelta) {
      const delta = asIs + penalty * (warpOf(problem, head, forward, middle, rest) - warp);
      if (delta < bestDelta) {
        bestDelta = delta;
        bestAt = j;
        bestReversed = false;
      }
    }
    if (backward) {
      const turned = gap + t(x, last) + t(first, y) + reversedExtra;
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
  const head = prefix[i]!;
  for (let j = end; j < k && j < end + REACH; j++) {
    const x = nodes[j]!;
    middle = middle ? joinWarpedInto(problem, middle, middle, single[x]!) : scratchOf(single[x]!, stretch);
    const y = j + 1 < k ? nodes[j + 1]! : -1;
    const rest = suffix[j + 1];
    const lower = penalty * (head.warp + middle.warp + (rest ? rest.warp : 0) - warp);
    const gap = removal - (y >= 0 ? t(x, y) : 0);
    const asIs = gap + t(x, first) + (y >= 0 ? t(last, y) : 0);
    if (asIs + lower + penalty * forward.warp < bestDelta) {
      const delta = asIs + penalty * (warpOf(problem, head, middle, forward, rest) - warp);
      if (delta < bestDelta) {
        bestDelta = delta;
        bestAt = j;
        bestReversed = false;
      }
    }
    if (backward) {
      const turned = gap + t(x, last) + (y >= 0 ? t(first, y) : 0) + reversedExtra;
      if (turned + lower + penalty * backward.warp < bestDelta) {
        const delta = turned + penalty * (warpOf(problem, head, middle, backward, rest) - warp);
        if (delta < bestDelta) {
          bestDelta = delta;
          bestAt = j;
          bestReversed = true;
        }
      }
    }
  }
  if (bestAt === -2) return false;
  const run = nodes.slice(i, end);
  if (bestReversed) run.reverse();
  const rest = [...nodes.slice(0, i), ...nodes.slice(end)];
  const at = bestAt < i ? bestAt + 1 : bestAt + 1 - length;
  tour.nodes = [...rest.slice(0, at), ...run, ...rest.slice(at)];
  tour.refresh();
  return true;
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
  const reversed: Warped = scratchOf(single[a]!, stretch);
  let bestDelta = -IMPROVEMENT;
  let bestTo = -1;
  for (let j = i + 1; j < k && j <= i + REACH; j++) {
    const b = nodes[j]!;
    joinWarpedInto(problem, reversed, single[b]!, reversed);
    const drive =
      t(x, b) -
      t(x, a) +
      tour.backward[j]! -
      tour.backward[i]! -
      (tour.forward[j]! - tour.forward[i]!) +
      (j + 1 < k ? t(a, nodes[j + 1]!) - t(b, nodes[j + 1]!) : 0);
    const rest = suffix[j + 1];
    if (drive + penalty * (head.warp + reversed.warp + (rest ? rest.warp : 0) - warp) >= bestDelta) continue;
    const delta = drive + penalty * (warpOf(problem, head, reversed, rest) - warp);
    if (delta < bestDelta) {
      bestDelta = delta;
      bestTo = j;
    }
  }
  if (bestTo < 0) return false;
  const next = [...nodes];
  const segment = next.slice(i, bestTo + 1).reverse();
  next.splice(i, segment.length, ...segment);
  tour.nodes = next;
  tour.refresh();
  return true;
}
