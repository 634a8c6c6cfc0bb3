import { describe, expect, it } from '@jest/globals';
import { ShownChangeLog, type ShownChange } from './shown-change-log.js';

/** A log of `perGeneration` changes at each generation up to `until`, as the database would hold it. */
function database(until: number, perGeneration: number) {
  const rows: ShownChange[] = [];
  for (let generation = 1n; generation <= BigInt(until); generation += 1n) {
    for (let n = 0; n < perGeneration; n += 1) rows.push({ generation, kind: n % 2 ? 'i' : 's', id: Number(generation) * 10 + n });
  }
  let reads = 0;
  const read = async (after: bigint, to: bigint) => {
    reads += 1;
    return rows.slice(Number(after) * perGeneration, Number(to) * perGeneration);
  };
  return { rows, read, reads: () => reads };
}

describe('ShownChangeLog', () => {
  it('answers exactly the changes between two generations, from one read of the log', async () => {
    const { rows, read, reads } = database(3_000, 3);
    const log = new ShownChangeLog(read);
    expect(await log.between('0', '3000')).toEqual(rows);
    for (const [since, until] of [
      [0, 1],
      [1, 2],
      [2_999, 3_000],
      [1_234, 1_240],
      [500, 500],
      [0, 3_000],
    ] as const) {
      expect(await log.between(String(since), String(until))).toEqual(
        rows.filter((row) => row.generation > BigInt(since) && row.generation <= BigInt(until)),
      );
    }
    expect(reads()).toBe(1);
  });

  it('follows a log that keeps growing, and answers null for generations older than it keeps', async () => {
    const { rows, read } = database(10_000, 3);
    const log = new ShownChangeLog(read);
    for (let generation = 1; generation <= 10_000; generation += 1) {
      expect(await log.between(String(generation - 1), String(generation))).toEqual(rows.slice((generation - 1) * 3, generation * 3));
    }
    // 20,000 changes are kept: the oldest third of the 30,000 were dropped.
    expect(await log.between('100', '200')).toBeNull();
    expect(await log.between('9990', '10000')).toEqual(rows.slice(-30));
  });
});
