import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { usToday } from '@garage/contracts';
import { greatCircleMilesSql, InjectDataSource } from '@garage/service-kit';

/** A match just recorded: what its notice says, and how the member asked to hear of it. */
export interface CreatedMatch {
  id: number;
  user_id: number;
  saved_search_id: number;
  item_id: number;
  sale_id: number;
  title: string;
  message: string;
  data: Record<string, unknown>;
  delivery: 'instant' | 'digest' | 'in_app';
}

/** What matching reads of an item (`i`) and its sale (`s`), under the names the conditions use. */
const ITEM_COLUMNS = `i.id, i.user_id, i.title, i.category, i.condition, i.price_cents, i.words, i.image_urls,
  s.id AS sale_id, s.title AS sale_title, s.city, s.state, s.latitude, s.longitude`;

/** Visible in search: unsold, in an active sale that has not ended (`$2`: "today" for the end date). */
const VISIBLE = `NOT i.deleted AND NOT i.is_sold AND s.status = 'active' AND s.end_date >= $2::date`;

/** Saved search `c` matches `item`: the words, every filter, the radius; never the searcher's own item. */
const MATCHES = `c.user_id IS DISTINCT FROM item.user_id
    AND item.words @@ c.query
    AND (c.category IS NULL OR c.category = item.category)
    AND (c.condition IS NULL OR c.condition = item.condition)
    AND (c.max_price_cents IS NULL OR item.price_cents <= c.max_price_cents)
    AND (c.latitude IS NULL OR (
      item.latitude BETWEEN c.south AND c.north AND item.longitude BETWEEN c.west AND c.east
      AND ${greatCircleMilesSql({ latitude: 'c.latitude', longitude: 'c.longitude' }, { latitude: 'item.latitude', longitude: 'item.longitude' })}
          <= c.radius_miles))`;

/** The match of saved search `c` with `item`, with its notice, delivered as `delivery` says. */
const insertMatches = (delivery: string) => `
  INSERT INTO matches (user_id, saved_search_id, item_id, sale_id, title, message, data, delivery)
  SELECT c.user_id, c.id, item.id, item.sale_id,
         'New match for "' || c.name || '": ' || item.title,
         item.title || ' for $' || to_char(item.price_cents / 100.0, 'FM999999990.00') || ' at ' || item.sale_title ||
           ', ' || item.city || ', ' || item.state,
         jsonb_build_object('itemTitle', item.title, 'price', item.price_cents / 100.0, 'imageUrl', item.image_urls[1],
                            'saleTitle', item.sale_title, 'city', item.city, 'state', item.state, 'searchName', c.name),
         ${delivery}`;

/** One match per (saved search, item): a repeated event or catch-up is a no-op. */
const ONCE = `ON CONFLICT (saved_search_id, item_id) DO NOTHING
  RETURNING id, user_id, saved_search_id, item_id, sale_id, title, message, data, delivery`;

/**
 * The SQL that matches one visible item against every saved search, and records one match per
 * (saved search, item): `$1` item id, `$2` "today" for the sale's end date, `$3` the item's
 * lexemes, `$4` now (premium must be current). Exported so the benchmark runs the very same query.
 *
 * Candidates come from the GIN index on the searches' lexemes (`&&` the item's: a search can only
 * match an item that has at least one of its words), plus the rare searches made only of negated
 * words; the exact tsquery, the filters, the bounding box and the great-circle distance are then
 * checked on those few rows. The unique index on (saved_search_id, item_id) makes a repeated event
 * a no-op.
 */
export const MATCH_ITEM_SQL = `
  WITH item AS (
    SELECT ${ITEM_COLUMNS}
    FROM items i
    JOIN sales s ON s.id = i.garage_sale_id AND NOT s.deleted
    WHERE i.id = $1 AND ${VISIBLE}
  ),
  candidates AS (
    SELECT ss.id, ss.user_id, ss.name, ss.query, ss.category, ss.condition, ss.max_price_cents, ss.latitude, ss.longitude,
           ss.radius_miles, ss.south, ss.north, ss.west, ss.east, ss.frequency, ss.email_enabled
    FROM saved_searches ss WHERE ss.words_required AND ss.lexemes && $3::text[]
    UNION ALL
    SELECT ss.id, ss.user_id, ss.name, ss.query, ss.category, ss.condition, ss.max_price_cents, ss.latitude, ss.longitude,
           ss.radius_miles, ss.south, ss.north, ss.west, ss.east, ss.frequency, ss.email_enabled
    FROM saved_searches ss WHERE NOT ss.words_required
  )
  ${insertMatches(`CASE WHEN NOT c.email_enabled THEN 'in_app' WHEN c.frequency = 'daily' THEN 'digest' ELSE 'instant' END`)}
  FROM candidates c
  CROSS JOIN item
  JOIN users u ON u.id = c.user_id AND u.premium_expires_at > $4::timestamptz
  WHERE ${MATCHES}
  ${ONCE}`;

/**
 * The SQL that catches a member's saved searches up after a lapse of premium: the matches among
 * the items that changed (or whose sale did) during the lapse and are visible now, i.e. what live
 * matching would have found. `$1` the member, `$2` "today", `$3` when premium lapsed. Their
 * emails wait for the daily digest, so a renewal does not set off a burst of emails.
 */
export const CATCH_UP_SQL = `
  WITH item AS (
    SELECT ${ITEM_COLUMNS}, greatest(i.updated_at, s.updated_at) AS changed_at
    FROM items i
    JOIN sales s ON s.id = i.garage_sale_id AND NOT s.deleted
    WHERE ${VISIBLE} AND greatest(i.updated_at, s.updated_at) > $3::timestamptz
  )
  ${insertMatches(`CASE WHEN NOT c.email_enabled THEN 'in_app' ELSE 'digest' END`)}
  FROM saved_searches c
  JOIN item ON item.changed_at > c.created_at
  WHERE c.user_id = $1 AND ${MATCHES}
  ${ONCE}`;

/** The lexemes of an item, when it is visible in search (else no row): `$1` item id, `$2` today. */
export const VISIBLE_ITEM_SQL = `
  SELECT tsvector_to_array(i.words) AS lexemes
  FROM items i
  JOIN sales s ON s.id = i.garage_sale_id AND NOT s.deleted
  WHERE i.id = $1 AND ${VISIBLE}`;

/**
 * Evaluates items against saved searches when they become visible in search (an item listed in,
 * or assigned to, an active sale; a sale turning active). Runs inside the event handler's
 * transaction, so the matches (and the notices they ask for) commit with the inbox record of the
 * event that caused them.
 */
@Injectable()
export class MatchesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Matches the member's saved searches against what changed since premium lapsed at `lapsedAt`. */
  catchUp(manager: EntityManager, userId: number, lapsedAt: Date, now: Date): Promise<CreatedMatch[]> {
    // Item search keeps a sale until its end date has passed in every US state, and so does matching.
    return manager.query(CATCH_UP_SQL, [userId, usToday(now), lapsedAt.toISOString()]);
  }

  async matchItem(manager: EntityManager, itemId: number, now: Date): Promise<CreatedMatch[]> {
    const today = usToday(now);
    const [visible]: Array<{ lexemes: string[] }> = await manager.query(VISIBLE_ITEM_SQL, [itemId, today]);
    if (!visible) return [];
    return manager.query(MATCH_ITEM_SQL, [itemId, today, visible.lexemes, now.toISOString()]);
  }
}
