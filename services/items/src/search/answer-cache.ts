import { LRUCache } from 'lru-cache';
import type { ContentEncoding } from '@garage/service-kit';

/** Bytes of finished answers kept (an answer of 50 results is some 50 KB). */
const ANSWER_BYTES_KEPT = 32 * 1024 * 1024;
/** Searches remembered, kept answers or not. */
const SEARCHES_KEPT = 20_000;

/** A finished answer, and what it depends on. */
export interface Answer {
  json: string;
  /** The JSON compressed, per encoding, once the answer has been served again often enough. */
  compressed: Partial<Record<ContentEncoding, Buffer>>;
  /** Times it was served again. */
  reuses: number;
  /** The shown generation the answer is known to be true at. */
  shown: string;
  /** The revision of the match list its results were picked from (`null`: ranked in SQL). */
  revision: number | null;
  /** The rows it shows. */
  items: Set<number>;
  sales: Set<number>;
  users: Set<number>;
  /** The first moment one of its sales' addresses shows (ms), when the answer then changes; null: none. */
  until?: number | null;
}

/** A kept answer, or `null` for a search asked once: only a search asked again is worth keeping. */
export type Kept = Answer | null;

/**
 * Finished search answers (JSON text) by search, least recently used dropped first, bounded by
 * searches remembered and by the bytes of the answers kept.
 */
export class AnswerCache {
  // The cache holds no nulls, so a search asked once is kept as an entry without an answer.
  private readonly kept = new LRUCache<string, { answer: Kept }>({
    max: SEARCHES_KEPT,
    maxSize: ANSWER_BYTES_KEPT,
    sizeCalculation: (entry) => Math.max(1, entry.answer ? entry.answer.json.length + compressedBytes(entry.answer) : 0),
  });

  /** What is kept for the search, without counting as a use: `undefined` if it was never asked. */
  peek(key: string): Kept | undefined {
    return this.kept.peek(key)?.answer;
  }

  /** Keeps an answer (or that the search was asked) as the most recently used. */
  keep(key: string, answer: Kept): void {
    this.kept.set(key, { answer });
  }
}

function compressedBytes(answer: Answer): number {
  let bytes = 0;
  for (const body of Object.values(answer.compressed)) bytes += body.length;
  return bytes;
}
