import { CHANGES_KEPT_GENERATIONS } from './change-logs.js';

/** A row a search result shows changed: an item (`i`), a sale (`s`) or a user (`u`). */
export interface ShownChange {
  generation: bigint;
  kind: 'i' | 's' | 'u';
  id: number;
}

/** Reads the shown changes after generation `after` up to `until` from the database, oldest first. */
export type ShownChangeReader = (after: bigint, until: bigint) => Promise<ShownChange[]>;

/** Shown changes kept in memory to tell which kept answers a change touched. */
const SHOWN_CHANGES_KEPT = 20_000;

/**
 * The recent tail of the shown-change log (ShownGeneration), read from the database once for all
 * callers and kept in memory: it tells whether a kept answer shows any row changed since. Complete
 * for the generations after `startsAfter` up to `loadedUntil`; the oldest entries are dropped
 * beyond SHOWN_CHANGES_KEPT.
 */
export class ShownChangeLog {
  private entries: ShownChange[] = [];
  private startsAfter = 0n;
  private loadedUntil: bigint | null = null;
  private loading: Promise<void> | null = null;

  constructor(private readonly read: ShownChangeReader) {}

  /**
   * The rows changed after shown generation `since` up to `until`, or `null` if that reaches back
   * further than the changes kept in memory.
   */
  async between(since: string, until: string): Promise<ShownChange[] | null> {
    const from = BigInt(since);
    const to = BigInt(until);
    // First use, or so far behind that the log may have been pruned past what was loaded: start
    // the window afresh at `until`, and answer for nothing older.
    const far = (generation: bigint) => to - generation > BigInt(CHANGES_KEPT_GENERATIONS / 2);
    if (this.loadedUntil === null || far(this.loadedUntil)) {
      const start = this.loadedUntil === null && !far(from) ? from : to;
      this.entries = [];
      this.startsAfter = start;
      this.loadedUntil = start;
    }
    if (from < this.startsAfter) return null;
    while (this.loadedUntil < to) {
      this.loading ??= this.load(this.loadedUntil, to).finally(() => (this.loading = null));
      await this.loading;
    }
    // The entries are in generation order: find the first after `from` rather than walk them all,
    // since a market that keeps writing fills the log to SHOWN_CHANGES_KEPT and every check of a
    // kept answer asks for only the last few.
    const result: ShownChange[] = [];
    for (let at = firstAfter(this.entries, from); at < this.entries.length && this.entries[at]!.generation <= to; at += 1) {
      result.push(this.entries[at]!);
    }
    return result;
  }

  private async load(after: bigint, until: bigint): Promise<void> {
    const rows = await this.read(after, until);
    for (const row of rows) this.entries.push(row);
    if (until > this.loadedUntil!) this.loadedUntil = until;
    if (this.entries.length > SHOWN_CHANGES_KEPT) {
      const dropped = this.entries.splice(0, this.entries.length - SHOWN_CHANGES_KEPT);
      this.startsAfter = dropped.at(-1)!.generation;
    }
  }
}

/** The index of the first entry after generation `generation` (entries in generation order). */
function firstAfter(entries: ShownChange[], generation: bigint): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (entries[middle]!.generation > generation) high = middle;
    else low = middle + 1;
  }
  return low;
}
