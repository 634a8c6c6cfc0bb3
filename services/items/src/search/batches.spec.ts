import { describe, expect, it } from '@jest/globals';
import { Batches } from './batches.js';

/** A read that records each batch it is asked and answers when `finish` is called. */
function pausedReads() {
  const batches: number[][] = [];
  const pending: Array<() => void> = [];
  const batchesOf = new Batches<number, string>(
    (questions) =>
      new Promise((resolve) => {
        batches.push(questions);
        pending.push(() => resolve(questions.map((question) => `answer ${question}`)));
      }),
  );
  const finish = async () => {
    pending.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batchesOf, batches, finish };
}

describe('Batches', () => {
  it('sends a question at once when nothing runs, and each asker gets its own answer', async () => {
    const { batchesOf, batches, finish } = pausedReads();
    const answer = batchesOf.ask(1);
    expect(batches).toEqual([[1]]);
    await finish();
    await expect(answer).resolves.toBe('answer 1');
  });

  it('holds questions asked during a read for the next read, which starts after they were asked', async () => {
    const { batchesOf, batches, finish } = pausedReads();
    const first = batchesOf.ask(1);
    const later = [batchesOf.ask(2), batchesOf.ask(3), batchesOf.ask(4)];
    // Not answered by the read already under way: it may have read before they were asked.
    expect(batches).toEqual([[1]]);
    await finish();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    await expect(first).resolves.toBe('answer 1');
    await finish();
    await expect(Promise.all(later)).resolves.toEqual(['answer 2', 'answer 3', 'answer 4']);
  });

  it('fails only the batch whose read failed', async () => {
    let reads = 0;
    const batchesOf = new Batches<number, number>(async (questions) => {
      reads += 1;
      if (reads === 1) throw new Error('connection lost');
      return questions.map((question) => question * 10);
    });
    const failed = batchesOf.ask(1);
    const next = batchesOf.ask(2);
    await expect(failed).rejects.toThrow('connection lost');
    await expect(next).resolves.toBe(20);
    await expect(batchesOf.ask(3)).resolves.toBe(30);
  });

  it('asks at most maxBatch questions in one read', async () => {
    const sizes: number[] = [];
    const batchesOf = new Batches<number, number>(async (questions) => {
      sizes.push(questions.length);
      return questions;
    }, 4);
    await Promise.all(Array.from({ length: 11 }, (_, index) => batchesOf.ask(index)));
    expect(sizes).toEqual([1, 4, 4, 2]);
  });
});
