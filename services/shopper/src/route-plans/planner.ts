import type { PlannedStop, PlanRequest, PlanResult, StopRequest, UnplannedStop } from './planner.types.js';
import { greatCircleTravel } from './travel.js';

/**
 * The route planner: orders the sales a shopper picked so that as many as possible are visited
 * inside their opening hours (first objective), with the least driving (second objective).
 *
 * It is a travelling-salesman path with time windows: the shopper leaves the start point at
 * `startAt`, waits when a sale is not open yet, spends `minutesPerStop` at each sale and must be
 * done by its closing time; the path does not return to the start. The heuristic:
 *  1. a few deterministic constructions (cheapest insertion, least-time insertion, regret insertion,
 *     earliest closing first, soonest visit next; for a few stops, also one seeded by each stop);
 *  2. local search on each: inserting the stops left out, or-opt (move 1–3 stops, maybe reversed),
 *     2-opt, swapping two stops, swapping a stop for one left out, dropping one stop to fit two;
 *  3. ruin and recreate rounds from the best plan (seeded, so the result is deterministic), half of
 *     them shortening the driving and half shortening the day to make room for more stops.
 * Every move is checked against the time windows in O(1) by concatenating summaries of the tour's
 * prefixes and suffixes (Vidal et al. 2013, "A hybrid genetic algorithm with adaptive diversity
 * management for a large class of vehicle routing problems with time-windows", section 4.2).
 * Measured: 100 stops in tens of milliseconds (bench/planner); on 32,000 generated days of 4–8
 * stops (the generator of planner.spec.ts) the plan was the exhaustive optimum on all but two, one
 * with a stop fewer and one with 3% more driving.
 */

export const DEFAULT_MINUTES_PER_STOP = 15;

/** Floating-point slack when comparing times (minutes): a stop reached 1e-7 minute "late" is on time. */
const SLACK = 1e-7;
/** Smallest drop in driving minutes that counts as an improvement (keeps local search finite). */
const IMPROVEMENT = 1e-9;
/** Up to this many stops, every stop also seeds a construction of its own (cheap, and closer to optimal). */
const SEED_EACH_STOP_UP_TO = 12;
/** Ruin and recreate rounds: many for a few stops, fewer as the tour grows (each round costs more). */
const SMALL_RUIN_ROUNDS = 150;
const MIN_RUIN_ROUNDS = 8;
const RUIN_WORK = 1500;
/** How much more driving (a share of the best) a plan wandered through may have, at first. */
const WANDER_MARGIN = 0.05;
/** At most this share of the tour is ruined in a round (at least 3 stops). */
const RUIN_SHARE = 0.3;
/** How many first insertions "drop one, add two" tries per dropped stop. */
const DROP_ONE_FIRST_TRIES = 3;

// Module-level copies for the innermost loops: inside a VM context (as test runners load code)
// each lookup of a global such as `Math` or `Infinity` is several times slower than in a module.
const { max, min } = Math;
const NEVER = Number.POSITIVE_INFINITY;

/** What `Tour.scan` ranks the places to insert a stop by. */
const BY_DRIVING = 0;
const BY_DURATION = 1;
const WITH_REGRET = 2;

/** A fixed sequence of stops summarised for O(1) feasibility checks of concatenations. */
interface Sequence {
  first: number;
  last: number;
  /** Earliest and latest start of service at `first` that keep the whole sequence on time. */
  early: number;
  late: number;
  /** Minimum time from the start of service at `first` to leaving `last` (travel, waits, visits). */
  duration: number;
}

interface Problem {
  /** Nodes: 0 is the start point, 1..size-1 the candidate stops. */
  size: number;
  /** Driving minutes, row-major: time[from * size + to]. */
  time: Float64Array;
  /** Each node as a one-node sequence; the start point has early = late = startAt and no visit. */
  single: Sequence[];
  /** Closing minutes, for the "earliest closing first" construction. */
  closes: Float64Array;
}

