import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { Markdown, MarkdownStatus } from '@garage/contracts';
import { InjectDataSource } from '@garage/service-kit';

/** A markdown as the repository reads it, with its sale's host (for the ownership check and the event). */
export interface MarkdownRecord {
  id: number;
  sale_id: number;
  percent_off: number;
  /** `YYYY-MM-DDTHH:MM` on the sale's clock. */
  starts_at: string;
  status: MarkdownStatus;
  host_id: number;
}

const COLUMNS = `m.id, m.sale_id, m.percent_off, to_char(m.starts_at, 'YYYY-MM-DD"T"HH24:MI') AS starts_at, m.status`;

/**
 * What a sale object shows of its markdowns: the next scheduled one (soonest first), or null (also
 * for a sale no longer active, whose markdowns will not apply).
 * A correlated subquery on `sales s`, for the sale views' column lists.
 */
export const UPCOMING_MARKDOWN_COLUMN = `(SELECT json_build_object('percent_off', m.percent_off,
    'starts_at', to_char(m.starts_at, 'YYYY-MM-DD"T"HH24:MI'))
  FROM markdowns m WHERE m.sale_id = s.id AND s.status = 'active' AND m.status = 'scheduled' ORDER BY m.due_at, m.id LIMIT 1)
  AS upcoming_markdown`;

@Injectable()
export class MarkdownsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, saleId: number, percentOff: number, startsAt: string, dueAt: Date): Promise<MarkdownRecord> {
    const [row] = await manager.query(
      `INSERT INTO markdowns AS m (sale_id, percent_off, starts_at, due_at) VALUES ($1, $2, $3::timestamp, $4)
       RETURNING ${COLUMNS}, (SELECT user_id FROM sales WHERE id = $1) AS host_id`,
      [saleId, percentOff, startsAt, dueAt],
    );
    return row;
  }

  /** Every markdown of a sale, soonest first. */
  listForSale(saleId: number): Promise<MarkdownRecord[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS}, s.user_id AS host_id FROM markdowns m JOIN sales s ON s.id = m.sale_id
       WHERE m.sale_id = $1 ORDER BY m.due_at, m.id`,
      [saleId],
    );
  }

  /** One markdown, locked until the transaction ends (ownership check, then write). */
  async lock(manager: EntityManager, id: number): Promise<MarkdownRecord | null> {
    const [row] = await manager.query(
      `SELECT ${COLUMNS}, s.user_id AS host_id FROM markdowns m JOIN sales s ON s.id = m.sale_id WHERE m.id = $1 FOR UPDATE OF m`,
      [id],
    );
    return row ?? null;
  }

  async cancel(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`UPDATE markdowns SET status = 'cancelled' WHERE id = $1 AND status = 'scheduled'`, [id]);
  }

  /**
   * Takes up to `limit` scheduled markdowns due by `now`, skipping rows another replica holds: those
   * of an active sale become `applied`, those of a sale no longer active `cancelled` (nothing to cut).
   * Returns both; the caller announces the applied ones in the same transaction.
   */
  async takeDue(manager: EntityManager, now: Date, limit: number): Promise<MarkdownRecord[]> {
    const [rows] = await manager.query(
      `UPDATE markdowns AS m
         SET status = CASE WHEN s.status = 'active' THEN 'applied' ELSE 'cancelled' END, applied_at = $1
       FROM sales s
       WHERE s.id = m.sale_id AND m.status = 'scheduled' AND m.id IN (
         SELECT id FROM markdowns WHERE status = 'scheduled' AND due_at <= $1::timestamptz
         ORDER BY due_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING ${COLUMNS}, s.user_id AS host_id`,
      [now, limit],
    );
    return rows;
  }

  /**
   * The sale was edited: its scheduled markdowns are read in its (perhaps new) zone, and those its
   * new days or hours no longer hold are cancelled rather than applied at a moment the sale is not on.
   */
  async followSale(manager: EntityManager, saleId: number, timeZone: string): Promise<void> {
    await manager.query(
      `UPDATE markdowns AS m SET
         due_at = m.starts_at AT TIME ZONE $2,
         status = CASE WHEN m.starts_at::date BETWEEN s.start_date AND s.end_date
           AND m.starts_at::time >= s.start_time AND m.starts_at::time < s.end_time THEN 'scheduled' ELSE 'cancelled' END
       FROM sales s
       WHERE s.id = m.sale_id AND m.sale_id = $1 AND m.status = 'scheduled'`,
      [saleId, timeZone],
    );
  }
}

/** The API's markdown object. */
export function toMarkdown(record: MarkdownRecord): Markdown {
  return {
    id: record.id,
    saleId: record.sale_id,
    percentOff: record.percent_off,
    startsAt: record.starts_at,
    status: record.status,
  };
}
