import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { boundingBox, type SaleStatus, type StoredLiveState } from '@garage/contracts';
import { greatCircleMilesSql, InjectDataSource, withinBoxSql } from '@garage/service-kit';
import { UPCOMING_MARKDOWN_COLUMN } from '../markdowns/markdowns.repository.js';
import type { SaleRecord, SaleView } from './sale.row.js';

/** What a host writes: the form, its ZIP centroid and the zone its times are read in. */
export interface SaleFields {
  title: string;
  description: string | null;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  paymentMethods: string[];
  /** `YYYY-MM-DDTHH:MM` on the sale's clock, or null (shown now). */
  addressVisibleFrom: string | null;
  /** Whether members may write to the host about the sale; null keeps it (true on a new sale). */
  messagesEnabled: boolean | null;
}

export interface BrowseFilter {
  /** Sales that ended before this instant are left out, whatever their status says yet. */
  now: Date;
  startDate?: string;
  endDate?: string;
  startTime?: string;
  endTime?: string;
  near?: { latitude: number; longitude: number; radiusMiles: number };
  /** Only sales that take this payment method. */
  paymentMethod?: string;
  limit: number;
}

export const RECORD_COLUMNS = `s.id, s.user_id, s.title, s.description, s.address, s.city, s.state, s.zip_code,
  to_char(s.start_date, 'YYYY-MM-DD') AS start_date, to_char(s.end_date, 'YYYY-MM-DD') AS end_date,
  to_char(s.start_time, 'HH24:MI') AS start_time, to_char(s.end_time, 'HH24:MI') AS end_time,
  s.status, s.latitude, s.longitude, s.version, s.community_sale_id, s.community_sale_status, s.community_sale_number,
  s.live_state, s.live_state_at, s.host_said_at, to_char(s.confirmed_on, 'YYYY-MM-DD') AS confirmed_on, s.confirmed_at, s.confirmed_count,
  s.payment_methods, to_char(s.address_visible_from, 'YYYY-MM-DD"T"HH24:MI') AS address_visible_from, s.address_visible_at,
  s.messages_enabled`;

/** How many of its items' photos a sale in a list shows (cards and map popups). */
export const SALE_PHOTOS = 4;

export const VIEW_COLUMNS = `${RECORD_COLUMNS},
  (SELECT count(*)::int FROM sale_items i WHERE i.sale_id = s.id AND NOT i.deleted) AS item_count,
  ARRAY(SELECT i.photo_url FROM sale_items i WHERE i.sale_id = s.id AND NOT i.deleted AND i.photo_url IS NOT NULL
    ORDER BY i.item_id LIMIT ${SALE_PHOTOS}) AS photo_urls,
  u.first_name, u.last_name, u.phone, u.rating::float8 AS rating, ${UPCOMING_MARKDOWN_COLUMN}`;

/** The instant a sale ends: its end date and end time read in its zone. */
export const ENDS_AT = (endDate: string, endTime: string, zone: string) => `(${endDate}::date + ${endTime}::time) AT TIME ZONE ${zone}`;

/** The instant members see the address: the host's wall-clock moment read in the sale's zone. */
const VISIBLE_AT = (visibleFrom: string, zone: string) => `(${visibleFrom}::timestamp) AT TIME ZONE ${zone}`;

/** Where a sale is, for the radius filter. */
const SALE_POINT = { latitude: 's.latitude', longitude: 's.longitude' };

