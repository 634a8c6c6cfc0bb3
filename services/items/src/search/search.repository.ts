import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { EARTH_RADIUS_MILES, toCents, type Category, type Condition } from '@garage/contracts';
import { DATA_SOURCE } from '@garage/service-kit';
import { ITEM_COLUMNS, type ItemRow } from '../items/item.row.js';

/**
 * The most results one search returns. Results are ranked, so the first 50 are the best 50; the
 * SPA shows them on one page, and a bound keeps every answer small and fast whatever the words.
 */
export const SEARCH_LIMIT = 50;

export interface SearchCriteria {
  words: string;
  category?: Category;
  condition?: Condition;
  maxPrice?: number;
  near?: { latitude: number; longitude: number; radiusMiles: number };
  /** Sales that ended before this date (YYYY-MM-DD) are left out even if their status lags. */
  notEndedBefore: string;
}

export type SearchRow = ItemRow & { distance: number | null };

const MILES_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_MILES;

/**
 * Full-text search over items of active sales. One query on `item_search` (only the searchable
 * items, kept by a trigger; see the migration) finds and ranks the hits: a GIN index for the
 * words, a btree on (latitude, longitude) for a bounding box around the radius before the exact
 * great-circle distance. Only the final 50 rows are joined to the item, its sale and the seller.
 */
@Injectable()
export class SearchRepository {
  /**
   * Rankings of recent searches (item ids, best first), each under the search generation it was
   * computed at. Ranking every match is the costly part of a search; a repeated search while
   * nothing searchable has changed reuses the ranking and reads only its 50 rows, fresh.
   */
  private readonly rankings = new Map<string, { generation: string; hits: Array<{ id: number; distance: number | null }> }>();

  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async search(criteria: SearchCriteria): Promise<SearchRow[]> {
    const key = JSON.stringify(criteria);
    const cached = this.rankings.get(key);
    if (cached) {
      const rows = await this.reread(cached.hits, cached.generation);
      if (rows) {
        // Most recently used last, so the oldest entry is the first to go.
        this.rankings.delete(key);
        this.rankings.set(key, cached);
        return rows;
      }
      this.rankings.delete(key);
    }
    const [{ n: generation }] = await this.dataSource.query(`SELECT n::text FROM search_generation WHERE id = 1`);
    const { sql, params } = searchQuery(criteria);
    const rows: SearchRow[] = await this.dataSource.query(sql, params);
    this.rankings.set(key, { generation, hits: rows.map((row) => ({ id: row.id, distance: row.distance })) });
    if (this.rankings.size > RANKINGS_KEPT) this.rankings.delete(this.rankings.keys().next().value!);
    return rows;
  }

  /** The ranked items again, in order, if the searchable set is still the one they were ranked in. */
  private async reread(hits: Array<{ id: number; distance: number | null }>, generation: string): Promise<SearchRow[] | null> {
    if (hits.length === 0) {
      const [{ n }] = await this.dataSource.query(`SELECT n::text FROM search_generation WHERE id = 1`);
      return n === generation ? [] : null;
    }
    const rows: Array<SearchRow & { generation: string }> = await this.dataSource.query(
      `SELECT ${ITEM_COLUMNS}, (SELECT n::text FROM search_generation WHERE id = 1) AS generation
       FROM items i
       JOIN sales s ON s.id = i.garage_sale_id AND NOT s.deleted
       LEFT JOIN users u ON u.id = s.user_id
       WHERE i.id = ANY($1::int[])`,
      [hits.map((hit) => hit.id)],
    );
    if (rows.length !== hits.length || rows[0]!.generation !== generation) return null;
    const byId = new Map(rows.map((row) => [row.id, row]));
    return hits.map((hit) => {
      const { generation: _generation, ...row } = byId.get(hit.id)!;
      return { ...row, distance: hit.distance };
    });
  }
}

/** How many searches' rankings are kept (a few hundred KB). */
const RANKINGS_KEPT = 2000;

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
    SELECT ${ITEM_COLUMNS}, hits.distance
    FROM hits
    JOIN items i ON i.id = hits.id
    JOIN sales s ON s.id = i.garage_sale_id AND NOT s.deleted
    LEFT JOIN users u ON u.id = s.user_id
    ORDER BY hits.rank DESC, i.id DESC`;
  return { sql, params };
}

/** The box around a circle of `miles`, in degrees (no US point is near a pole or the antimeridian). */
export function boundingBox(latitude: number, longitude: number, miles: number) {
  const dLat = miles / MILES_PER_DEGREE;
  const cos = Math.cos((latitude * Math.PI) / 180);
  const dLng = cos > 0.01 ? Math.min(180, miles / (MILES_PER_DEGREE * cos)) : 180;
  return { south: latitude - dLat, north: latitude + dLat, west: longitude - dLng, east: longitude + dLng };
}
