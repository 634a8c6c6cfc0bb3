import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { Category, CommunitySaleEntryStatus } from '@garage/contracts';
import { InjectDataSource } from '@garage/service-kit';
import type { SaleRecord, SaleView } from '../sales/sale.row.js';
import { UPCOMING_MARKDOWN_COLUMN } from '../markdowns/markdowns.repository.js';
import { ENDS_AT, RECORD_COLUMNS, SALE_PHOTOS } from '../sales/sales.repository.js';

/** A sale of a community sale as its page lists it. */
export interface MemberView extends SaleView {
  community_sale_status: CommunitySaleEntryStatus;
  community_sale_number: number | null;
  /** The categories of its unsold items, alphabetical. */
  categories: Category[];
}

/**
 * Sales of a community sale as its list shows them, those `where` picks (on `sales s`). Their items
 * are read in one pass over the item projection (count, first photos, categories), not per sale:
 * the list has up to 400 sales.
 */
function membersQuery(where: string, order = ''): string {
  return `WITH members AS (SELECT s.* FROM sales s WHERE ${where}),
    shown AS (
      SELECT i.sale_id, count(*)::int AS item_count,
        (array_agg(i.photo_url ORDER BY i.item_id) FILTER (WHERE i.photo_url IS NOT NULL))[1:${SALE_PHOTOS}] AS photo_urls,
        array_agg(DISTINCT i.category ORDER BY i.category) FILTER (WHERE i.category IS NOT NULL) AS categories
      FROM sale_items i WHERE i.sale_id IN (SELECT id FROM members) AND NOT i.deleted GROUP BY i.sale_id)
    SELECT ${RECORD_COLUMNS}, coalesce(x.item_count, 0) AS item_count, coalesce(x.photo_urls, '{}') AS photo_urls,
      coalesce(x.categories, '{}') AS categories, u.first_name, u.last_name, u.phone, u.rating::float8 AS rating,
      ${UPCOMING_MARKDOWN_COLUMN}
    FROM members s LEFT JOIN shown x ON x.sale_id = s.id LEFT JOIN users u ON u.id = s.user_id ${order}`;
}

/** Who asks for the list: pending sales are shown to the organiser, and each to its own host. */
export interface MemberReader {
  organizer: boolean;
  userId: number | null;
}

/** One sale's new dates on a move: its zone reads its new end, so the lifecycle job ends it on time. */
export interface SaleMove {
  saleId: number;
  startTime: string;
  endTime: string;
  timeZone: string;
}

/**
 * A sale's membership in a community sale, kept on the sale's own row (a sale is in at most one):
 * every change bumps the sale's version, as the `sale.updated` that announces it carries.
 */
@Injectable()
export class CommunitySaleMembersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async setMembership(
    manager: EntityManager,
    saleId: number,
    membership: { communitySaleId: number; status: CommunitySaleEntryStatus; number: number | null } | null,
  ): Promise<SaleRecord> {
    const [[row]] = await manager.query(
      `UPDATE sales AS s SET community_sale_id = $2, community_sale_status = $3, community_sale_number = $4,
         community_sale_joined_at = CASE WHEN $2::int IS NULL THEN NULL ELSE coalesce(s.community_sale_joined_at, now()) END,
         version = s.version + 1, updated_at = now()
       WHERE s.id = $1
       RETURNING ${RECORD_COLUMNS}`,
      [saleId, membership?.communitySaleId ?? null, membership?.status ?? null, membership?.number ?? null],
    );
    return row;
  }

  async count(manager: EntityManager, communitySaleId: number): Promise<number> {
    const [row] = await manager.query(`SELECT count(*)::int AS n FROM sales WHERE community_sale_id = $1`, [communitySaleId]);
    return row.n;
  }

  /** The sales in it, pending and approved, locked (a move or a cancel names and moves them all). */
  lockAll(manager: EntityManager, communitySaleId: number): Promise<SaleRecord[]> {
    return manager.query(`SELECT ${RECORD_COLUMNS} FROM sales s WHERE s.community_sale_id = $1 ORDER BY s.id FOR UPDATE`, [
      communitySaleId,
    ]);
  }

  /** Every sale in it, the whole form of each, as the internal endpoint answers. */
  async members(
    communitySaleId: number,
  ): Promise<Array<{ id: number; community_sale_number: number | null; community_sale_status: CommunitySaleEntryStatus }>> {
    return this.dataSource.query(
      `SELECT id, community_sale_number, community_sale_status FROM sales
       WHERE community_sale_id = $1 ORDER BY community_sale_number NULLS LAST, community_sale_joined_at, id`,
      [communitySaleId],
    );
  }

  /**
   * The list of the page: approved sales by number, then the pending ones this reader may see, in the
   * order they joined. One query, with the seller and item projections joined.
   */
  list(communitySaleId: number, reader: MemberReader): Promise<MemberView[]> {
    return this.dataSource.query(
      membersQuery(
        `s.community_sale_id = $1 AND (s.community_sale_status = 'approved' OR $2::boolean OR s.user_id = $3::int)`,
        'ORDER BY s.community_sale_number NULLS LAST, s.community_sale_joined_at, s.id',
      ),
      [communitySaleId, reader.organizer, reader.userId],
    );
  }

  /** One sale as the list shows it (null when it is in no community sale). */
  async one(manager: EntityManager, saleId: number): Promise<MemberView | null> {
    const [row] = await manager.query(membersQuery('s.id = $1 AND s.community_sale_id IS NOT NULL'), [saleId]);
    return row ?? null;
  }

  /** Moves these sales to one day (`date`), each with its hours, in one statement; completed ones are active again. */
  async moveAll(manager: EntityManager, date: string, moves: SaleMove[]): Promise<SaleRecord[]> {
    if (moves.length === 0) return [];
    const [rows] = await manager.query(
      `UPDATE sales AS s SET start_date = $1::date, end_date = $1::date, start_time = m.start_time::time, end_time = m.end_time::time,
         ends_at = ${ENDS_AT('$1', 'm.end_time', 'm.zone')},
         status = CASE WHEN s.status = 'completed' THEN 'active' ELSE s.status END,
         version = s.version + 1, updated_at = now()
       FROM unnest($2::int[], $3::text[], $4::text[], $5::text[]) AS m (id, start_time, end_time, zone)
       WHERE s.id = m.id
       RETURNING ${RECORD_COLUMNS}`,
      [date, moves.map((m) => m.saleId), moves.map((m) => m.startTime), moves.map((m) => m.endTime), moves.map((m) => m.timeZone)],
    );
    return rows;
  }
}
