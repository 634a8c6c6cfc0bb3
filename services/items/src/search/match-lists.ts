import { LRUCache } from 'lru-cache';
import { CHANGES_KEPT_GENERATIONS } from './change-logs.js';
import { MatchList } from './match-list.js';

/** Words that match more searchable items than this are ranked in SQL for each search, not kept. */
export const MAX_LIST_MATCHES = 150_000;
/** Matches kept over all lists: about 30 bytes each, so some 45 MB at most. */
const MATCHES_KEPT = 1_500_000;
/** Sets of words remembered (a list, or only that they were searched once). */
const WORDS_KEPT = 5_000;
/** A list with more changes to apply than this is built again: applying them would cost more. */
const MAX_CHANGES_APPLIED = 20_000;

/** Which words, and which day (the day decides which sales have ended). */
export interface ListWords {
  words: string;
  notEndedBefore: string;
}

/** What SQL answers for a list: every match ranked, or the changes since a generation. */
export interface MatchListSource {
  /** All matches as list lines (see `MatchList.parse`), stopping one past `MAX_LIST_MATCHES`. */
  rank(words: ListWords): Promise<{ generation: string; matches: number; list: string | null }>;
  /** The changes since generation `since`: changed item ids, and the lines of those that match now. */
  changes(
    words: ListWords,
    since: string,
  ): Promise<{ generation: string; behind: number; changes: number; changed: string | null; additions: string | null }>;
}

/** What is remembered of one set of words. */
export type Remembered = { list: MatchList } | { seen: true } | { tooBroad: true };

/**
 * The match lists kept in memory, one per set of words and day, least recently used dropped first.
 * A list is kept from the second search of its words (the first only marks them as seen), is
 * brought up to date from the change log rather than ranked again when it can be, and is given up
 * for words too broad to keep.
 */
export class MatchLists {
  // Bounded by entries and by matches held. Each entry counts one more than its matches, since the
  // cache needs a positive size: the bound on matches loosens by at most WORDS_KEPT.
  private readonly remembered = new LRUCache<string, Remembered>({
    max: WORDS_KEPT,
    maxSize: MATCHES_KEPT + WORDS_KEPT,
    sizeCalculation: (value) => 1 + ('list' in value ? value.list.size : 0),
  });
  private readonly updating = new Map<string, Promise<MatchList | null>>();

  constructor(private readonly source: MatchListSource) {}

  /** What is remembered of the words, without counting as a use. */
  peek(words: ListWords): Remembered | undefined {
    return this.remembered.peek(listKey(words));
  }

  /** Keeps `value` for the words as the most recently used. */
  remember(words: ListWords, value: Remembered): void {
    this.remembered.set(listKey(words), value);
  }

  /**
   * The words' list at the current generation: updated from the change log if there is one close
   * enough behind, built whole otherwise; `null` if the words match too many items to keep. One
   * update at a time per set of words; whoever asks meanwhile waits for it.
   */
  bringUpToDate(words: ListWords): Promise<MatchList | null> {
    const key = listKey(words);
    let pending = this.updating.get(key);
    if (!pending) {
      pending = (async () => {
        const known = this.remembered.peek(key);
        const list = (known && 'list' in known && (await this.update(known.list, words))) || (await this.build(words));
        this.remembered.set(key, list ? { list } : { tooBroad: true });
        return list;
      })().finally(() => this.updating.delete(key));
      this.updating.set(key, pending);
    }
    return pending;
  }

  /** The revision of the words' list once it is at `generation` or later, or `null` if the words have no list. */
  async revision(words: ListWords, generation: string): Promise<number | null> {
    const known = this.peek(words);
    if (!known || !('list' in known)) return null;
    const list = BigInt(known.list.generation) >= BigInt(generation) ? known.list : await this.bringUpToDate(words);
    return list?.revision ?? null;
  }

  private async build(words: ListWords): Promise<MatchList | null> {
    const { generation, matches, list } = await this.source.rank(words);
    return matches > MAX_LIST_MATCHES ? null : MatchList.parse(generation, list);
  }

  /** The list with the changes since its generation applied, or `null` if a build is the better way. */
  private async update(list: MatchList, words: ListWords): Promise<MatchList | null> {
    const { generation, behind, changes, changed, additions } = await this.source.changes(words, list.generation);
    if (generation === list.generation) return list;
    if (behind > CHANGES_KEPT_GENERATIONS / 2 || changes > MAX_CHANGES_APPLIED) return null;
    const updated = list.updated(generation, new Set((changed ?? '').split(',').map(Number)), MatchList.parse(generation, additions));
    return updated.size > MAX_LIST_MATCHES ? null : updated;
  }
}

/** Lists are per words and per day (the day decides which sales have ended). */
const listKey = (words: ListWords) => `${words.notEndedBefore} ${words.words}`;
