import { Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { boundingBox, EARTH_RADIUS_MILES, toCents } from '@garage/contracts';
import { queryPrepared } from '@garage/database';
import { InjectDataSource } from '@garage/service-kit';
import { ITEM_COLUMNS, type ItemRow } from '../items/item.row.js';
import { MatchList, type Hit, type MatchFilters } from './match-list.js';

/**
 * The most results one search returns. Results are ranked, so the first 50 are the best 50; the
 * SPA shows them on one page, and a bound keeps every answer small and fast whatever the words.
 */
export const SEARCH_LIMIT = 50;

export interface SearchCriteria extends MatchFilters {
  words: string;
  /** Sales that ended before this date (YYYY-MM-DD) are left out even if their status lags. */
  notEndedBefore: string;
}

export type SearchRow = ItemRow & { distance: number | null };

/**
 * A search's rows, and the shown generation (see ShownGeneration) read in the same statement as
 * they were: an answer built from the rows is true while that counter stays there. `null` when no
 * row carried it.
 */
export interface SearchAnswer {
  rows: SearchRow[];
  shown: string | null;
  /** The revision of the match list the rows were picked from; `null` if ranked in SQL. */
  revision: number | null;
}

/** A row a search result shows changed: an item (`i`), a sale (`s`) or a user (`u`). */
export interface ShownChange {
  generation: bigint;
  kind: 'i' | 's' | 'u';
  id: number;
}

/** Shown changes kept in memory to tell which kept answers a change touched. */
const SHOWN_CHANGES_KEPT = 20_000;

/** Words that match more searchable items than this are ranked in SQL for each search, not kept. */
export const MAX_LIST_MATCHES = 150_000;
/** Matches kept over all lists: about 30 bytes each, so some 45 MB at most. */
const MATCHES_KEPT = 1_500_000;
/** Sets of words remembered (a list, or only that they were searched once). */
const WORDS_KEPT = 5_000;
/**
 * Generations of changes the log keeps (see SearchChanges). A list further behind than half of it
 * is built again rather than updated; so is one with more changes to apply than a full build costs.
 */
export const CHANGES_KEPT_GENERATIONS = 10_000;
const MAX_CHANGES_APPLIED = 20_000;

/** The rows of some ranked item ids, with both generations read in the same snapshot. */
const REREAD = `
  SELECT ${ITEM_COLUMNS}, (SELECT n::text FROM search_generation WHERE id = 1) AS generation,
         (SELECT n::text FROM shown_generation WHERE id = 1) AS shown
  FROM items i
  JOIN sales s ON s.id = i.garage_sale_id AND NOT s.deleted
  LEFT JOIN users u ON u.id = s.user_id
  WHERE i.id = ANY($1::int[])`;

/** Picked rows as read, and the generations of the snapshot they were read in. */
interface Reread {
  rows: SearchRow[];
  generation: string;
  shown: string;
  /** Every picked item was found (one that is not is a change the list has yet to learn). */
  complete: boolean;
}

/** What the repository remembers of one set of words. */
type Remembered = { list: MatchList } | { seen: true } | { tooBroad: true };

/**
 * Full-text search over items of active sales, in two ways that return the same rows.
 *
 * In SQL: one query on `item_search` (only the searchable items, kept by a trigger; see the
 * migration) finds and ranks the hits, with a GIN index for the words and a btree on (latitude,
 * longitude) for the box around a radius before the exact distance; only the final 50 rows are
 * joined to the item, its sale and the seller.
 *
 * From a match list: ranking every match is the costly part of a search, and it depends on the
 * words alone. Once words are searched a second time, Postgres ranks all their matches into a
 * `MatchList`; every later search with those words and any filters walks the list in memory and
 * reads only its 50 rows, fresh, checking in the same statement that the search generation (bumped
 * at the commit of any change to `item_search`) is still the list's. When it has moved, the list is
 * brought up to date from the change log (SearchChanges): only the items changed since are read
 * again, so a market that keeps writing does not make every list be ranked anew.
 */
@Injectable()
export class SearchRepository {
  private readonly remembered = new Map<string, Remembered>();
  private readonly updating = new Map<string, Promise<MatchList | null>>();
  private keptMatches = 0;
  /** Recent shown changes: complete for the generations after `startsAfter` up to `loadedUntil`. */
  private readonly shown: { entries: ShownChange[]; startsAfter: bigint; loadedUntil: bigint | null; loading: Promise<void> | null } = {
    entries: [],
    startsAfter: 0n,
    loadedUntil: null,
    loading: null,
  };

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async search(criteria: SearchCriteria): Promise<SearchAnswer> {
    const key = listKey(criteria);
    const known = this.remembered.get(key);
    if (!known) this.remember(key, { seen: true });
    if (!known || 'tooBroad' in known) return this.inSql(criteria);
    let list = 'list' in known ? known.list : await this.bringUpToDate(key, criteria);
    for (let tries = 0; list && tries < 3; tries += 1) {
      const hits = list.pick(criteria, SEARCH_LIMIT);
      const read = await this.reread(hits);
      if (read.complete && read.generation === list.generation) return this.answer(key, list, hits, read);
      // The searchable set moved since the list's generation. If bringing the list up to date past
      // the rows' generation leaves its content as it was, the picks and the rows read still hold.
      const updated = await this.bringUpToDate(key, criteria);
      if (read.complete && updated?.revision === list.revision && BigInt(updated.generation) >= BigInt(read.generation)) {
        return this.answer(key, updated, hits, read);
      }
      list = updated;
    }
    return this.inSql(criteria);
  }

  private answer(key: string, list: MatchList, hits: Hit[], read: Reread): SearchAnswer {
    this.remember(key, { list });
    const byId = new Map(read.rows.map((row) => [row.id, row]));
    // The rows are kept as read (copying 40 columns for each of 50 rows is a search's largest cost).
    return {
      rows: hits.map((hit) => Object.assign(byId.get(hit.id)!, { distance: hit.distance })),
      shown: read.shown,
      revision: list.revision,
    };
  }

  /** Deletes the change logs' entries that no list or kept answer can need any more. */
  async pruneChanges(): Promise<number> {
    const [, searchChanges]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM item_search_changes WHERE generation <= (SELECT n FROM search_generation WHERE id = 1) - $1`,
      [CHANGES_KEPT_GENERATIONS],
    );
    const [, shownChanges]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM shown_changes WHERE generation <= (SELECT n FROM shown_generation WHERE id = 1) - $1`,
      [CHANGES_KEPT_GENERATIONS],
    );
    return searchChanges + shownChanges;
  }

  private async inSql(criteria: SearchCriteria): Promise<SearchAnswer> {
    const { sql, params } = searchQuery(criteria);
    const rows: Array<SearchRow & { shown: string }> = await this.dataSource.query(sql, params);
    return { rows, shown: rows[0]?.shown ?? null, revision: null };
  }

  /**
   * The words' list at the current generation: updated from the change log if there is one close
   * enough behind, built whole otherwise; `null` if the words match too many items to keep. One
   * update at a time per set of words; whoever asks meanwhile waits for it.
   */
  private bringUpToDate(key: string, criteria: SearchCriteria): Promise<MatchList | null> {
    let pending = this.updating.get(key);
    if (!pending) {
      pending = (async () => {
        const known = this.remembered.get(key);
        const list = (known && 'list' in known && (await this.update(known.list, criteria))) || (await this.build(criteria));
        this.remember(key, list ? { list } : { tooBroad: true });
        return list;
      })().finally(() => this.updating.delete(key));
      this.updating.set(key, pending);
    }
    return pending;
  }

  private async build(criteria: SearchCriteria): Promise<MatchList | null> {
    const { sql, params } = matchListQuery(criteria.words, criteria.notEndedBefore);
    // Not prepared: a generic plan cannot know how many items the words match.
    const [{ generation, matches, list }] = await this.dataSource.query(sql, params);
    return matches > MAX_LIST_MATCHES ? null : MatchList.parse(generation, list);
  }

  /** The list with the changes since its generation applied, or `null` if a build is the better way. */
  private async update(list: MatchList, criteria: SearchCriteria): Promise<MatchList | null> {
    const { sql, params } = matchChangesQuery(criteria.words, criteria.notEndedBefore, list.generation);
    const [{ generation, behind, changes, changed, additions }] = await queryPrepared<{
      generation: string;
      behind: number;
      changes: number;
      changed: string | null;
      additions: string | null;
    }>(this.dataSource, 'search-list-changes', sql, params);
    if (generation === list.generation) return list;
    if (behind > CHANGES_KEPT_GENERATIONS / 2 || changes > MAX_CHANGES_APPLIED) return null;
    const updated = list.updated(generation, new Set((changed ?? '').split(',').map(Number)), MatchList.parse(generation, additions));
    return updated.size > MAX_LIST_MATCHES ? null : updated;
  }

  /** The rows of the picked items, with the generations of the snapshot they were read in. */
  private async reread(hits: Hit[]): Promise<Reread> {
    if (hits.length === 0) return { ...(await this.generations()), rows: [], complete: true };
    const rows = await queryPrepared<SearchRow & { generation: string; shown: string }>(this.dataSource, 'search-reread', REREAD, [
      hits.map((hit) => hit.id),
    ]);
    // No rows: the picks are gone, and a list that holds them is out of date anyway.
    if (rows.length === 0) return { ...(await this.generations()), rows, complete: false };
    return { rows, generation: rows[0]!.generation, shown: rows[0]!.shown, complete: rows.length === hits.length };
  }

  /**
   * The revision of the words' list once it is at `generation` or later, or `null` if the words
   * have no list.
   */
  async listRevision(criteria: SearchCriteria, generation: string): Promise<number | null> {
    const key = listKey(criteria);
    const known = this.remembered.get(key);
    if (!known || !('list' in known)) return null;
    const list = BigInt(known.list.generation) >= BigInt(generation) ? known.list : await this.bringUpToDate(key, criteria);
    return list?.revision ?? null;
  }

  /**
   * The rows changed after shown generation `since` up to `until`, or `null` if that reaches back
   * further than the changes kept in memory. Read from the log once for all callers.
   */
  async shownChanges(since: string, until: string): Promise<ShownChange[] | null> {
    const from = BigInt(since);
    const to = BigInt(until);
    const log = this.shown;
    // First use, or so far behind that the log may have been pruned past what was loaded: start
    // the window afresh at `until`, and answer for nothing older.
    const far = (generation: bigint) => to - generation > BigInt(CHANGES_KEPT_GENERATIONS / 2);
    if (log.loadedUntil === null || far(log.loadedUntil)) {
      const start = log.loadedUntil === null && !far(from) ? from : to;
      log.entries = [];
      log.startsAfter = start;
      log.loadedUntil = start;
    }
    if (from < log.startsAfter) return null;
    while (log.loadedUntil < to) {
      log.loading ??= this.loadShownChanges(log.loadedUntil, to).finally(() => (log.loading = null));
      await log.loading;
    }
    return log.entries.filter((change) => change.generation > from && change.generation <= to);
  }

  private async loadShownChanges(after: bigint, until: bigint): Promise<void> {
    const rows = await queryPrepared<{ generation: string; kind: 'i' | 's' | 'u'; id: number }>(
      this.dataSource,
      'search-shown-changes',
      `SELECT generation::text, kind::text, id FROM shown_changes WHERE generation > $1 AND generation <= $2 ORDER BY generation`,
      [after.toString(), until.toString()],
    );
    const log = this.shown;
    for (const row of rows) log.entries.push({ generation: BigInt(row.generation), kind: row.kind, id: row.id });
    if (until > log.loadedUntil!) log.loadedUntil = until;
    if (log.entries.length > SHOWN_CHANGES_KEPT) {
      const dropped = log.entries.splice(0, log.entries.length - SHOWN_CHANGES_KEPT);
      log.startsAfter = dropped.at(-1)!.generation;
    }
  }

  /** Both counters, in one snapshot. */
  async generations(): Promise<{ generation: string; shown: string }> {
    const [now] = await queryPrepared<{ generation: string; shown: string }>(
      this.dataSource,
      'search-generations',
      `SELECT (SELECT n::text FROM search_generation WHERE id = 1) AS generation, (SELECT n::text FROM shown_generation WHERE id = 1) AS shown`,
    );
    return now!;
  }

  /** Keeps `value` for `key` as the most recently used, dropping the least recently used beyond the bounds. */
  private remember(key: string, value: Remembered): void {
    const previous = this.remembered.get(key);
    if (previous && 'list' in previous) this.keptMatches -= previous.list.size;
    this.remembered.delete(key);
    this.remembered.set(key, value);
    if ('list' in value) this.keptMatches += value.list.size;
    for (const [oldest, old] of this.remembered) {
      if (this.keptMatches <= MATCHES_KEPT && this.remembered.size <= WORDS_KEPT) break;
      if (oldest === key) break;
      this.remembered.delete(oldest);
      if ('list' in old) this.keptMatches -= old.list.size;
    }
  }
}

