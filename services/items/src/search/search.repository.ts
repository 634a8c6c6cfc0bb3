import { Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { boundingBox, SEARCH_PAGE_MAX, toCents } from '@garage/contracts';
import { queryPrepared } from '@garage/database';
import { greatCircleMilesSql, InjectDataSource, withinBoxSql } from '@garage/service-kit';
import { ITEM_AND_SALE_COLUMNS, ITEM_COLUMNS, NO_SELLER_COLUMNS, type ItemRow } from '../items/item.row.js';
import { CHANGES_KEPT_GENERATIONS } from './change-logs.js';
import { MatchList, type Hit, type MatchFilters } from './match-list.js';
import { Batches } from './batches.js';
import { MatchLists, MAX_LIST_MATCHES, type ListWords } from './match-lists.js';
import { ShownChangeLog, type ShownChange } from './shown-change-log.js';
import { COMMUNITY_SALE_REVISION, communitySaleSearchQuery } from './community-sale-search.js';

export { CHANGES_KEPT_GENERATIONS } from './change-logs.js';
export type { ShownChange } from './shown-change-log.js';

/**
 * The most results one search returns. Results are ranked, so the first 50 are the best 50; a
 * bound keeps every answer small and fast whatever the words. The search screen asks for fewer at
 * a time (`limit`), and for the next ones with `offset`.
 */
export const SEARCH_LIMIT = SEARCH_PAGE_MAX;

export interface SearchCriteria extends MatchFilters {
  words: string;
  /** Sales that ended before this date (YYYY-MM-DD) are left out even if their status lags. */
  notEndedBefore: string;
  /** The page: this many results (at most SEARCH_LIMIT, which is the default) after the first `offset`. */
  limit?: number;
  offset?: number;
  /** Read the seller's name, phone and rating: false for a visitor, who is never shown them. */
  withSeller?: boolean;
  /** Only items of the sales approved in this community sale; then blank `words` list them all, newest first. */
  communitySaleId?: number;
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
  /**
   * The revision of the match list the rows were picked from, or of the community sale searched
   * in; `null` if ranked in SQL otherwise.
   */
  revision: number | null;
}

/** The rows of some ranked item ids, with both generations read in the same snapshot. */
const reread = (withSeller: boolean) => `
  SELECT ${rowColumns(withSeller)}, (SELECT n::text FROM search_generation WHERE id = 1) AS generation,
         (SELECT n::text FROM shown_generation WHERE id = 1) AS shown
  FROM items i
  JOIN sales s ON s.id = i.garage_sale_id AND NOT s.deleted
  ${sellerJoin(withSeller)}
  WHERE i.id = ANY($1::int[])`;

/** A result row's columns: the seller's are read only for a signed-in viewer (see NO_SELLER_COLUMNS). */
const rowColumns = (withSeller: boolean) => (withSeller ? ITEM_COLUMNS : `${ITEM_AND_SALE_COLUMNS}, ${NO_SELLER_COLUMNS}`);
const sellerJoin = (withSeller: boolean) => (withSeller ? 'LEFT JOIN users u ON u.id = s.user_id' : '');

/** Picked rows as read, and the generations of the snapshot they were read in. */
interface Reread {
  rows: SearchRow[];
  generation: string;
  shown: string;
  /** Every picked item was found (one that is not is a change the list has yet to learn). */
  complete: boolean;
}

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
 * `MatchList` (kept by MatchLists); every later search with those words and any filters walks the
 * list in memory and reads only its 50 rows, fresh, checking in the same statement that the search
 * generation (bumped at the commit of any change to `item_search`) is still the list's. When it has
 * moved, the list is brought up to date from the change log (SearchChanges): only the items changed
 * since are read again, so a market that keeps writing does not make every list be ranked anew.
 */
@Injectable()
export class SearchRepository {
  private readonly lists = new MatchLists({
    rank: (words) => {
      const { sql, params } = matchListQuery(words.words, words.notEndedBefore);
      // Not prepared: a generic plan cannot know how many items the words match.
      return this.dataSource.query(sql, params).then(([row]) => row);
    },
    changes: (words, since) => this.catchUps.ask({ words, since }),
  });
  /**
   * After a change every kept list must catch up: the lists asking at once are brought up to date
   * by one query, not one each (with 60 lists searched and 10 changes a second, that was 600
   * queries a second).
   */
  private readonly catchUps = new Batches<{ words: ListWords; since: string }, ListChanges>((asked) => {
    const { sql, params } = matchChangesQuery(asked);
    return queryPrepared<ListChanges>(this.dataSource, 'search-list-changes', sql, params);
  });
  /**
   * The rows of the items some searches picked, read by one query for all the searches asking at
   * once (nearby searches for the same words pick many of the same items); one reader for
   * signed-in viewers and one for visitors. Each search gets its own row objects, which it may change.
   */
  private readonly rows = { member: this.rowReader(true), visitor: this.rowReader(false) };
  /** The generations every kept answer is checked against, read once for all searches asking at once. */
  private readonly now = new Batches<null, Generations>(async (asked) => {
    const [now] = await queryPrepared<Generations>(
      this.dataSource,
      'search-generations',
      `SELECT (SELECT n::text FROM search_generation WHERE id = 1) AS generation, (SELECT n::text FROM shown_generation WHERE id = 1) AS shown`,
    );
    return asked.map(() => now!);
  });
  private readonly shown = new ShownChangeLog(async (after, until) => {
    // Ordered by the number, not the text it is read as ('10' sorts before '9'): ShownChangeLog
    // looks up a generation by bisecting the entries, and misses changes in a text order.
    const rows = await queryPrepared<{ generation: string; kind: 'i' | 's' | 'u'; id: number }>(
      this.dataSource,
      'search-shown-changes',
      `SELECT c.generation::text AS generation, c.kind::text AS kind, c.id FROM shown_changes c
       WHERE c.generation > $1 AND c.generation <= $2 ORDER BY c.generation`,
      [after.toString(), until.toString()],
    );
    return rows.map((row) => ({ generation: BigInt(row.generation), kind: row.kind, id: row.id }));
  });

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private rowReader(withSeller: boolean) {
    const sql = reread(withSeller);
    const name = withSeller ? 'search-reread' : 'search-reread-visitor';
    return new Batches<number[], { rows: SearchRow[]; generation: string; shown: string }>(async (asked) => {
      const read = await queryPrepared<SearchRow & { generation: string; shown: string }>(this.dataSource, name, sql, [
        [...new Set(asked.flat())],
      ]);
      const byId = new Map(read.map((row) => [row.id, row]));
      const given = new Set<number>();
      const snapshot = read[0] ?? { generation: '0', shown: '0' };
      return asked.map((ids) => {
        const rows: SearchRow[] = [];
        for (const id of ids) {
          const row = byId.get(id);
          if (!row) continue;
          rows.push(given.has(id) ? { ...row } : row);
          given.add(id);
        }
        return { rows, generation: snapshot.generation, shown: snapshot.shown };
      });
    });
  }

  async search(criteria: SearchCriteria): Promise<SearchAnswer> {
    if (criteria.communitySaleId !== undefined) return this.inSql(criteria);
    const known = this.lists.peek(criteria);
    if (!known) this.lists.remember(criteria, { seen: true });
    if (!known || 'tooBroad' in known) return this.inSql(criteria);
    let list = 'list' in known ? known.list : await this.lists.bringUpToDate(criteria);
    for (let tries = 0; list && tries < 3; tries += 1) {
      const hits = pageOf(criteria, list.pick(criteria, (criteria.offset ?? 0) + (criteria.limit ?? SEARCH_LIMIT)));
      const read = await this.reread(hits, criteria.withSeller !== false);
      if (read.complete && read.generation === list.generation) return this.answer(criteria, list, hits, read);
      // The searchable set moved since the list's generation. If bringing the list up to date past
      // the rows' generation leaves its content as it was, the picks and the rows read still hold.
      const updated = await this.lists.bringUpToDate(criteria);
      if (read.complete && updated?.revision === list.revision && BigInt(updated.generation) >= BigInt(read.generation)) {
        return this.answer(criteria, updated, hits, read);
      }
      list = updated;
    }
    return this.inSql(criteria);
  }

  private answer(criteria: SearchCriteria, list: MatchList, hits: Hit[], read: Reread): SearchAnswer {
    this.lists.remember(criteria, { list });
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
    const { communitySaleId } = criteria;
    const { sql, params } =
      communitySaleId === undefined ? searchQuery(criteria) : communitySaleSearchQuery({ ...criteria, communitySaleId });
    const rows: Array<SearchRow & { shown: string; revision?: number }> = await this.dataSource.query(sql, params);
    return { rows, shown: rows[0]?.shown ?? null, revision: rows[0]?.revision ?? null };
  }

  /** The rows of the picked items, with the generations of the snapshot they were read in. */
  private async reread(hits: Hit[], withSeller: boolean): Promise<Reread> {
    if (hits.length === 0) return { ...(await this.generations()), rows: [], complete: true };
    const { rows, generation, shown } = await this.rows[withSeller ? 'member' : 'visitor'].ask(hits.map((hit) => hit.id));
    // No rows: the picks are gone, and a list that holds them is out of date anyway.
    if (rows.length === 0) return { ...(await this.generations()), rows, complete: false };
    return { rows, generation, shown, complete: rows.length === hits.length };
  }

  /**
   * The revision of the words' list once it is at `generation` or later, or `null` if the words
   * have no list; for a search in a community sale, that community sale's revision now.
   */
  async listRevision(criteria: SearchCriteria, generation: string): Promise<number | null> {
    if (criteria.communitySaleId !== undefined) {
      // Its answer depends on its rows alone: their revision now (read after the generations).
      const [row] = await queryPrepared<{ revision: number }>(
        this.dataSource,
        'search-community-sale-revision',
        `SELECT ${COMMUNITY_SALE_REVISION} AS revision`,
        [criteria.communitySaleId],
      );
      return row!.revision;
    }
    return this.lists.revision(criteria, generation);
  }

  /**
   * The rows changed after shown generation `since` up to `until`, or `null` if that reaches back
   * further than the changes kept in memory.
   */
  shownChanges(since: string, until: string): Promise<ShownChange[] | null> {
    return this.shown.between(since, until);
  }

  /** Both counters, in one snapshot read after this call. */
  generations(): Promise<Generations> {
    return this.now.ask(null);
  }
}

/** The search generation and the shown generation. */
export interface Generations {
  generation: string;
  shown: string;
}

/** What `matchChangesQuery` reads. */
interface ListChanges {
  generation: string;
  behind: number;
  changes: number;
  changed: string | null;
  additions: string | null;
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
    const centre = { latitude: `${param(latitude)}::float8`, longitude: `${param(longitude)}::float8` };
    distance = greatCircleMilesSql(centre, ITEM_POINT);
    filters.push(withinBoxSql(ITEM_POINT, boundingBox(latitude, longitude, radiusMiles), param), `${distance} <= ${param(radiusMiles)}`);
  }
  const sql = `
    WITH hits AS (
      SELECT x.item_id AS id, ts_rank(x.search_vector, websearch_to_tsquery('english', $1)) AS rank, ${distance} AS distance
      FROM item_search x
      WHERE x.search_vector @@ websearch_to_tsquery('english', $1)
        AND x.sale_end_date >= $2::date
        ${filters.map((filter) => `AND ${filter}`).join('\n        ')}
      ORDER BY rank DESC, x.item_id DESC
      LIMIT ${param(criteria.limit ?? SEARCH_LIMIT)} OFFSET ${param(criteria.offset ?? 0)}
    )
    SELECT ${rowColumns(criteria.withSeller !== false)}, hits.distance, (SELECT n::text FROM shown_generation WHERE id = 1) AS shown
    FROM hits
    JOIN items i ON i.id = hits.id
    JOIN sales s ON s.id = i.garage_sale_id AND NOT s.deleted
    ${sellerJoin(criteria.withSeller !== false)}
    ORDER BY hits.rank DESC, i.id DESC`;
  return { sql, params };
}

