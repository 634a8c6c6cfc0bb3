/**
 * Feasibility and timing: a fixed sequence of stops summarised so that whether two sequences can
 * be driven one after the other, on time, is known in O(1) (Vidal et al. 2013, "A hybrid genetic
 * algorithm with adaptive diversity management for a large class of vehicle routing problems with
 * time-windows", section 4.2). Every move of the search is checked with these.
 */

/** Floating-point slack when comparing times (minutes): a stop reached 1e-7 minute "late" is on time. */
export const SLACK = 1e-7;
/** Smallest drop in driving minutes that counts as an improvement (keeps local search finite). */
export const IMPROVEMENT = 1e-9;

// Module-level copies for the innermost loops: inside a VM context (as test runners load code)
// each lookup of a global such as `Math` or `Infinity` is several times slower than in a module.
export const { max, min } = Math;
export const NEVER = Number.POSITIVE_INFINITY;

/** A fixed sequence of stops summarised for O(1) feasibility checks of concatenations. */
export interface Sequence {
  first: number;
  last: number;
  /** Earliest and latest start of service at `first` that keep the whole sequence on time. */
  early: number;
  late: number;
  /** Minimum time from the start of service at `first` to leaving `last` (travel, waits, visits). */
  duration: number;
}

export interface Problem {
  /** Nodes: 0 is the start point, 1..size-1 the candidate stops. */
  size: number;
  /** Driving minutes, row-major: time[from * size + to]. */
  time: Float64Array;
  /** Each node as a one-node sequence; the start point has early = late = startAt and no visit. */
  single: Sequence[];
  /** Closing minutes, for the "earliest closing first" construction. */
  closes: Float64Array;
  /**
   * For long plans, each node's nearest nodes (by driving both ways, the start point included):
   * local search then only tries the places next to them (granular neighbourhoods, Toth and Vigo
   * 2003). Absent: every place is tried.
   */
  near?: Int32Array[];
  /**
   * Each node's least driving in from any node plus out to any stop: no insertion between two
   * stops adds less. Filled by `leastThrough` when first needed.
   */
  through?: Float64Array;
  /** The least detour and visit of any node: a place with less room to spare fits none. */
  leastNeed?: number;
  /** Each node as a one-node sequence that counts time warp (see warp.ts), made when first needed. */
  warped?: Array<Sequence & { warp: number }>;
}

/** `problem.through`, computed once (O(size²), as the matrix itself). */
export function leastThrough(problem: Problem): Float64Array {
  if (problem.through) return problem.through;
  const { time, size } = problem;
  const through = new Float64Array(size);
  for (let node = 1; node < size; node++) {
    let into = NEVER;
    let out = NEVER;
    for (let other = 0; other < size; other++) {
      if (other === node) continue;
      into = min(into, time[other * size + node]!);
      if (other > 0) out = min(out, time[node * size + other]!);
    }
    through[node] = into + (out === NEVER ? 0 : out);
  }
  let need = NEVER;
  for (let node = 1; node < size; node++) need = min(need, problem.single[node]!.duration + through[node]!);
  problem.leastNeed = need;
  return (problem.through = through);
}

/** σ1 ⊕ σ2, or null when σ2 cannot start in time after σ1 (Vidal et al., time warp must stay 0). */
export function join(problem: Problem, a: Sequence, b: Sequence): Sequence | null {
  const travel = problem.time[a.last * problem.size + b.first]!;
  const reach = a.duration + travel;
  if (a.early + reach - b.late > SLACK) return null;
  const wait = max(b.early - reach - a.late, 0);
  return {
    first: a.first,
    last: b.last,
    early: max(b.early - reach, a.early) - wait,
    late: min(b.late - reach, a.late),
    duration: a.duration + b.duration + travel + wait,
  };
}

/** σ1 ⊕ σ2 ⊕ … over the parts given (undefined parts are empty; a null part is already late). */
export function chain(
  problem: Problem,
  a: Sequence | null | undefined,
  b: Sequence | null | undefined,
  c?: Sequence | null,
  d?: Sequence | null,
  e?: Sequence | null,
): Sequence | null {
  // Unrolled rather than a loop over an array: this runs in local search's inner loops.
  let result = a;
  result = then(problem, result, b);
  if (c !== undefined) result = then(problem, result, c);
  if (d !== undefined) result = then(problem, result, d);
  if (e !== undefined) result = then(problem, result, e);
  return result ?? null;
}

export function then(
  problem: Problem,
  result: Sequence | null | undefined,
  part: Sequence | null | undefined,
): Sequence | null | undefined {
  if (part === undefined) return result;
  if (part === null || result === null) return null;
  return result === undefined ? part : join(problem, result, part);
}