/** The SQL of a search and its parameters (exported so the benchmark can EXPLAIN the very same query). */
export function searchQuery(criteria: SearchCriteria): { sql: string; params: unknown[] } {
  const params: unknown[] = [criteria.words, criteria.notEndedBefore];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const filters: string[] = [];
  if (criteria.category) filters.push(`x.category = ${param(criteria.category)}`);
  if (criteria.condition) filters.push(`x.condition = ${param(criteria.condition)}`);
  if (criteria.maxPrice !== undefined) filters.push(`x.price_cents <= ${param(toCents(criteria.maxPrice))}`);
  let distance = 'NULL::double precision';
  if (criteria.near) {
    const { latitude, longitude, radiusMiles } = criteria.near;
    const lat = param(latitude);
    const lng = param(longitude);
    distance = `${EARTH_RADIUS_MILES} * 2 * asin(least(1, sqrt(
        power(sin(radians(x.latitude - ${lat}::float8) / 2), 2) +
        cos(radians(${lat}::float8)) * cos(radians(x.latitude)) * power(sin(radians(x.longitude - ${lng}::float8) / 2), 2))))`;
    const box = boundingBox(latitude, longitude, radiusMiles);
    filters.push(
      `x.latitude BETWEEN ${param(box.south)} AND ${param(box.north)}`,
      `x.longitude BETWEEN ${param(box.west)} AND ${param(box.east)}`,
      `${distance} <= ${param(radiusMiles)}`,
    );
  }
  const sql = `
    WITH hits AS (
      SELECT x.item_id AS id, ts_rank(x.search_vector, websearch_to_tsquery('english', $1)) AS rank, ${distance} AS distance
      FROM item_search x
      WHERE x.search_vector @@ websearch_to_tsquery('english', $1)
        AND x.sale_end_date >= $2::date
        ${filters.map((filter) => `AND ${filter}`).join('\n        ')}
      ORDER BY rank DESC, x.item_id DESC
      LIMIT ${SEARCH_LIMIT}
    )
    SELECT ${ITEM_COLUMNS}, hits.distance, (SELECT n::text FROM shown_generation WHERE id = 1) AS shown
    FROM hits
    JOIN items i ON i.id = hits.id
    JOIN sales s ON s.id = i.garage_sale_id AND NOT s.deleted
    LEFT JOIN users u ON u.id = s.user_id
    ORDER BY hits.rank DESC, i.id DESC`;
  return { sql, params };
}

