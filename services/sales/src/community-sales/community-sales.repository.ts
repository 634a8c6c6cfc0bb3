import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { boundingBox, type CommunitySaleDay, type CommunitySaleStatus } from '@garage/contracts';
import { greatCircleMilesSql, InjectDataSource, withinBoxSql } from '@garage/service-kit';
import {
  COMMUNITY_SALE_COLUMNS,
  COMMUNITY_SALE_VIEW_COLUMNS,
  type CommunitySaleRecord,
  type CommunitySaleView,
} from './community-sale.row.js';

/** What an organiser writes, with the centre worked out (for a ZIP list, the middle of its ZIPs). */
export interface CommunitySaleFields {
  name: string;
  description: string | null;
  latitude: number;
  longitude: number;
  radiusMiles: number | null;
  zipCodes: string[];
  days: CommunitySaleDay[];
  rainDate: string | null;
  coverImageUrl: string | null;
  requiresApproval: boolean;
}

export interface CommunitySaleListFilter {
  /** Community sales whose last day is before this date are over. */
  today: string;
  startDate?: string;
  endDate?: string;
  near?: { latitude: number; longitude: number; radiusMiles: number };
  /** Only those a sale here, on these dates, could be in (its ZIP, its point): the exact fit is checked after. */
  fitting?: { latitude: number; longitude: number; zipCode: string; startDate: string; endDate: string };
  limit: number;
}

const CS_POINT = { latitude: 'c.latitude', longitude: 'c.longitude' };

