/**
 * The search: constructions, each improved to a local optimum, then ruin-and-recreate rounds from
 * the best plan (walk.ts), or on some plans a population bred from them (population.ts);
 * deterministic (seeded).
 */
import { buildByCheapestInsertion, buildByInsertion, buildInOrder, buildSoonestNext } from './construction.js';
import { nearestNodes } from './local-search.js';
import { insertAllowingLateness } from './repair.js';
import { max, min, type Problem } from './sequence.js';
import { seeded } from './random.js';
import { Tour } from './tour.js';
import { evolve } from './population.js';
import { better, FIRST_PENALTY, improve, walk } from './walk.js';

/** Up to this many stops, every stop also seeds a construction of its own (cheap, and closer to optimal). */
const SEED_EACH_STOP_UP_TO = 12;
/** Up to this many stops, the constructions that rescan every stop at every step (n³) run too. */
const FULL_SCAN_CONSTRUCTIONS_UP_TO = 100;
/** From this many stops on, local search tries only the places next to a stop's NEIGHBOURS nearest stops. */
const GRANULAR_FROM = 250;
const NEIGHBOURS = 12;
/**
 * A complete plan of more than FOCUS_FROM stops (up to GRANULAR_FROM) on wide windows is where the
 * rounds fell short (the published instances of 150 and 200 stops got 40 and 30): its rounds' local
 * search tries only the places next to a stop's FOCUS_NEIGHBOURS nearest stops, and the time saved
 * (with the don't-look bits of the descent through late plans) pays for FOCUS_ROUNDS times the
 * rounds (decision 0191: 12 or 16 neighbours cost more for no better worst gap; 30 no better than 20).
 */
const FOCUS_FROM = 100;
const FOCUS_NEIGHBOURS = 20;
const FOCUS_ROUNDS = 2;
/**
 * Ruin and recreate rounds: many for a few stops, RUIN_WORK / stops in between (measured on the
 * published TSPTW instances: 1500 gave a mean gap of 0.42 %, 6000 gave 0.28 %), the fewest for a
 * long plan.
 */
const SMALL_RUIN_ROUNDS = 150;
const MIN_RUIN_ROUNDS = 8;
/** A day of a few dozen sales (the usual plan) keeps the rounds it had: more did not pay there. */
const MAX_RUIN_ROUNDS = 60;
const RUIN_WORK = 6000;
/**
 * The walk's rounds through late plans (walk.ts) run when every stop is planned and the windows are
 * wide: at least WIDE_WINDOWS times the average leg of the plan on average (measured on the
 * published instances: below that it only costs time).
 */
const WIDE_WINDOWS = 12;
/**
 * A complete plan of more than POPULATION_FROM stops, up to FOCUS_FROM, on very wide windows (at
 * least POPULATION_WINDOWS times the average leg) spends POPULATION_ROUNDS times its rounds on a
 * population (population.ts) instead of one walk: there one walk, even with as many rounds, stays
 * in the local optimum it found (decision 0196). Longer plans already get twice the rounds
 * (focused), and narrower windows make the rounds dearer: no processor time is left for it there.
 */
const POPULATION_FROM = 60;
const POPULATION_WINDOWS = 20;
const POPULATION_ROUNDS = 2;
/**
 * The widest focused plans of up to WIDE_POPULATION_UP_TO stops (windows at least
 * WIDE_POPULATION_WINDOWS times the average leg) get the population too, with twice their focused
 * rounds: there the walk, whatever its rounds, stayed 3.4 % over the best-known plan (Gendreau
 * n100w200.005), and children each walked CHILD_WALK rounds reach it (at round 220 of 236, so
 * PATIENCE only ends the searches that stopped improving). Affordable since the rounds got a third
 * cheaper (decision 0290); narrower windows make the rounds dearer and gain little from it (0250).
 */
const WIDE_POPULATION_UP_TO = 120;
const WIDE_POPULATION_WINDOWS = 33;
const CHILD_WALK = 6;
const PATIENCE = 100;
/**
 * The longer focused plans (more than WIDE_POPULATION_UP_TO stops) on windows at least
 * LONG_POPULATION_WINDOWS times the average leg (Ohlmann's 150 and 200 stops: 22-36 times) get the
 * population too, with LONG_POPULATION_ROUNDS times their focused rounds, half of them on the first
 * walks (one from each construction), children walked LONG_CHILD_WALK rounds. There one walk ends
 * wherever its random draws lead (Ohlmann n200w140.002 1.97 %; over ten seeds, two to three of
 * their 25 above 1 %); the population from the three constructions does better for about 1.4
 * times the walk's processor time (decision 0291: the 25 instances' mean gap 0.36 -> 0.20 % over
 * ten seeds, 0.30 -> 0.10 % on the planner's own, where none is left above 1 %).
 */
