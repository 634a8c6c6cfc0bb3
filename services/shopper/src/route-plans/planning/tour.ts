import { IMPROVEMENT, join, leastThrough, max, min, NEVER, SLACK, type Problem, type Sequence } from './sequence.js';

/** What `Tour.scan` ranks the places to insert a stop by. */
const BY_DRIVING = 0;
const BY_DURATION = 1;
const WITH_REGRET = 2;

/**
 * What local search shortens among plans with the same stops: the driving (the plan's goal), or
 * the length of the day, which leaves room to fit more stops (used by some ruin-and-recreate rounds).
 */
export type Objective = 'driving' | 'duration';

export interface Insertion {
  node: number;
  position: number;
  /** Added driving minutes. */
  delta: number;
  /** Added minutes to the day (driving, waiting, visiting). */
  shift: number;
}

/** An ordered list of stops with its prefix and suffix summaries, kept in step by `refresh()`. */
export class Tour {
  /** prefix[i]: the start point then nodes[0..i-1]. */
  readonly prefix: Sequence[] = [];
  /** suffix[i]: nodes[i..] (undefined when empty). */
  readonly suffix: (Sequence | undefined)[] = [];
  /** at[node]: index of `node` in the tour, -1 when it is not in it. */
  readonly at: Int32Array;
  /** Driving along the tour up to index i (from the start point), and the same legs driven backwards. */
  readonly forward: Float64Array;
  readonly backward: Float64Array;
  cost = 0;
  feasible = true;

  constructor(
    readonly problem: Problem,
    public nodes: number[],
    /** A tour that is this one with one more stop, at `removed`: its summaries are shared where they still hold. */
    from?: Tour,
    removed = 0,
  ) {
    this.at = new Int32Array(problem.size).fill(-1);
    this.forward = new Float64Array(problem.size + 1);
    this.backward = new Float64Array(problem.size + 1);
    if (from?.feasible) this.refreshWithout(from, removed);
    else this.refresh();
  }

  get length(): number {
    return this.nodes.length;
  }

  /** Minutes from leaving the start point to leaving the last stop. */
  get duration(): number {
    return this.prefix[this.nodes.length]!.duration;
  }

  refresh(): boolean {
    const { problem, nodes } = this;
    const k = nodes.length;
    this.prefix.length = k + 1;
    this.suffix.length = k + 1;
    this.prefix[0] = problem.single[0]!;
    this.suffix[k] = undefined;
    return this.summarise(0, k - 1);
  }

  /** The same as `refresh` after a change of nodes[lo..hi] only, the tour as long as before and on time. */
  refreshBetween(lo: number, hi: number): boolean {
    return this.summarise(lo, hi);
  }

  /**
   * The same as `refresh` for `from` without its stop at `removed`, sharing `from`'s prefixes before
   * it and suffixes after it (summaries are never changed once made): half the work, for the
   * reduced tours that exchanges and reasons try.
   */
  private refreshWithout(from: Tour, removed: number): boolean {
    const k = this.nodes.length;
    this.prefix.length = k + 1;
    this.suffix.length = k + 1;
    for (let i = 0; i <= removed; i++) this.prefix[i] = from.prefix[i]!;
    for (let i = removed; i <= k; i++) this.suffix[i] = from.suffix[i + 1];
    return this.summarise(removed, removed - 1);
  }

  /** Fills prefix[prefixFrom + 1 ..] and suffix[.. suffixFrom], then the rest of the tour's figures. */
  private summarise(prefixFrom: number, suffixFrom: number): boolean {
    const { problem, nodes } = this;
    const k = nodes.length;
    for (let i = prefixFrom; i < k; i++) {
      const next = join(problem, this.prefix[i]!, problem.single[nodes[i]!]!);
      if (!next) return (this.feasible = false);
      this.prefix[i + 1] = next;
    }
    for (let i = suffixFrom; i >= 0; i--) {
      const rest = this.suffix[i + 1];
      const own = problem.single[nodes[i]!]!;
      const joined = rest ? join(problem, own, rest) : own;
      if (!joined) return (this.feasible = false);
      this.suffix[i] = joined;
    }
    let cost = 0;
    let previous = 0;
    for (let i = 0; i < k; i++) {
      const node = nodes[i]!;
      cost += problem.time[previous * problem.size + node]!;
      previous = node;
    }
    this.cost = cost;
    this.room = NaN;
    this.roomy = null;
    const { at, forward, backward } = this;
    at.fill(-1);
    for (let i = 0; i < k; i++) {
      const node = nodes[i]!;
      at[node] = i;
      if (i > 0) {
        forward[i] = forward[i - 1]! + problem.time[nodes[i - 1]! * problem.size + node]!;
        backward[i] = backward[i - 1]! + problem.time[node * problem.size + nodes[i - 1]!]!;
      }
    }
    return (this.feasible = true);
  }

  /** The feasible place for `node` that adds the least driving (or time to the day), or null when it fits nowhere. */
  bestInsertion(node: number, objective: Objective = 'driving'): Insertion | null {
    if (!this.scan(node, objective === 'driving' ? BY_DRIVING : BY_DURATION)) return null;
    return { node, position: this.foundPosition, delta: this.foundDelta, shift: this.foundShift };
  }

