/**
 * Late plans, measured: a sequence summary that also counts its time warp (the minutes by which its
 * stops are reached after closing, each taken back to the closing time), so that two sequences
 * always join, in O(1), and a late plan has a price (Vidal et al. 2013, section 4.2, "time-warp
 * concatenation"; Nagata et al. 2010). The search may pass through late plans with a penalty per
 * minute of warp and come back to plans on time.
 */
import { max, min, type Problem, type Sequence } from './sequence.js';

export interface Warped extends Sequence {
  /** Minutes past closing, summed over the stops, when the sequence is driven as early as it can be. */
  warp: number;
}

/** Each node as a one-node sequence without warp (made once per problem). */
export function warpedSingles(problem: Problem): Warped[] {
  if (problem.warped) return problem.warped;
  return (problem.warped = problem.single.map((own) => ({ ...own, warp: 0 })));
}

/** σ1 ⊕ σ2 with time warp (never null: lateness is counted, not refused). */
export function joinWarped(problem: Problem, a: Warped, b: Warped): Warped {
  const travel = problem.time[a.last * problem.size + b.first]!;
  const reach = a.duration - a.warp + travel;
  const wait = max(b.early - reach - a.late, 0);
  const warp = max(a.early + reach - b.late, 0);
  return {
    first: a.first,
    last: b.last,
    early: max(b.early - reach, a.early) - wait,
    late: min(b.late - reach, a.late) + warp,
    duration: a.duration + b.duration + travel + wait,
    warp: a.warp + b.warp + warp,
  };
}

/**
 * a ⊕ b written into `out` (which may be a or b), for the stretches that moves grow one stop at a
 * time in the innermost loops: no summary allocated per step (allocation was a tenth of the time).
 */
export function joinWarpedInto(problem: Problem, out: Warped, a: Warped, b: Warped): Warped {
  const travel = problem.time[a.last * problem.size + b.first]!;
  const reach = a.duration - a.warp + travel;
  const wait = max(b.early - reach - a.late, 0);
  const over = max(a.early + reach - b.late, 0);
  const first = a.first;
  const early = max(b.early - reach, a.early) - wait;
  const late = min(b.late - reach, a.late) + over;
  const duration = a.duration + b.duration + travel + wait;
  out.warp = a.warp + b.warp + over;
  out.first = first;
  out.last = b.last;
  out.early = early;
  out.late = late;
  out.duration = duration;
  return out;
}

/** A summary to be overwritten (by joinWarpedInto), starting as a copy of `own`. */
export function scratchOf(own: Warped, out: Warped): Warped {
  out.first = own.first;
  out.last = own.last;
  out.early = own.early;
  out.late = own.late;
  out.duration = own.duration;
  out.warp = own.warp;
  return out;
}

// The running sum of `warpOf` (module-level scalars: it runs in the innermost loop and allocates nothing).
let last = 0;
let early = 0;
let late = 0;
let duration = 0;
let warp = 0;

function add(problem: Problem, b: Warped): void {
  const travel = problem.time[last * problem.size + b.first]!;
  const reach = duration - warp + travel;
  const wait = max(b.early - reach - late, 0);
  const over = max(early + reach - b.late, 0);
  early = max(b.early - reach, early) - wait;
  late = min(b.late - reach, late) + over;
  duration += b.duration + travel + wait;
  warp += b.warp + over;
  last = b.last;
}

/** The time warp of a ⊕ b ⊕ c ⊕ d (undefined parts skipped), without building the summary. */
export function warpOf(problem: Problem, a: Warped, b?: Warped, c?: Warped, d?: Warped): number {
  last = a.last;
  early = a.early;
  late = a.late;
  duration = a.duration;
  warp = a.warp;
  if (b) add(problem, b);
  if (c) add(problem, c);
  if (d) add(problem, d);
  return warp;
}

function blank(): Warped {
  return { first: 0, last: 0, early: 0, late: 0, duration: 0, warp: 0 };
}