/** σ1 ⊕ σ2, or null when σ2 cannot start in time after σ1 (Vidal et al., time warp must stay 0). */
function join(problem: Problem, a: Sequence, b: Sequence): Sequence | null {
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
function chain(
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

function then(problem: Problem, result: Sequence | null | undefined, part: Sequence | null | undefined): Sequence | null | undefined {
  if (part === undefined) return result;
  if (part === null || result === null) return null;
  return result === undefined ? part : join(problem, result, part);
}

interface Insertion {
  node: number;
  position: number;
  /** Added driving minutes. */
  delta: number;
  /** Added minutes to the day (driving, waiting, visiting). */
  shift: number;
}

/** An ordered list of stops with its prefix and suffix summaries, kept in step by `refresh()`. */
class Tour {
  /** prefix[i]: the start point then nodes[0..i-1]. */
  readonly prefix: Sequence[] = [];
  /** suffix[i]: nodes[i..] (undefined when empty). */
  readonly suffix: (Sequence | undefined)[] = [];
  cost = 0;
  feasible = true;

  constructor(
    readonly problem: Problem,
    public nodes: number[],
  ) {
    this.refresh();
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
    let cost = 0;
    let previous = 0;
    for (let i = 0; i < k; i++) {
      const node = nodes[i]!;
      const next = join(problem, this.prefix[i]!, problem.single[node]!);
      if (!next) return (this.feasible = false);
      this.prefix[i + 1] = next;
      cost += problem.time[previous * problem.size + node]!;
      previous = node;
    }
    for (let i = k - 1; i >= 0; i--) {
      const rest = this.suffix[i + 1];
      const own = problem.single[nodes[i]!]!;
      const joined = rest ? join(problem, own, rest) : own;
      if (!joined) return (this.feasible = false);
      this.suffix[i] = joined;
    }
    this.cost = cost;
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
    for (let p = 0; p <= k; p++) {
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
    return new Tour(this.problem, [...this.nodes.slice(0, index), ...this.nodes.slice(index + 1)]);
  }
}

// ---------------------------------------------------------------------------------------------
// Constructions

type InsertionRule = 'cost' | 'shift' | 'regret';

/** Repeatedly inserts the stop chosen by `rule` at its cheapest place until none fits. */
function buildByInsertion(problem: Problem, candidates: number[], rule: InsertionRule, seed?: number): Tour {
  const tour = new Tour(problem, seed === undefined ? [] : [seed]);
  let remaining = candidates.filter((node) => node !== seed);
  while (remaining.length > 0) {
    let chosen: Insertion | null = null;
    let chosenKey = NEVER;
    let chosenTie = NEVER;
    const stillFitting: number[] = [];
    for (const node of remaining) {
      let key: number;
      let tie: number;
      let insertion: Insertion;
      if (rule === 'regret') {
        const found = tour.insertionRegret(node);
        if (!found) continue;
        insertion = found.best;
        // A stop with one possible place left is urgent: its regret is as large as it gets.
        key = -(found.second < NEVER ? found.second - found.best.delta : 1e6);
        tie = found.best.delta;
      } else {
        const found = tour.bestInsertion(node);
        if (!found) continue;
        insertion = found;
        key = rule === 'cost' ? found.delta : found.shift;
        tie = rule === 'cost' ? found.shift : found.delta;
      }
      // A stop that fits nowhere now never will (triangle inequality): the tour only grows, so it only gets later.
      stillFitting.push(node);
      if (key < chosenKey - IMPROVEMENT || (key - chosenKey <= IMPROVEMENT && tie < chosenTie - IMPROVEMENT)) {
        chosen = insertion;
        chosenKey = key;
        chosenTie = tie;
      }
    }
    if (!chosen) break;
    tour.insert(chosen);
    remaining = stillFitting.filter((node) => node !== chosen.node);
  }
  return tour;
}

/** Inserts the stops one by one in the given order, each at its cheapest place. */
function buildInOrder(problem: Problem, order: number[]): Tour {
  const tour = new Tour(problem, []);
  for (const node of order) {
    const insertion = tour.bestInsertion(node);
    if (insertion) tour.insert(insertion);
  }
  return tour;
}

/** Goes next to the stop where a visit can begin soonest (driving plus waiting). */
function buildSoonestNext(problem: Problem, candidates: number[]): Tour {
  const nodes: number[] = [];
  let end = problem.single[0]!;
  const left = new Set(candidates);
  for (;;) {
    let best: { node: number; sequence: Sequence; begin: number } | null = null;
    for (const node of left) {
      const sequence = join(problem, end, problem.single[node]!);
      if (!sequence) continue;
      const begin = sequence.early + sequence.duration - problem.single[node]!.duration;
      if (!best || begin < best.begin - IMPROVEMENT) best = { node, sequence, begin };
    }
    if (!best) break;
    nodes.push(best.node);
    left.delete(best.node);
    end = best.sequence;
  }
  return new Tour(problem, nodes);
}

// ---------------------------------------------------------------------------------------------
// Local search: every accepted move visits more stops, or as many with less driving (or, for the
// walk that makes room, a shorter day).

function leftovers(tour: Tour, candidates: number[]): number[] {
  const inTour = new Set(tour.nodes);
  return candidates.filter((node) => !inTour.has(node));
}

function insertLeftovers(tour: Tour, candidates: number[], objective: Objective): boolean {
  let changed = false;
  let left = leftovers(tour, candidates);
  const cost = (insertion: Insertion) => (objective === 'driving' ? insertion.delta : insertion.shift);
  for (;;) {
    let best: Insertion | null = null;
    for (const node of left) {
      const insertion = tour.bestInsertion(node, objective);
      if (insertion && (!best || cost(insertion) < cost(best) - IMPROVEMENT)) best = insertion;
    }
    if (!best) return changed;
    tour.insert(best);
    left = left.filter((node) => node !== best.node);
    changed = true;
  }
}

/**
 * What local search shortens among plans with the same stops: the driving (the plan's goal), or
 * the length of the day, which leaves room to fit more stops (used by some ruin-and-recreate rounds).
 */
type Objective = 'driving' | 'duration';

/**
 * Keeps the best improving move of a scan. For driving, the time windows are checked only for a
 * move that would win on driving (a cheap test first); for duration, the check gives the score.
 */
class MoveChooser {
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
function orOpt(problem: Problem, tour: Tour, objective: Objective): boolean {
  let changed = false;
  for (let length = 1; length <= 3; length++) {
    for (let i = 0; i + length <= tour.length; i++) {
      if (moveRun(problem, tour, i, length, objective)) changed = true;
    }
  }
  return changed;
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
function twoOpt(problem: Problem, tour: Tour, objective: Objective): boolean {
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
function swap(problem: Problem, tour: Tour, objective: Objective): boolean {
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

/** Swaps a stop in the tour for one left out when that saves driving. */
function exchange(problem: Problem, tour: Tour, candidates: number[]): boolean {
  const { time, size } = problem;
  const t = (from: number, to: number) => time[from * size + to]!;
  let changed = false;
  let left = leftovers(tour, candidates);
  let cheapest = cheapestDeltas(problem, tour, left);
  for (let i = 0; i < tour.length && left.length > 0; i++) {
    const nodes = tour.nodes;
    const before = i === 0 ? 0 : nodes[i - 1]!;
    const removed = nodes[i]!;
    const next = i + 1 < nodes.length ? nodes[i + 1]! : -1;
    const gain = t(before, removed) + (next >= 0 ? t(removed, next) - t(before, next) : 0);
    let reduced: Tour | null = null;
    let best: Insertion | null = null;
    for (let l = 0; l < left.length; l++) {
      const node = left[l]!;
      // Driving added by `node` anywhere in the reduced tour is at least this, time windows aside:
      // its cheapest place in the whole tour, or the gap the removal opens.
      const bound = min(cheapest[l]!, t(before, node) + (next >= 0 ? t(node, next) - t(before, next) : 0));
      if (bound >= gain - IMPROVEMENT) continue;
      reduced ??= tour.without(i);
      if (!reduced.feasible) break;
      const insertion = reduced.bestInsertion(node);
      if (insertion && reduced.cost + insertion.delta < tour.cost - IMPROVEMENT && (!best || insertion.delta < best.delta - IMPROVEMENT)) {
        best = insertion;
      }
    }
    if (best && reduced) {
      reduced.insert(best);
      if (apply(tour, reduced.nodes)) {
        changed = true;
        left = leftovers(tour, candidates);
        cheapest = cheapestDeltas(problem, tour, left);
      }
    }
  }
  return changed;
}

/** For each node, the least driving its insertion anywhere in the tour would add, time windows aside. */
function cheapestDeltas(problem: Problem, tour: Tour, nodes: number[]): Float64Array {
  const { time, size } = problem;
  const route = tour.nodes;
  const result = new Float64Array(nodes.length);
  nodes.forEach((node, index) => {
    let least = time[(route.length > 0 ? route[route.length - 1]! : 0) * size + node]!;
    for (let p = 0; p < route.length; p++) {
      const before = p === 0 ? 0 : route[p - 1]!;
      const delta = time[before * size + node]! + time[node * size + route[p]!]! - time[before * size + route[p]!]!;
      if (delta < least) least = delta;
    }
    result[index] = least;
  });
  return result;
}

/** Drops one stop and fits two in its place (one of them may be the dropped stop, elsewhere). */
function dropOneAddTwo(tour: Tour, candidates: number[]): boolean {
  const left = leftovers(tour, candidates);
  if (left.length === 0) return false;
  for (let i = 0; i < tour.length; i++) {
    const dropped = tour.nodes[i]!;
    const reduced = tour.without(i);
    if (!reduced.feasible) continue;
    const firsts = left
      .map((node) => reduced.bestInsertion(node))
      .filter((insertion): insertion is Insertion => insertion !== null)
      .sort((a, b) => a.delta - b.delta || a.node - b.node)
      .slice(0, DROP_ONE_FIRST_TRIES);
    for (const first of firsts) {
      const withFirst = new Tour(reduced.problem, [...reduced.nodes]);
      withFirst.insert(first);
      let second: Insertion | null = null;
      for (const node of [...left, dropped]) {
        if (node === first.node) continue;
        const insertion = withFirst.bestInsertion(node);
        if (insertion && (!second || insertion.delta < second.delta - IMPROVEMENT)) second = insertion;
      }
      if (second) {
        withFirst.insert(second);
        if (apply(tour, withFirst.nodes)) return true;
      }
    }
  }
  return false;
}

/**
 * Ruin and recreate (Schrimpf et al., 2000): removes a few stops (near one another on the map, in
 * a row in the day, or anywhere), puts every stop left out back in a shuffled order at its best
 * place for `objective`, then runs the local search again. It gets out of the local optima that no
 * single move leaves.
 */
function ruinAndRecreate(problem: Problem, from: Tour, candidates: number[], objective: Objective, next: () => number): Tour | null {
  const nodes = from.nodes;
  const k = nodes.length;
  if (k === 0) return null;
  const { time, size } = problem;
  // A short tour may be ruined whole (a fresh random-order construction); a long one in part.
  const most = k <= SEED_EACH_STOP_UP_TO ? k : min(k, max(3, Math.ceil(k * RUIN_SHARE)));
  const count = 1 + Math.floor(next() * most);
  let removed: Set<number>;
  const kind = next();
  if (kind < 0.4) {
    // Stops near one another on the map…
    const centre = nodes[Math.floor(next() * k)]!;
    removed = new Set([...nodes].sort((a, b) => time[centre * size + a]! - time[centre * size + b]! || a - b).slice(0, count));
  } else if (kind < 0.8) {
    // …or in a row in the day…
    const first = Math.floor(next() * (k - count + 1));
    removed = new Set(nodes.slice(first, first + count));
  } else {
    // …or anywhere.
    removed = new Set();
    while (removed.size < count) removed.add(nodes[Math.floor(next() * k)]!);
  }
  const tour = new Tour(
    problem,
    nodes.filter((node) => !removed.has(node)),
  );
  if (!tour.feasible) return null;
  const left = leftovers(tour, candidates);
  for (let i = left.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [left[i], left[j]] = [left[j]!, left[i]!];
  }
  for (const node of left) {
    const insertion = tour.bestInsertion(node, objective);
    if (insertion) tour.insert(insertion);
  }
  return improve(problem, tour, candidates, objective, false);
}

/** mulberry32: a tiny seeded generator, so ruin and recreate gives the same plan every time. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** Replaces the tour's order when the new one is on time (it always should be; this is a guard). */
function apply(tour: Tour, nodes: number[]): boolean {
  const previous = tour.nodes;
  tour.nodes = nodes;
  if (tour.refresh()) return true;
  tour.nodes = previous;
  tour.refresh();
  return false;
}

/**
 * Local search to a local optimum of `objective` (at most stops first, always). `thorough` adds
 * "drop one, add two", the costliest neighbourhood, which ruin and recreate rounds skip: it runs on
 * the constructions and on the final plan.
 */
function improve(problem: Problem, tour: Tour, candidates: number[], objective: Objective, thorough: boolean): Tour {
  for (;;) {
    if (insertLeftovers(tour, candidates, objective)) continue;
    let moved = orOpt(problem, tour, objective);
    moved = twoOpt(problem, tour, objective) || moved;
    if (swap(problem, tour, objective) || moved) continue;
    if (objective === 'driving' && exchange(problem, tour, candidates)) continue;
    if (thorough && dropOneAddTwo(tour, candidates)) continue;
    return tour;
  }
}

function better(a: Tour, b: Tour): boolean {
  if (a.length !== b.length) return a.length > b.length;
  return a.cost < b.cost - IMPROVEMENT;
}

function solve(problem: Problem, candidates: number[]): Tour {
  if (candidates.length === 0) return new Tour(problem, []);
  const byClosing = [...candidates].sort((a, b) => problem.closes[a]! - problem.closes[b]! || a - b);
  const starts = [
    () => buildByInsertion(problem, candidates, 'cost'),
    () => buildByInsertion(problem, candidates, 'regret'),
    () => buildByInsertion(problem, candidates, 'shift'),
    () => buildInOrder(problem, byClosing),
    () => buildSoonestNext(problem, candidates),
  ];
  if (candidates.length <= SEED_EACH_STOP_UP_TO) {
    for (const seed of candidates) starts.push(() => buildByInsertion(problem, candidates, 'cost', seed));
  }
  const tried = new Set<string>();
  let best: Tour | null = null;
  for (const start of starts) {
    const tour = start();
    const key = tour.nodes.join(',');
    if (tried.has(key)) continue;
    tried.add(key);
    improve(problem, tour, candidates, 'driving', true);
    if (!best || better(tour, best)) best = tour;
  }
  const next = seeded(0x9e3779b9 ^ candidates.length);
  const rounds =
    candidates.length <= SEED_EACH_STOP_UP_TO ? SMALL_RUIN_ROUNDS : max(MIN_RUIN_ROUNDS, Math.round(RUIN_WORK / candidates.length));
  // Two walks share the rounds. One shortens the driving by record-to-record travel: it may wander
  // through plans with as many stops and a little more driving than the best (a margin that shrinks
  // to nothing). The other shortens the day, which makes room for stops that do not fit yet.
  let current = best!;
  let roomy = best!;
  for (let round = 0; round < rounds; round++) {
    // A shorter day only helps while some stop is left out.
    const shorterDay = round % 2 === 1 && best!.length < candidates.length;
    const tour = ruinAndRecreate(problem, shorterDay ? roomy : current, candidates, shorterDay ? 'duration' : 'driving', next);
    if (!tour) break;
    if (better(tour, best!)) best = tour;
    if (shorterDay) {
      if (tour.length > roomy.length || (tour.length === roomy.length && tour.duration <= roomy.duration)) roomy = tour;
      if (best!.length > roomy.length) roomy = best!;
    } else {
      const margin = WANDER_MARGIN * (1 - round / rounds);
      current = tour.length >= best!.length && tour.cost <= best!.cost * (1 + margin) ? tour : best!;
    }
  }
  return improve(problem, best!, candidates, 'driving', true);
}

// ---------------------------------------------------------------------------------------------
// The same search on a travel-time matrix (benchmarks against published instances).

export interface MatrixPlanRequest {
  /** Driving minutes, row-major: minutes[from * size + to]; node 0 is the start point. */
  minutes: ArrayLike<number>;
  /** Opening and closing minute of each node (index 0, the start point, is ignored). */
  opensAt: ArrayLike<number>;
  closesAt: ArrayLike<number>;
  startAt: number;
  minutesPerStop?: number;
}

export interface MatrixPlanResult {
  /** Nodes in visiting order (without the start point). */
  order: number[];
  driveMinutes: number;
  /** Nodes left out. */
  left: number[];
}

/** Plans nodes 1..size-1 of a travel-time matrix, exactly as `planRoute` plans stops. */
export function planOnMatrix(request: MatrixPlanRequest): MatrixPlanResult {
  const size = request.opensAt.length;
  if (request.closesAt.length !== size || request.minutes.length !== size * size)
    throw new RangeError('minutes must be size × size, with size opening and closing times');
  const service = request.minutesPerStop ?? DEFAULT_MINUTES_PER_STOP;
  const time = Float64Array.from(request.minutes);
  const single: Sequence[] = [{ first: 0, last: 0, early: request.startAt, late: request.startAt, duration: 0 }];
  const closes = new Float64Array(size);
  for (let node = 1; node < size; node++) {
    single.push({ first: node, last: node, early: request.opensAt[node]!, late: request.closesAt[node]! - service, duration: service });
    closes[node] = request.closesAt[node]!;
  }
  const problem: Problem = { size, time, single, closes };
  const candidates: number[] = [];
  for (let node = 1; node < size; node++)
    if (single[node]!.late >= single[node]!.early && join(problem, single[0]!, single[node]!)) candidates.push(node);
  const tour = solve(problem, candidates);
  const inTour = new Set(tour.nodes);
  const left: number[] = [];
  for (let node = 1; node < size; node++) if (!inTour.has(node)) left.push(node);
  return { order: [...tour.nodes], driveMinutes: tour.cost, left };
}

// ---------------------------------------------------------------------------------------------
// The public function: checks the input, says why stops cannot be planned, and times the result.

/**
 * Plans the order of the stops. Deterministic: the same request always gives the same plan.
 *
 * Times in the result are whole minutes rounded up (you never arrive earlier than shown, and a
 * shown leave time within closing hours is a real one); driving minutes and miles have one decimal.
 * Stops with a duplicate `saleId` are ignored after the first. A stop is on time when its visit of
 * `minutesPerStop` can end by `closesAt` (ending exactly at closing counts).
 *
 * @throws RangeError when the start point, `startAt` or `minutesPerStop` is not a usable number.
 */
export function planRoute(request: PlanRequest): PlanResult {
  const { start, startAt } = request;
  const service = request.minutesPerStop ?? DEFAULT_MINUTES_PER_STOP;
  if (!validPoint(start)) throw new RangeError('The start point needs a latitude in [-90, 90] and a longitude in [-180, 180]');
  if (!(Number.isFinite(startAt) && startAt >= 0)) throw new RangeError(`startAt must be a minute of the day, got ${startAt}`);
  if (!(Number.isFinite(service) && service >= 0)) throw new RangeError(`minutesPerStop must be a number ≥ 0, got ${service}`);
  const travel = request.travel ?? greatCircleTravel();

  const unplanned = new Map<StopRequest, string>();
  const seen = new Set<number>();
  const stops: StopRequest[] = [];
  for (const stop of request.stops) {
    if (seen.has(stop.saleId)) continue;
    seen.add(stop.saleId);
    stops.push(stop);
    const reason = hoursProblem(stop, startAt, service);
    if (reason) unplanned.set(stop, reason);
  }

  // Candidates: stops that could be visited alone, straight from the start point.
  const open = stops.filter((stop) => !unplanned.has(stop));
  const size = open.length + 1;
  const points = [start, ...open];
  const time = new Float64Array(size * size);
  for (let from = 0; from < size; from++) {
    for (let to = 0; to < size; to++) {
      if (from !== to) time[from * size + to] = travel.minutes(points[from]!, points[to]!);
    }
  }
  const single: Sequence[] = [{ first: 0, last: 0, early: startAt, late: startAt, duration: 0 }];
  const closes = new Float64Array(size);
  open.forEach((stop, index) => {
    const node = index + 1;
    single.push({ first: node, last: node, early: stop.opensAt, late: stop.closesAt - service, duration: service });
    closes[node] = stop.closesAt;
  });
  const problem: Problem = { size, time, single, closes };

  const candidates: number[] = [];
  open.forEach((stop, index) => {
    const node = index + 1;
    if (join(problem, single[0]!, single[node]!)) {
      candidates.push(node);
    } else {
      const arrival = startAt + time[node]!;
      unplanned.set(
        stop,
        arrival > stop.closesAt
          ? `Closes at ${clock(stop.closesAt)}, before you could get there (${clock(arrival)})`
          : `Closes at ${clock(stop.closesAt)}, too soon after you could get there (${clock(arrival)}) for a ${Math.round(service)}-minute stop`,
      );
    }
  });

  const tour = solve(problem, candidates);
  const inTour = new Set(tour.nodes);
  for (const node of candidates) {
    if (!inTour.has(node)) unplanned.set(open[node - 1]!, crowdedOut(tour, node, open));
  }

  const planned: PlannedStop[] = [];
  let leave = startAt;
  let previous = 0;
  let driveMinutes = 0;
  let driveMiles = 0;
  for (const node of tour.nodes) {
    const stop = open[node - 1]!;
    const drive = time[previous * size + node]!;
    const miles = travel.miles(points[previous]!, stop);
    const arrive = leave + drive;
    const begin = max(arrive, stop.opensAt);
    if (begin > stop.closesAt - service + 1e-6) throw new Error(`Route planner bug: sale ${stop.saleId} planned after its closing time`);
    leave = begin + service;
    driveMinutes += drive;
    driveMiles += miles;
    const arriveAt = roundUp(arrive);
    planned.push({
      saleId: stop.saleId,
      title: stop.title,
      latitude: stop.latitude,
      longitude: stop.longitude,
      arriveAt,
      waitMinutes: max(0, roundUp(begin) - arriveAt),
      leaveAt: roundUp(leave),
      driveMinutes: tenth(drive),
      driveMiles: tenth(miles),
    });
    previous = node;
  }

  return {
    stops: planned,
    unplanned: stops
      .filter((stop) => unplanned.has(stop))
      .map((stop): UnplannedStop => ({ saleId: stop.saleId, title: stop.title, reason: unplanned.get(stop)! })),
    totalDriveMinutes: tenth(driveMinutes),
    totalDriveMiles: tenth(driveMiles),
    finishAt: planned.length > 0 ? planned[planned.length - 1]!.leaveAt : startAt,
  };
}

/** Why a stop cannot be visited whatever the order, judged from its hours alone (null when it can). */
function hoursProblem(stop: StopRequest, startAt: number, service: number): string | null {
  if (!validPoint(stop)) return 'Has no usable map location';
  if (!Number.isFinite(stop.opensAt) || !Number.isFinite(stop.closesAt)) return 'Has no opening hours for the day';
  if (stop.opensAt >= stop.closesAt) return `Not open that day: opens at ${clock(stop.opensAt)} and closes at ${clock(stop.closesAt)}`;
  if (stop.closesAt - stop.opensAt < service) {
    return `Open only ${minutesText(stop.closesAt - stop.opensAt)} (${clock(stop.opensAt)}–${clock(stop.closesAt)}), less than the ${minutesText(service)} per stop`;
  }
  if (stop.closesAt <= startAt) return `Already closed when you set out: closes at ${clock(stop.closesAt)}, you leave at ${clock(startAt)}`;
  return null;
}

/** Why a stop that could be visited alone is not in the plan: what it would cost to fit it. */
function crowdedOut(tour: Tour, node: number, open: StopRequest[]): string {
  const stop = open[node - 1]!;
  const hours = `open ${clock(stop.opensAt)}–${clock(stop.closesAt)}`;
  let replaced: { title: string; cost: number } | null = null;
  for (let i = 0; i < tour.length; i++) {
    const reduced = tour.without(i);
    const insertion = reduced.feasible ? reduced.bestInsertion(node) : null;
    if (insertion && (!replaced || reduced.cost + insertion.delta < replaced.cost)) {
      replaced = { title: open[tour.nodes[i]! - 1]!.title, cost: reduced.cost + insertion.delta };
    }
  }
  if (replaced) return `Fits only by dropping another stop (such as “${replaced.title}”); ${hours}`;
  return `Fits only by dropping several of the other stops; ${hours}`;
}

function validPoint(point: { latitude: number; longitude: number } | undefined): boolean {
  return (
    point !== undefined &&
    Number.isFinite(point.latitude) &&
    Number.isFinite(point.longitude) &&
    Math.abs(point.latitude) <= 90 &&
    Math.abs(point.longitude) <= 180
  );
}

/** Minutes shown to people are rounded up, with the float slack forgiven. */
function roundUp(value: number): number {
  return Math.ceil(value - 1e-6);
}

function tenth(value: number): number {
  return Math.round(value * 10) / 10;
}

function minutesText(value: number): string {
  const rounded = Math.round(value);
  return rounded === 1 ? '1 minute' : `${rounded} minutes`;
}

/** HH:MM of a minute of the plan's day; later days are said in words. */
export function clock(value: number): string {
  const total = roundUp(value);
  const day = Math.floor(total / 1440);
  const inDay = total - day * 1440;
  const text = `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
  if (day === 0) return text;
  if (day === 1) return `${text} the next day`;
  if (day === -1) return `${text} the day before`;
  return `${text}, ${day} days ${day > 0 ? 'later' : 'before'}`;
}