/** Lists are per words and per day (the day decides which sales have ended). */
const listKey = (criteria: SearchCriteria) => `${criteria.notEndedBefore} ${criteria.words}`;

/** One line per match, as `MatchList.parse` reads it. */
const MATCH_LINE = `concat_ws(E'\\t', m.item_id, m.rank, coalesce(m.latitude::text, ''), coalesce(m.longitude::text, ''),
                   m.price_cents, m.category, m.condition)`;

/**
 * The SQL that ranks every match of some words into one text (see `MatchList.parse`), with the
 * search generation read in the same snapshot. It stops one past `MAX_LIST_MATCHES`.
 */
export function matchListQuery(words: string, notEndedBefore: string): { sql: string; params: unknown[] } {
  const sql = `
    SELECT (SELECT n::text FROM search_generation WHERE id = 1) AS generation,
           count(*)::int AS matches,
           string_agg(${MATCH_LINE}, E'\\n' ORDER BY m.rank DESC, m.item_id DESC) AS list
    FROM (
      SELECT x.item_id, x.latitude, x.longitude, x.price_cents, x.category, x.condition,
             ts_rank(x.search_vector, websearch_to_tsquery('english', $1)) AS rank
      FROM item_search x
      WHERE x.search_vector @@ websearch_to_tsquery('english', $1)
        AND x.sale_end_date >= $2::date
      ORDER BY rank DESC, x.item_id DESC
      LIMIT ${MAX_LIST_MATCHES + 1}
    ) m`;
  return { sql, params: [words, notEndedBefore] };
}