/** An order of stops (on time or not) with its prefix and suffix summaries and its driving. */
export class WarpedTour {
  /** prefix[i]: the start point then nodes[0..i-1]; suffix[i]: nodes[i..] (undefined when empty). */
  readonly prefix: Warped[] = [];
  readonly suffix: (Warped | undefined)[] = [];
  /** Driving along the tour up to index i, and the same legs driven backwards. */
  forward: Float64Array;
  backward: Float64Array;
  cost = 0;
  warp = 0;
  readonly single: Warped[];

  constructor(
    readonly problem: Problem,
    public nodes: number[],
  ) {
    this.single = warpedSingles(problem);
    this.forward = new Float64Array(problem.size + 1);
    this.backward = new Float64Array(problem.size + 1);
    this.refresh();
  }

  get length(): number {
    return this.nodes.length;
  }

  /**
   * Every summary again (prefix[0] is the start point's own; every other summary is this tour's
   * own object, overwritten in place: a tour is refreshed after every move and every insertion,
   * and allocating them was a tenth of the population's time).
   */
  refresh(): void {
    const k = this.nodes.length;
    this.prefix.length = k + 1;
    this.suffix.length = k + 1;
    this.prefix[0] = this.single[0]!;
    this.suffix[k] = undefined;
    this.resummarise(0, k - 1);
  }

  /**
   * After a move that changed only nodes[lo..hi] (the same stops, the same length): the prefixes
   * up to lo and the suffixes after hi still hold.
   */
  refreshBetween(lo: number, hi: number): void {
    this.resummarise(lo, hi);
  }

  /** Overwrites prefix[lo + 1 ..] and suffix[.. hi], then the driving. */
  private resummarise(lo: number, hi: number): void {
    const { problem, nodes, single, prefix, suffix } = this;
    const { time, size } = problem;
    const k = nodes.length;
    for (let i = lo; i < k; i++) prefix[i + 1] = joinWarpedInto(problem, prefix[i + 1] ?? blank(), prefix[i]!, single[nodes[i]!]!);
    for (let i = hi; i >= 0; i--) {
      const rest = suffix[i + 1];
      const own = single[nodes[i]!]!;
      const out = suffix[i] ?? blank();
      suffix[i] = rest ? joinWarpedInto(problem, out, own, rest) : scratchOf(own, out);
    }
    let cost = 0;
    for (let i = 0; i < k; i++) {
      const node = nodes[i]!;
      const previous = i === 0 ? 0 : nodes[i - 1]!;
      cost += time[previous * size + node]!;
      if (i > 0) {
        this.forward[i] = this.forward[i - 1]! + time[previous * size + node]!;
        this.backward[i] = this.backward[i - 1]! + time[node * size + previous]!;
      }
    }
    this.cost = cost;
    this.warp = prefix[k]!.warp;
  }

  /** Puts `node` where driving plus `penalty` per minute of warp grows least. */
  insertPenalised(node: number, penalty: number): void {
    const { problem, nodes, prefix, suffix, single } = this;
    const { time, size } = problem;
    const k = nodes.length;
    let best = 0;
    let bestValue = Number.POSITIVE_INFINITY;
    for (let p = 0; p <= k; p++) {
      const x = p === 0 ? 0 : nodes[p - 1]!;
      const drive = time[x * size + node]! + (p < k ? time[node * size + nodes[p]!]! - time[x * size + nodes[p]!]! : 0);
      if (drive >= bestValue) continue;
      const warp = warpOf(problem, prefix[p]!, single[node], suffix[p]);
      const value = drive + penalty * warp;
      if (value < bestValue) {
        bestValue = value;
        best = p;
      }
    }
    // The summaries after the new stop are the ones before it, one place on; the others are made again.
    nodes.splice(best, 0, node);
    prefix.splice(best + 1, 0, blank());
    suffix.splice(best, 0, blank());
    this.resummarise(best, best);
  }
}
