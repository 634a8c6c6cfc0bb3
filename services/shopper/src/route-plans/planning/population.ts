/**
 * A small population of plans, as in hybrid genetic search (Vidal et al. 2012, 2022): plans are
 * bred by order crossover, each child is educated by the descent through late plans (penalised
 * lateness, warp-search.ts) and the local search (walk.ts's `improve`), and the population keeps
 * plans that are short or unlike the others (broken-pairs distance). Its first plans come from
 * ruin-and-recreate walks (walk.ts). One walk that chance sends the wrong way no longer decides the
 * plan. Deterministic for a given generator.
 */
import { brokenPairs, orderCrossover } from './crossover.js';
import { type Problem } from './sequence.js';
import { Tour } from './tour.js';
import { WarpedTour } from './warp.js';
import { descendToOnTime } from './warp-search.js';
import { better, improve, walk } from './walk.js';

/**
 * Plans kept (μ). The first ones come from walks that share INITIAL_SHARE of the rounds, each from
 * another construction in turn (walks from one plan mostly end in the same place).
 */
const POPULATION = 4;
const INITIAL_SHARE = 0.7;
/**
 * A child's education costs about EDUCATION_COST rounds of a walk. A walk of six rounds after it
 * (decision 0196) left fewer children for the same rounds and did worse on plans of 61-100 stops;
 * on the widest 100-stop plans it is what closes the worst gap (decisions 0250, 0290): `childWalk`.
 */
const EDUCATION_COST = 1;
/** Biased fitness: the plans nearest to one (this many) give its diversity; the best ELITE are kept for their driving alone. */
const CLOSEST = 2;
const ELITE = 2;

interface Member {
  tour: Tour;
  fitness: number;
}

export interface Evolution {
  problem: Problem;
  candidates: number[];
  next: () => number;
  penalty: { value: number };
  /** Rounds of a walk each child gets after its education (each counts as a round); 0: none. */
  childWalk?: number;
  /** Stop after this many rounds without a better plan (after the first walks); absent: never. */
  patience?: number;
  /** The share of the rounds the first walks get; absent: INITIAL_SHARE. */
  initialShare?: number;
}

/** Spends `rounds` (as the single walk would) on a population started from `starts` (plans with every stop); returns the best plan met. */
export function evolve(search: Evolution, starts: Tour[], rounds: number): Tour {
  const { problem, candidates, next, penalty } = search;
  const initial = Math.max(1, Math.floor((rounds * (search.initialShare ?? INITIAL_SHARE)) / POPULATION));
  let best = starts[0]!;
  for (const start of starts) if (better(start, best)) best = start;
  const members: Member[] = [];
  const add = (tour: Tour) => {
    if (better(tour, best)) best = tour;
    const key = tour.nodes.join(',');
    const clone = members.findIndex((member) => member.tour.nodes.join(',') === key);
    if (clone >= 0) return;
    members.push({ tour, fitness: 0 });
    rank(members, problem.size);
    if (members.length > POPULATION) {
      let worst = 0;
      for (let m = 1; m < members.length; m++) if (members[m]!.fitness > members[worst]!.fitness) worst = m;
      members.splice(worst, 1);
      rank(members, problem.size);
    }
  };
  let spent = 0;
  let lastBetter = 0;
  for (let m = 0; m < POPULATION && spent < rounds; m++) {
    const before = best;
    add(walk(problem, candidates, starts[m % starts.length]!, initial, next, penalty, true));
    spent += initial;
    if (best !== before) lastBetter = spent;
  }
  const childWalk = search.childWalk ?? 0;
  while (spent < rounds) {
    spent += EDUCATION_COST + childWalk;
    if (members.length < 2) break;
    if (search.patience !== undefined && spent - lastBetter > search.patience) break;
    const a = tournament(members, next);
    let b = tournament(members, next);
    if (b === a) b = members[(members.indexOf(a) + 1) % members.length]!;
    let child = educate(search, orderCrossover(a.tour.nodes, b.tour.nodes, next));
    if (child && childWalk > 0) child = walk(problem, candidates, child, childWalk, next, penalty, true);
    if (child) {
      const before = best;
      add(child);
      if (best !== before) lastBetter = spent;
    }
  }
  return best;
}

/** The child brought on time by the descent through late plans, then to a local optimum; null if it stays late. */
function educate(search: Evolution, order: number[]): Tour | null {
  const { problem, candidates, penalty } = search;
  const late = new WarpedTour(problem, order);
  if (descendToOnTime(late, penalty.value) < 0) return null;
  const tour = new Tour(problem, late.nodes);
  return tour.feasible ? improve(problem, tour, candidates, 'driving', false) : null;
}

/** Binary tournament on biased fitness (lower is better). */
function tournament(members: Member[], next: () => number): Member {
  const a = members[Math.floor(next() * members.length)]!;
  const b = members[Math.floor(next() * members.length)]!;
  return a.fitness <= b.fitness ? a : b;
}

/**
 * Biased fitness (hybrid genetic search): the rank by driving plus, weighted by the share of
 * plans beyond the elite, the rank by diversity (mean broken-pairs distance to the CLOSEST nearest).
 */
function rank(members: Member[], size: number): void {
  const n = members.length;
  if (n === 1) {
    members[0]!.fitness = 0;
    return;
  }
  const diversity = members.map((member, m) => {
    const distances = members
      .filter((_, o) => o !== m)
      .map((other) => brokenPairs(member.tour.nodes, other.tour.nodes, size))
      .sort((x, y) => x - y)
      .slice(0, CLOSEST);
    return distances.reduce((sum, d) => sum + d, 0) / distances.length;
  });
  const byCost = members.map((_, m) => m).sort((x, y) => members[x]!.tour.cost - members[y]!.tour.cost || x - y);
  const byDiversity = members.map((_, m) => m).sort((x, y) => diversity[y]! - diversity[x]! || x - y);
  const weight = Math.max(0, 1 - ELITE / n);
  for (let r = 0; r < n; r++) {
    members[byCost[r]!]!.fitness = r / (n - 1);
  }
  for (let r = 0; r < n; r++) members[byDiversity[r]!]!.fitness += (weight * r) / (n - 1);
}
