import { boundingBox, toCents } from '@garage/contracts';
import { greatCircleMilesSql, withinBoxSql } from '@garage/service-kit';
import { ITEM_AND_SALE_COLUMNS, ITEM_COLUMNS, NO_SELLER_COLUMNS } from '../items/item.row.js';
import type { SearchCriteria } from './search.repository.js';

/**
 * The SQL of a search inside one community sale (its page's search): the searchable items
 * (`item_search`: unsold, in an active sale not over) of the sales approved in it, as the sales
 * projection has them, with the search's filters. With words, best match first as every search
 * ranks; with none, every item, newest first.
 *
 * Always in SQL, never from a match list: the scope is at most 400 sales (a few tens of thousands of
 * items at most), reached through the projection's index on `community_sale_id` and items' index on
 * their sale, so no ranking of the whole market is needed.
 */
export function communitySaleSearchQuery(criteria: SearchCriteria & { communitySaleId: number }): { sql: string; params: unknown[] } {
  const params: unknown[] = [criteria.communitySaleId, criteria.notEndedBefore];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const words = criteria.words ? param(criteria.words) : null;
  const filters: string[] = [];
  if (words) filters.push(`x.search_vector @@ websearch_to_tsquery('english', ${words})`);
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
  const rank = words ? `ts_rank(x.search_vector, websearch_to_tsquery('english', ${words}))` : 'NULL::real';
  const order = words ? 'rank DESC, id DESC' : 'created_at DESC, id DESC';
  const withSeller = criteria.withSeller !== false;
  const sql = `
    WITH hits AS (
      SELECT x.item_id AS id, ${rank} AS rank, ${distance} AS distance, i.created_at
      FROM sales cs
      JOIN items i ON i.garage_sale_id = cs.id
      JOIN item_search x ON x.item_id = i.id
      WHERE cs.community_sale_id = $1 AND cs.community_sale_status = 'approved' AND NOT cs.deleted
        AND x.sale_end_date >= $2::date
        ${filters.map((filter) => `AND ${filter}`).join('\n        ')}
      ORDER BY ${order}
      LIMIT ${param(criteria.limit ?? 50)} OFFSET ${param(criteria.offset ?? 0)}
    )
    SELECT ${withSeller ? ITEM_COLUMNS : `${ITEM_AND_SALE_COLUMNS}, ${NO_SELLER_COLUMNS}`}, hits.distance,
           (SELECT n::text FROM shown_generation WHERE id = 1) AS shown
    FROM hits
    JOIN items i ON i.id = hits.id
    JOIN sales s ON s.id = i.garage_sale_id AND NOT s.deleted
    ${withSeller ? 'LEFT JOIN users u ON u.id = s.user_id' : ''}
    ORDER BY ${words ? 'hits.rank DESC, i.id DESC' : 'hits.created_at DESC, i.id DESC'}`;
  return { sql, params };
}

/** Where a searchable item is, for the radius filter. */
const ITEM_POINT = { latitude: 'x.latitude', longitude: 'x.longitude' };