/** The hits of the page the criteria ask for, of all the hits up to its end. */
function pageOf<T>(criteria: SearchCriteria, hits: T[]): T[] {
  return criteria.offset ? hits.slice(criteria.offset) : hits;
}

/** Where a searchable item is, for the radius filter. */
const ITEM_POINT = { latitude: 'x.latitude', longitude: 'x.longitude' };

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
 * The SQL that reads what changed for some lists, each at its own generation `since`, in one
 * snapshot: per list, in the order asked, the current generation, how far behind the list is, the
 * items changed since (comma-separated) and, of those, the ones that match its words now, as list
 * lines. The words are parsed once per list (websearch_to_tsquery in a filter is otherwise run for
 * every row it tests).
 */
export function matchChangesQuery(lists: Array<{ words: ListWords; since: string }>): { sql: string; params: unknown[] } {
  const sql = `
    WITH now AS (SELECT n FROM search_generation WHERE id = 1),
    lists AS MATERIALIZED (
      SELECT l.position, l.since, l.not_ended_before, websearch_to_tsquery('english', l.words) AS query
      FROM unnest($1::text[], $2::bigint[], $3::date[]) WITH ORDINALITY AS l(words, since, not_ended_before, position)
    ),
    changed AS MATERIALIZED (
      SELECT item_id, max(generation) AS generation
      FROM item_search_changes
      WHERE generation > (SELECT min(since) FROM lists)
      GROUP BY item_id
    )
    SELECT (SELECT n::text FROM now) AS generation,
           ((SELECT n FROM now) - l.since)::float8 AS behind,
           (SELECT count(*)::int FROM changed c WHERE c.generation > l.since) AS changes,
           (SELECT string_agg(c.item_id::text, ',') FROM changed c WHERE c.generation > l.since) AS changed,
           (SELECT string_agg(${MATCH_LINE}, E'\\n' ORDER BY m.rank DESC, m.item_id DESC)
            FROM (
              SELECT x.item_id, x.latitude, x.longitude, x.price_cents, x.category, x.condition,
                     ts_rank(x.search_vector, l.query) AS rank
              FROM changed c JOIN item_search x ON x.item_id = c.item_id
              WHERE c.generation > l.since
                AND x.search_vector @@ l.query
                AND x.sale_end_date >= l.not_ended_before
            ) m) AS additions
    FROM lists l
    ORDER BY l.position`;
  return {
    sql,
    params: [lists.map((list) => list.words.words), lists.map((list) => list.since), lists.map((list) => list.words.notEndedBefore)],
  };
}
