import { boundingBox, toCents } from '@garage/contracts';
import { greatCircleMilesSql, withinBoxSql } from '@garage/service-kit';
import { ITEM_AND_SALE_COLUMNS, ITEM_COLUMNS, NO_SELLER_COLUMNS } from '../items/item.row.js';
import type { SearchCriteria } from './search.repository.js';

/**
 * The SQL of a search inside one community sale (its page's search): the searchable items
 * (`item_search`: unsold, in an active sale not over) whose sale is approved in it
 * (`item_search.community_sale_id`), with the search's filters. With words, best match first as
 * every search ranks; with none, every item, newest (highest id) first.
 *
 * Always in SQL, never from a match list: the community sale's rows are one range of the
 * `item_search_community_sale` index (at most 400 sales, tens of thousands of items), so the list
 * is read in index order and words are checked on those rows only, with no ranking of the market.
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
  const withSeller = criteria.withSeller !== false;
  const sql = `
    WITH hits AS (
      SELECT x.item_id AS id, ${rank} AS rank, ${distance} AS distance
      FROM item_search x
      WHERE x.community_sale_id = $1 AND x.sale_end_date >= $2::date
        ${filters.map((filter) => `AND ${filter}`).join('\n        ')}
      ORDER BY ${words ? 'rank DESC, x.item_id DESC' : 'x.item_id DESC'}
      LIMIT ${param(criteria.limit ?? 50)} OFFSET ${param(criteria.offset ?? 0)}
    )
    SELECT ${withSeller ? ITEM_COLUMNS : `${ITEM_AND_SALE_COLUMNS}, ${NO_SELLER_COLUMNS}`}, hits.distance,
           (SELECT n::text FROM shown_generation WHERE id = 1) AS shown, ${COMMUNITY_SALE_REVISION} AS revision
    FROM hits
    JOIN items i ON i.id = hits.id
    JOIN sales s ON s.id = i.garage_sale_id AND NOT s.deleted
    ${withSeller ? 'LEFT JOIN users u ON u.id = s.user_id' : ''}
    ORDER BY ${words ? 'hits.rank DESC, i.id DESC' : 'i.id DESC'}`;
  return { sql, params };
}

/** The community sale's revision (`$1`), read in the same snapshot as its rows: see `communitySaleRevision`. */
export const COMMUNITY_SALE_REVISION = `coalesce((SELECT n FROM community_sale_search_revisions WHERE community_sale_id = $1), 0)::float8`;

/** Where a searchable item is, for the radius filter. */
const ITEM_POINT = { latitude: 'x.latitude', longitude: 'x.longitude' };