/**
 * The SQL that reads what changed for a list at generation `since`: the current generation, how far
 * behind the list is, the items changed since (comma-separated) and, of those, the ones that match
 * the words now, as list lines. All in one snapshot.
 */
export function matchChangesQuery(words: string, notEndedBefore: string, since: string): { sql: string; params: unknown[] } {
  const sql = `
    WITH now AS (SELECT n FROM search_generation WHERE id = 1),
    changed AS (SELECT DISTINCT item_id FROM item_search_changes WHERE generation > $3::bigint)
    SELECT (SELECT n::text FROM now) AS generation,
           (SELECT n - $3::bigint FROM now)::float8 AS behind,
           (SELECT count(*)::int FROM changed) AS changes,
           (SELECT string_agg(item_id::text, ',') FROM changed) AS changed,
           (SELECT string_agg(${MATCH_LINE}, E'\\n' ORDER BY m.rank DESC, m.item_id DESC)
            FROM (
              SELECT x.item_id, x.latitude, x.longitude, x.price_cents, x.category, x.condition,
                     ts_rank(x.search_vector, websearch_to_tsquery('english', $1)) AS rank
              FROM item_search x JOIN changed c ON c.item_id = x.item_id
              WHERE x.search_vector @@ websearch_to_tsquery('english', $1)
                AND x.sale_end_date >= $2::date
            ) m) AS additions`;
  return { sql, params: [words, notEndedBefore, since] };
}