@Injectable()
export class SalesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, userId: number, sale: SaleFields): Promise<SaleRecord> {
    const [row] = await manager.query(
      `INSERT INTO sales AS s (user_id, title, description, address, city, state, zip_code, start_date, end_date,
         start_time, end_time, ends_at, latitude, longitude, payment_methods, address_visible_from, address_visible_at, messages_enabled)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9::date, $10::time, $11::time, ${ENDS_AT('$9', '$11', '$12::text')}, $13, $14,
         $15::text[], $16::timestamp, ${VISIBLE_AT('$16', '$12::text')}, coalesce($17::boolean, true))
       RETURNING ${RECORD_COLUMNS}`,
      [userId, ...fieldValues(sale)],
    );
    return row;
  }

  async find(id: number): Promise<SaleRecord | null> {
    const [row] = await this.dataSource.query(`SELECT ${RECORD_COLUMNS} FROM sales s WHERE s.id = $1`, [id]);
    return row ?? null;
  }

  /** The sale, locked until the transaction ends (ownership check, then write). */
  async lock(manager: EntityManager, id: number): Promise<SaleRecord | null> {
    const [row] = await manager.query(`SELECT ${RECORD_COLUMNS} FROM sales s WHERE s.id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  /** Writes the whole form and the status, and bumps the version the events carry. */
  async update(manager: EntityManager, id: number, sale: SaleFields, status: SaleStatus): Promise<SaleRecord> {
    const [[row]] = await manager.query(
      `UPDATE sales AS s SET title = $2, description = $3, address = $4, city = $5, state = $6, zip_code = $7,
         start_date = $8::date, end_date = $9::date, start_time = $10::time, end_time = $11::time,
         ends_at = ${ENDS_AT('$9', '$11', '$12::text')}, latitude = $13, longitude = $14,
         payment_methods = $15::text[], address_visible_from = $16::timestamp, address_visible_at = ${VISIBLE_AT('$16', '$12::text')},
         messages_enabled = coalesce($17::boolean, s.messages_enabled), status = $18, version = s.version + 1, updated_at = now()
       WHERE s.id = $1
       RETURNING ${RECORD_COLUMNS}`,
      [id, ...fieldValues(sale), status],
    );
    return row;
  }

  /**
   * Stores a live state and bumps the version the events carry. The host's word (`hostSaid`) also
   * restarts the count of shoppers confirming since it.
   */
  async setLiveState(manager: EntityManager, id: number, state: StoredLiveState, at: Date, hostSaid: boolean): Promise<SaleRecord> {
    const [[row]] = await manager.query(
      `UPDATE sales AS s SET live_state = $2, live_state_at = $3,
         host_said_at = CASE WHEN $4 THEN $3 ELSE s.host_said_at END,
         confirmed_count = CASE WHEN $4 THEN 0 ELSE s.confirmed_count END,
         version = s.version + 1, updated_at = now()
       WHERE s.id = $1
       RETURNING ${RECORD_COLUMNS}`,
      [id, state, at, hostSaid],
    );
    return row;
  }

  /**
   * `setLiveState` answering the sale object's row (`findView`) in the same statement: the caller
   * checks the answer and throws, rolling the write back, when the write was not theirs to make.
   */
  async setLiveStateView(
    manager: EntityManager,
    id: number,
    state: StoredLiveState,
    at: Date,
    hostSaid: boolean,
  ): Promise<SaleView | null> {
    const [row] = await manager.query(
      `WITH s AS (
         UPDATE sales AS s SET live_state = $2, live_state_at = $3,
           host_said_at = CASE WHEN $4 THEN $3 ELSE s.host_said_at END,
           confirmed_count = CASE WHEN $4 THEN 0 ELSE s.confirmed_count END,
           version = s.version + 1, updated_at = now()
         WHERE s.id = $1
         RETURNING s.*)
       SELECT ${VIEW_COLUMNS} FROM s LEFT JOIN users u ON u.id = s.user_id`,
      [id, state, at, hostSaid],
    );
    return row ?? null;
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`DELETE FROM sales WHERE id = $1`, [id]);
  }

  async findView(id: number, manager: EntityManager = this.dataSource.manager): Promise<SaleView | null> {
    const [row] = await manager.query(`SELECT ${VIEW_COLUMNS} FROM sales s LEFT JOIN users u ON u.id = s.user_id WHERE s.id = $1`, [id]);
    return row ?? null;
  }

  /** Every sale of one host, any status, latest start first. */
  findByOwner(userId: number): Promise<SaleView[]> {
    return this.dataSource.query(
      `SELECT ${VIEW_COLUMNS} FROM sales s LEFT JOIN users u ON u.id = s.user_id
       WHERE s.user_id = $1 ORDER BY s.start_date DESC, s.start_time DESC, s.id DESC`,
      [userId],
    );
  }

  async browse(filter: BrowseFilter): Promise<SaleView[]> {
    const { sql, params } = this.browseQuery(filter);
    const rows: Array<SaleView & { distance: number | null }> = await this.dataSource.query(sql, params);
    return rows.map(({ distance, ...row }) => (distance === null ? row : { ...row, distance }));
  }

  /**
   * The browse query. The candidates are found on the partial indexes of active sales: with a
   * location, the bounding box of the circle on (latitude, longitude), then the exact distance;
   * without one, in start order. Only the page that is returned is joined with the projections.
   */
  browseQuery(filter: BrowseFilter): { sql: string; params: unknown[] } {
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const where = [`s.status = 'active'`, `s.ends_at > ${param(filter.now)}::timestamptz`];
    // Dates are whole days: a sale that ends on the window's first day overlaps it.
    if (filter.startDate) where.push(`s.end_date >= ${param(filter.startDate)}::date`);
    if (filter.endDate) where.push(`s.start_date <= ${param(filter.endDate)}::date`);
    // Hours are half-open: a sale that closes at 12:00 does not overlap a filter that starts at 12:00.
    if (filter.startTime) where.push(`s.end_time > ${param(filter.startTime)}::time`);
    if (filter.endTime) where.push(`s.start_time < ${param(filter.endTime)}::time`);
    if (filter.paymentMethod) where.push(`s.payment_methods @> ARRAY[${param(filter.paymentMethod)}::text]`);
    const limit = param(filter.limit);

    let candidates: string;
    let order: string;
    if (filter.near) {
      const { latitude, longitude, radiusMiles } = filter.near;
      where.push(withinBoxSql(SALE_POINT, boundingBox(latitude, longitude, radiusMiles), param));
      const distance = greatCircleMilesSql(
        { latitude: `${param(latitude)}::float8`, longitude: `${param(longitude)}::float8` },
        SALE_POINT,
      );
      candidates = `SELECT id, distance FROM (
          SELECT s.id, s.start_date, s.start_time, ${distance} AS distance FROM sales s WHERE ${where.join(' AND ')}
        ) circle
        WHERE distance <= ${param(radiusMiles)}::float8
        ORDER BY distance, start_date, start_time, id
        LIMIT ${limit}`;
      order = `hits.distance, s.start_date, s.start_time, s.id`;
    } else {
      candidates = `SELECT s.id, NULL::float8 AS distance FROM sales s WHERE ${where.join(' AND ')}
        ORDER BY s.start_date, s.start_time, s.id
        LIMIT ${limit}`;
      order = `s.start_date, s.start_time, s.id`;
    }
    const sql = `WITH hits AS (${candidates})
      SELECT ${VIEW_COLUMNS}, hits.distance
      FROM hits JOIN sales s ON s.id = hits.id LEFT JOIN users u ON u.id = s.user_id
      ORDER BY ${order}`;
    return { sql, params };
  }

  /**
   * Marks up to `limit` active sales that ended by `now` as completed and returns them. Rows another
   * replica (or an owner's edit) holds are skipped and left for the next run, so replicas running
   * this at once never complete a sale twice.
   */
  async completeEnded(manager: EntityManager, now: Date, limit: number): Promise<SaleRecord[]> {
    const [rows] = await manager.query(
      `UPDATE sales AS s SET status = 'completed', version = s.version + 1, updated_at = now()
       WHERE s.id IN (
         SELECT id FROM sales WHERE status = 'active' AND ends_at <= $1::timestamptz
         ORDER BY ends_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING ${RECORD_COLUMNS}`,
      [now, limit],
    );
    return rows;
  }
}

function fieldValues(sale: SaleFields): unknown[] {
  return [
    sale.title,
    sale.description,
    sale.address,
    sale.city,
    sale.state,
    sale.zipCode,
    sale.startDate,
    sale.endDate,
    sale.startTime,
    sale.endTime,
    sale.timeZone,
    sale.latitude,
    sale.longitude,
    sale.paymentMethods,
    sale.addressVisibleFrom,
    sale.messagesEnabled,
  ];
}
