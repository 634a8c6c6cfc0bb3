/**
 * Crossover and distance between plans of the same stops, for the population (population.ts):
 * order crossover and the broken-pairs distance of hybrid genetic search (Vidal et al. 2012), on
 * a single route (the whole order of stops is the "giant tour").
 */

/**
 * Order crossover (OX), the position-keeping variant: the child keeps `a`'s stops at positions
 * i..j where they are, and the other places, from the first to the last, take the remaining stops
 * in the order `b` visits them. Time windows order a day, so a stop keeps about the time of day it
 * had in both parents (the cyclic variant would move `b`'s first stops to the end of the day).
 */
export function orderCrossover(a: readonly number[], b: readonly number[], next: () => number): number[] {
  const k = a.length;
  let i = Math.floor(next() * k);
  let j = Math.floor(next() * k);
  if (j < i) [i, j] = [j, i];
  const kept = new Set<number>();
  for (let p = i; p <= j; p++) kept.add(a[p]!);
  const child = new Array<number>(k);
  let from = 0;
  for (let p = 0; p < k; p++) {
    if (p >= i && p <= j) {
      child[p] = a[p]!;
      continue;
    }
    while (kept.has(b[from]!)) from++;
    child[p] = b[from++]!;
  }
  return child;
}

/**
 * The share of `a`'s legs (stop to next stop, from the start point, in the direction driven) that
 * `b` does not drive: 0 for the same plan, 1 for plans with no leg in common.
 */
export function brokenPairs(a: readonly number[], b: readonly number[], size: number): number {
  const after = new Int32Array(size).fill(-1);
  let previous = 0;
  for (const node of b) {
    after[previous] = node;
    previous = node;
  }
  let broken = 0;
  previous = 0;
  for (const node of a) {
    if (after[previous] !== node) broken++;
    previous = node;
  }
  return a.length === 0 ? 0 : broken / a.length;
}