@Injectable()
export class CommunitySalesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, organizerId: number, fields: CommunitySaleFields): Promise<CommunitySaleRecord> {
    const [row] = await manager.query(
      `INSERT INTO community_sales AS c (organizer_id, name, description, latitude, longitude, radius_miles, zip_codes, days,
         first_date, last_date, rain_date, cover_image_url, requires_approval)
       VALUES ($1, $2, $3, $4, $5, $6, $7::text[], $8::jsonb, $9::date, $10::date, $11::date, $12, $13)
       RETURNING ${COMMUNITY_SALE_COLUMNS}`,
      [organizerId, ...fieldValues(fields)],
    );
    return row;
  }

  /** The community sale, locked until the transaction ends: every write and every numbering takes this lock first. */
  async lock(manager: EntityManager, id: number): Promise<CommunitySaleRecord | null> {
    const [row] = await manager.query(`SELECT ${COMMUNITY_SALE_COLUMNS} FROM community_sales c WHERE c.id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  async findView(id: number, manager: EntityManager = this.dataSource.manager): Promise<CommunitySaleView | null> {
    const [row] = await manager.query(`SELECT ${COMMUNITY_SALE_VIEW_COLUMNS} FROM community_sales c WHERE c.id = $1`, [id]);
    return row ?? null;
  }

  /**
   * Who reads its list apart from everyone, or null if it does not exist: its organiser and the hosts
   * with a sale pending in it (who see more of it), and the hosts of a sale whose address shows only
   * after `now` (who see their own sale whole).
   */
  async readers(id: number, now: Date): Promise<{ organizerId: number; pendingHosts: number[]; hiddenHosts: number[] } | null> {
    const [row] = await this.dataSource.query(
      `SELECT c.organizer_id AS "organizerId",
         ARRAY(SELECT DISTINCT s.user_id FROM sales s WHERE s.community_sale_id = c.id AND s.community_sale_status = 'pending')
           AS "pendingHosts",
         ARRAY(SELECT DISTINCT s.user_id FROM sales s WHERE s.community_sale_id = c.id AND s.address_visible_at > $2::timestamptz)
           AS "hiddenHosts"
       FROM community_sales c WHERE c.id = $1`,
      [id, now],
    );
    return row ?? null;
  }

  async update(manager: EntityManager, id: number, fields: CommunitySaleFields): Promise<CommunitySaleRecord> {
    const [[row]] = await manager.query(
      `UPDATE community_sales AS c SET name = $2, description = $3, latitude = $4, longitude = $5, radius_miles = $6,
         zip_codes = $7::text[], days = $8::jsonb, first_date = $9::date, last_date = $10::date, rain_date = $11::date,
         cover_image_url = $12, requires_approval = $13, version = c.version + 1, updated_at = now()
       WHERE c.id = $1
       RETURNING ${COMMUNITY_SALE_COLUMNS}`,
      [id, ...fieldValues(fields)],
    );
    return row;
  }

  async setStatus(manager: EntityManager, id: number, status: CommunitySaleStatus): Promise<CommunitySaleRecord> {
    const [[row]] = await manager.query(
      `UPDATE community_sales AS c SET status = $2, version = c.version + 1, updated_at = now() WHERE c.id = $1
       RETURNING ${COMMUNITY_SALE_COLUMNS}`,
      [id, status],
    );
    return row;
  }

  /** The move to the rain date: one day, the rain date used up. */
  async moveTo(manager: EntityManager, id: number, day: CommunitySaleDay): Promise<CommunitySaleRecord> {
    const [[row]] = await manager.query(
      `UPDATE community_sales AS c SET days = $2::jsonb, first_date = $3::date, last_date = $3::date, rain_date = NULL,
         version = c.version + 1, updated_at = now()
       WHERE c.id = $1
       RETURNING ${COMMUNITY_SALE_COLUMNS}`,
      [id, JSON.stringify([day]), day.date],
    );
    return row;
  }

  /** Takes the next number (under the lock taken by `lock`): numbers only ever grow, so none is reused. */
  async takeNumber(manager: EntityManager, id: number): Promise<number> {
    const [[row]] = await manager.query(
      `UPDATE community_sales SET next_number = next_number + 1 WHERE id = $1 RETURNING next_number - 1 AS number`,
      [id],
    );
    return row.number;
  }

  /**
   * Scheduled community sales not over yet, overlapping the date window. With a place, those whose
   * centre is within the radius (a bounding box on the index, then the exact distance), nearest first.
   */
  async list(filter: CommunitySaleListFilter): Promise<CommunitySaleView[]> {
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const where = [`c.status = 'scheduled'`, `c.last_date >= ${param(filter.today)}::date`];
    if (filter.startDate) where.push(`c.last_date >= ${param(filter.startDate)}::date`);
    if (filter.endDate) where.push(`c.first_date <= ${param(filter.endDate)}::date`);
    if (filter.fitting) {
      const { latitude, longitude, zipCode, startDate, endDate } = filter.fitting;
      where.push(`c.last_date >= ${param(startDate)}::date AND c.first_date <= ${param(endDate)}::date`);
      const saleDistance = greatCircleMilesSql(CS_POINT, {
        latitude: `${param(latitude)}::float8`,
        longitude: `${param(longitude)}::float8`,
      });
      where.push(`(${param(zipCode)}::text = ANY (c.zip_codes) OR (c.radius_miles IS NOT NULL AND ${saleDistance} <= c.radius_miles))`);
    }
    let distance = 'NULL::float8';
    let order = 'c.first_date, c.id';
    if (filter.near) {
      const { latitude, longitude, radiusMiles } = filter.near;
      where.push(withinBoxSql(CS_POINT, boundingBox(latitude, longitude, radiusMiles), param));
      distance = greatCircleMilesSql({ latitude: `${param(latitude)}::float8`, longitude: `${param(longitude)}::float8` }, CS_POINT);
      where.push(`${distance} <= ${param(radiusMiles)}::float8`);
      order = 'distance, c.first_date, c.id';
    }
    return this.dataSource.query(
      `SELECT ${COMMUNITY_SALE_VIEW_COLUMNS}, ${distance} AS distance FROM community_sales c
       WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${param(filter.limit)}`,
      params,
    );
  }
}

function fieldValues(fields: CommunitySaleFields): unknown[] {
  const dates = fields.days.map((day) => day.date);
  return [
    fields.name,
    fields.description,
    fields.latitude,
    fields.longitude,
    fields.radiusMiles,
    fields.zipCodes,
    JSON.stringify(fields.days),
    dates[0],
    dates[dates.length - 1],
    fields.rainDate,
    fields.coverImageUrl,
    fields.requiresApproval,
  ];
}
