import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { InjectDataSource } from '@garage/service-kit';

export interface CheckInRow {
  id: number;
  sale_id: number;
  going: boolean;
  created_at: Date;
}

export interface NewCheckIn {
  saleId: number;
  userId: number;
  going: boolean;
  latitude: number;
  longitude: number;
  /** The day on the sale's clock. */
  saleDate: string;
  at: Date;
}

/** A sale's "Still going?" answers, in all and per day on the sale's clock (dates `YYYY-MM-DD`). */
export interface CheckInTotals {
  going: number;
  notGoing: number;
  byDay: Array<{ date: string; going: number; notGoing: number }>;
}

/** Shoppers' "Still going?" answers. Writers hold the sale's row lock (see LiveStatusService). */
@Injectable()
export class CheckInsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, checkIn: NewCheckIn): Promise<CheckInRow> {
    const [row] = await manager.query(
      `INSERT INTO sale_check_ins (sale_id, user_id, going, latitude, longitude, sale_date, created_at)
       VALUES ($1, $2, $3, $4, $5, $6::date, $7)
       RETURNING id, sale_id, going, created_at`,
      [checkIn.saleId, checkIn.userId, checkIn.going, checkIn.latitude, checkIn.longitude, checkIn.saleDate, checkIn.at],
    );
    return row;
  }

  /** When this shopper last answered for this sale, if ever. */
  async lastOf(manager: EntityManager, saleId: number, userId: number): Promise<Date | null> {
    const [row] = await manager.query(`SELECT max(created_at) AS at FROM sale_check_ins WHERE sale_id = $1 AND user_id = $2`, [
      saleId,
      userId,
    ]);
    return row?.at ?? null;
  }

  /** Distinct shoppers who answered `going` for the sale after `after` (exclusive) on that sale-clock day. */
  async distinctAnswering(manager: EntityManager, saleId: number, going: boolean, saleDate: string, after: Date | null): Promise<number> {
    const [row] = await manager.query(
      `SELECT count(DISTINCT user_id)::int AS count FROM sale_check_ins
       WHERE sale_id = $1 AND going = $2 AND sale_date = $3::date AND ($4::timestamptz IS NULL OR created_at > $4::timestamptz)`,
      [saleId, going, saleDate, after],
    );
    return row.count;
  }

  /** The sale's answers in all and per day on its clock (the host's stats). */
  async checkInTotals(saleId: number): Promise<CheckInTotals> {
    const rows: Array<{ date: string; going: number; not_going: number }> = await this.dataSource.query(
      `SELECT to_char(sale_date, 'YYYY-MM-DD') AS date, count(*) FILTER (WHERE going)::int AS going,
         count(*) FILTER (WHERE NOT going)::int AS not_going
       FROM sale_check_ins WHERE sale_id = $1 GROUP BY sale_date ORDER BY sale_date`,
      [saleId],
    );
    const byDay = rows.map((row) => ({ date: row.date, going: row.going, notGoing: row.not_going }));
    return {
      going: byDay.reduce((sum, day) => sum + day.going, 0),
      notGoing: byDay.reduce((sum, day) => sum + day.notGoing, 0),
      byDay,
    };
  }
}
