import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import {
  boundingBox,
  fromCents,
  toCents,
  type Category,
  type Condition,
  type SavedSearch,
  type SavedSearchBody,
  type SavedSearchFrequency,
} from '@garage/contracts';
import { InjectDataSource } from '@garage/service-kit';

interface SavedSearchRow {
  id: number;
  name: string;
  q: string;
  category: Category | null;
  max_price_cents: number | null;
  condition: Condition | null;
  latitude: number | null;
  longitude: number | null;
  radius_miles: number | null;
  frequency: SavedSearchFrequency;
  email_enabled: boolean;
  alert_count: number;
  last_alert_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `ss.id, ss.name, ss.q, ss.category, ss.max_price_cents, ss.condition, ss.latitude, ss.longitude, ss.radius_miles,
  ss.frequency, ss.email_enabled, ss.created_at, ss.updated_at,
  (SELECT count(*)::int FROM matches m WHERE m.saved_search_id = ss.id) AS alert_count,
  (SELECT max(m.created_at) FROM matches m WHERE m.saved_search_id = ss.id) AS last_alert_at`;

/**
 * Saved searches. The words are stored as typed (`q`, shown back to the user) and parsed once, at
 * save time, into what matching reads: the tsquery item search builds from them, its lexemes, and
 * the bounding box of the radius (see the migration).
 */
/** First key of the advisory lock that serialises one user's saves (the second is the user id). */
const SAVED_SEARCH_LIMIT_LOCK = 0x5a5e;

@Injectable()
export class SavedSearchesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** True when the words parse to no searchable word at all ("the", "-"): such a search can never match. */
  async meaningless(q: string): Promise<boolean> {
    const [row] = await this.dataSource.query(`SELECT numnode(websearch_to_tsquery('english', $1)) = 0 AS empty`, [q]);
    return row.empty;
  }

  async list(userId: number): Promise<SavedSearch[]> {
    const rows: SavedSearchRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM saved_searches ss WHERE ss.user_id = $1 ORDER BY ss.id DESC`,
      [userId],
    );
    return rows.map(toSavedSearch);
  }

  /** The caller's saved search, or null (another user's is not theirs to see). */
  async find(userId: number, id: number): Promise<SavedSearch | null> {
    const [row] = await this.dataSource.query(`SELECT ${COLUMNS} FROM saved_searches ss WHERE ss.id = $1 AND ss.user_id = $2`, [
      id,
      userId,
    ]);
    return row ? toSavedSearch(row) : null;
  }

  /**
   * Saves the search unless the user already keeps `limit` of them; null when full. Concurrent
   * saves of one user queue on a transaction-scoped advisory lock, so the count each one checks
   * includes the rows the others committed (a plain count-then-insert let 20 parallel saves
   * at 49 all pass).
   */
  async insertWithin(userId: number, body: SavedSearchBody, limit: number): Promise<number | null> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock($1, $2)`, [SAVED_SEARCH_LIMIT_LOCK, userId]);
      const [{ n }] = await manager.query(`SELECT count(*)::int AS n FROM saved_searches WHERE user_id = $1`, [userId]);
      if (n >= limit) return null;
      const [row] = await manager.query(
        `INSERT INTO saved_searches (user_id, name, q, query, lexemes, words_required, category, condition, max_price_cents,
                                     latitude, longitude, radius_miles, south, north, west, east, frequency, email_enabled)
         SELECT $1::integer, $2::text, $3::text, w.query, query_lexemes(w.query), NOT (''::tsvector @@ w.query), $4::text, $5::text,
                $6::integer, $7::float8, $8::float8, $9::float8, $10::float8, $11::float8, $12::float8, $13::float8, $14::text, $15::boolean
         FROM (SELECT websearch_to_tsquery('english', $3::text) AS query) w
         RETURNING id`,
        [userId, ...this.values(body)],
      );
      return row.id;
    });
  }

  /** Replaces the caller's search; false when it is not theirs (or gone). */
  async update(userId: number, id: number, body: SavedSearchBody): Promise<boolean> {
    const [rows]: [unknown[], number] = await this.dataSource.query(
      `UPDATE saved_searches ss SET name = $3, q = $4, query = w.query, lexemes = query_lexemes(w.query),
              words_required = NOT (''::tsvector @@ w.query), category = $5, condition = $6, max_price_cents = $7,
              latitude = $8, longitude = $9, radius_miles = $10, south = $11, north = $12, west = $13, east = $14,
              frequency = $15, email_enabled = $16, updated_at = now()
       FROM (SELECT websearch_to_tsquery('english', $4::text) AS query) w
       WHERE ss.id = $2 AND ss.user_id = $1
       RETURNING ss.id`,
      [userId, id, ...this.values(body)],
    );
    return rows.length > 0;
  }

  async delete(userId: number, id: number): Promise<boolean> {
    const [rows]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM saved_searches WHERE id = $1 AND user_id = $2 RETURNING id`,
      [id, userId],
    );
    return rows.length > 0;
  }

  /**
   * Stops the emails of some searches (one, or all daily ones of a user): their next matches go to
   * the bell only (notifications has already stopped the emails it had not sent). Returns the names
   * of the searches it changed.
   */
  async stopEmails(manager: EntityManager, where: { savedSearchId: number } | { dailyOfUser: number }): Promise<string[]> {
    const [rows]: [Array<{ id: number; name: string }>, number] = await manager.query(
      'savedSearchId' in where
        ? `UPDATE saved_searches SET email_enabled = false, updated_at = now() WHERE id = $1 RETURNING id, name`
        : `UPDATE saved_searches SET email_enabled = false, updated_at = now() WHERE user_id = $1 AND frequency = 'daily' RETURNING id, name`,
      ['savedSearchId' in where ? where.savedSearchId : where.dailyOfUser],
    );
    return rows.map((row) => row.name);
  }

  private values(body: SavedSearchBody): unknown[] {
    const box =
      body.latitude !== null && body.longitude !== null && body.radius !== null
        ? boundingBox(body.latitude, body.longitude, body.radius)
        : null;
    return [
      body.name,
      body.q,
      body.category,
      body.condition,
      body.maxPrice === null ? null : toCents(body.maxPrice),
      body.latitude,
      body.longitude,
      body.radius,
      box?.south ?? null,
      box?.north ?? null,
      box?.west ?? null,
      box?.east ?? null,
      body.frequency,
      body.emailEnabled,
    ];
  }
}

function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    q: row.q,
    category: row.category,
    maxPrice: row.max_price_cents === null ? null : fromCents(row.max_price_cents),
    condition: row.condition,
    latitude: row.latitude,
    longitude: row.longitude,
    radius: row.radius_miles,
    frequency: row.frequency,
    emailEnabled: row.email_enabled,
    alertCount: row.alert_count,
    lastAlertAt: row.last_alert_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