const LONG_POPULATION_WINDOWS = 20;
const LONG_POPULATION_ROUNDS = 1.5;
const LONG_CHILD_WALK = 2;
const LONG_INITIAL_SHARE = 0.5;

/** Whether the stops' windows are on average at least `times` as long as the plan's average leg. */
function windowsAreWide(problem: Problem, tour: Tour, times: number): boolean {
  if (tour.length === 0) return false;
  let width = 0;
  for (const node of tour.nodes) width += problem.single[node]!.late - problem.single[node]!.early;
  return width >= times * tour.cost;
}

export function solve(problem: Problem, candidates: number[]): Tour {
  if (candidates.length === 0) return new Tour(problem, []);
  if (candidates.length > GRANULAR_FROM) problem.near = nearestNodes(problem, candidates, NEIGHBOURS);
  const byClosing = [...candidates].sort((a, b) => problem.closes[a]! - problem.closes[b]! || a - b);
  const starts = [() => buildByCheapestInsertion(problem, candidates), () => buildInOrder(problem, byClosing)];
  // On a long list (a community sale) each construction's local search is the costliest part.
  if (candidates.length <= GRANULAR_FROM) starts.push(() => buildSoonestNext(problem, candidates));
  // Regret and least-time insertion rescan every stop at every step (n³): worth it on small plans.
  if (candidates.length <= FULL_SCAN_CONSTRUCTIONS_UP_TO) {
    starts.push(
      () => buildByInsertion(problem, candidates, 'regret'),
      () => buildByInsertion(problem, candidates, 'shift'),
    );
  }
  if (candidates.length <= SEED_EACH_STOP_UP_TO) {
    for (const seed of candidates) starts.push(() => buildByCheapestInsertion(problem, candidates, seed));
  }
  const tried = new Set<string>();
  let best: Tour | null = null;
  const built: Tour[] = [];
  for (const start of starts) {
    const tour = start();
    const key = tour.nodes.join(',');
    if (tried.has(key)) continue;
    tried.add(key);
    improve(problem, tour, candidates, 'driving', true);
    built.push(tour);
    if (!best || better(tour, best)) best = tour;
  }
  const next = seeded(0x9e3779b9 ^ candidates.length);
  // A long plan (granular search, hundreds of stops) gets the fewest rounds: it must stay fast.
  const plainRounds =
    candidates.length <= SEED_EACH_STOP_UP_TO
      ? SMALL_RUIN_ROUNDS
      : candidates.length > GRANULAR_FROM
        ? MIN_RUIN_ROUNDS
        : min(MAX_RUIN_ROUNDS, max(MIN_RUIN_ROUNDS, Math.round(RUIN_WORK / candidates.length)));
  const penalty = { value: FIRST_PENALTY };
  const wide = best!.length === candidates.length && windowsAreWide(problem, best!, WIDE_WINDOWS);
  const focused = wide && candidates.length > FOCUS_FROM && candidates.length <= GRANULAR_FROM;
  if (focused) problem.near = nearestNodes(problem, candidates, FOCUS_NEIGHBOURS);
  const rounds = focused ? Math.round(plainRounds * FOCUS_ROUNDS) : plainRounds;
  const bred =
    wide && candidates.length > POPULATION_FROM && candidates.length <= FOCUS_FROM && windowsAreWide(problem, best!, POPULATION_WINDOWS);
  const widest = focused && candidates.length <= WIDE_POPULATION_UP_TO && windowsAreWide(problem, best!, WIDE_POPULATION_WINDOWS);
  const long = focused && candidates.length > WIDE_POPULATION_UP_TO && windowsAreWide(problem, best!, LONG_POPULATION_WINDOWS);
  const complete = built.filter((tour) => tour.length === candidates.length);
  if (bred) {
    best = evolve({ problem, candidates, next, penalty }, complete, Math.round(rounds * POPULATION_ROUNDS));
  } else if (widest) {
    const search = { problem, candidates, next, penalty, childWalk: CHILD_WALK, patience: PATIENCE };
    best = evolve(search, complete, Math.round(rounds * POPULATION_ROUNDS));
  } else if (long) {
    const search = { problem, candidates, next, penalty, childWalk: LONG_CHILD_WALK, patience: PATIENCE, initialShare: LONG_INITIAL_SHARE };
    best = evolve(search, complete, Math.round(rounds * LONG_POPULATION_ROUNDS));
  } else best = walk(problem, candidates, best!, rounds, next, penalty, wide && candidates.length <= GRANULAR_FROM);
  improve(problem, best!, candidates, 'driving', true);
  // Last, before giving up on a stop: the costlier repair that lets the day run late on the way.
  while (best!.length < candidates.length && insertAllowingLateness(problem, best!, candidates))
    improve(problem, best!, candidates, 'driving', true);
  return best!;
}