  /** The cheapest feasible place for `node` and the driving added by the second cheapest (regret). */
  insertionRegret(node: number): { best: Insertion; second: number } | null {
    if (!this.scan(node, WITH_REGRET)) return null;
    return { best: { node, position: this.foundPosition, delta: this.foundDelta, shift: this.foundShift }, second: this.foundSecond };
  }

  /**
   * The most minutes any place between two stops has to spare: the latest start of the stops after
   * it less the earliest time the stop before it can be left (NaN until `scan` needs it).
   */
  private room = NaN;

  private spareRoom(): number {
    const { prefix, suffix } = this;
    let room = -NEVER;
    for (let p = 0; p < this.nodes.length; p++) {
      const head = prefix[p]!;
      room = max(room, suffix[p]!.late - head.early - head.duration);
    }
    return (this.room = room);
  }

  /**
   * The places between two stops with room for some stop's least detour and visit, ascending, and
   * the end of the tour: on a full day, a handful. Only these can take a stop.
   */
  private roomy: Int32Array | null = null;

  private placesWithRoom(): Int32Array {
    const { prefix, suffix } = this;
    const k = this.nodes.length;
    leastThrough(this.problem);
    const need = this.problem.leastNeed! - SLACK - 1e-6;
    const places: number[] = [];
    for (let p = 0; p < k; p++) {
      const head = prefix[p]!;
      if (suffix[p]!.late - head.early - head.duration >= need) places.push(p);
    }
    places.push(k);
    return (this.roomy = Int32Array.from(places));
  }

  // The result of the last scan (plain fields: scanning is the planner's innermost loop).
  private foundPosition = 0;
  private foundDelta = 0;
  private foundShift = 0;
  private foundSecond = NEVER;

  /**
   * Looks at every place where `node` fits and keeps the best one, by driving added (or, `BY_DURATION`,
   * by time added to the day; `WITH_REGRET` also keeps the second-best driving). `join` is written
   * out on plain numbers here so that nothing is allocated.
   */
  private scan(node: number, rule: number): boolean {
    const { problem, nodes, prefix, suffix } = this;
    const { time, size } = problem;
    const own = problem.single[node]!;
    const duration = this.duration;
    const k = nodes.length;
    let found = false;
    let second = NEVER;
    // On a full day most stops left out fit nowhere: say so in O(1) when no place between two
    // stops has room for the least detour through `node` and its visit, and it is late at the end.
    // (A margin over SLACK, since these sums round differently from the checks below.)
    const last = prefix[k]!;
    if (
      last.early + (last.duration + time[last.last * size + node]!) - own.late > SLACK &&
      (k === 0 || own.duration + leastThrough(problem)[node]! - (Number.isNaN(this.room) ? this.spareRoom() : this.room) > SLACK + 1e-6)
    )
      return false;
    // A long plan (with neighbour lists) looks only at the places with room. With a travel model
    // that obeys the triangle inequality this finds what looking everywhere finds (see the break).
    const places = problem.near ? (this.roomy ?? this.placesWithRoom()) : null;
    const count = places ? places.length : k + 1;
    for (let i = 0; i < count; i++) {
      const p = places ? places[i]! : i;
      const head = prefix[p]!;
      const toNode = time[head.last * size + node]!;
      const reach = head.duration + toNode;
      // With a travel model that obeys the triangle inequality (great-circle does), arriving from a
      // later position is never earlier, so once `node` is late it stays late: stop looking.
      if (head.early + reach - own.late > SLACK) break;
      const wait = max(own.early - reach - head.late, 0);
      let total = head.duration + own.duration + toNode + wait;
      let delta = toNode;
      const rest = suffix[p];
      if (rest) {
        const early = max(own.early - reach, head.early) - wait;
        const late = min(own.late - reach, head.late);
        const onward = time[node * size + rest.first]!;
        const reachRest = total + onward;
        if (early + reachRest - rest.late > SLACK) continue;
        total += rest.duration + onward + max(rest.early - reachRest - late, 0);
        delta += onward - time[head.last * size + rest.first]!;
      }
      const shift = total - duration;
      const wins = !found || (rule === BY_DURATION ? shift < this.foundShift - IMPROVEMENT : delta < this.foundDelta - IMPROVEMENT);
      if (wins) {
        if (found) second = this.foundDelta;
        found = true;
        this.foundPosition = p;
        this.foundDelta = delta;
        this.foundShift = shift;
      } else if (delta < second) {
        second = delta;
      }
    }
    this.foundSecond = second;
    return found;
  }

  insert(insertion: Insertion): void {
    this.nodes.splice(insertion.position, 0, insertion.node);
    this.refresh();
  }

  without(index: number): Tour {
    return new Tour(this.problem, [...this.nodes.slice(0, index), ...this.nodes.slice(index + 1)], this, index);
  }
}

/**
 * Replaces the tour's order when the new one is on time (it always should be; this is a guard).
 * A move that changed only nodes[lo..hi] (as many stops) keeps the summaries that still hold (they
 * are never changed once made): the prefixes up to lo and the suffixes after hi.
 */
export function apply(tour: Tour, nodes: number[], lo = 0, hi = nodes.length - 1): boolean {
  const previous = tour.nodes;
  tour.nodes = nodes;
  if (nodes.length === previous.length && tour.feasible ? tour.refreshBetween(lo, hi) : tour.refresh()) return true;
  tour.nodes = previous;
  tour.refresh();
  return false;
}
