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

/** What `answer` did: the stored answer (null: refused for the limit) and what it counted and wrote. */
export interface Answer {
  /** The shopper's previous answer for the sale, if any. */
  lastAt: Date | null;
  checkIn: CheckInRow | null;
  /** Distinct shoppers with the same answer that day since the given instant, this one included. */
  answering: number;
  confirmation: { confirmed_on: string; confirmed_at: Date; confirmed_count: number } | null;
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

  /**
   * A shopper's answer in one statement, run while the sale's row is locked: it is stored unless
   * the shopper answered within `intervalMs` (then `checkIn` is null and `lastAt` says when), and
   * the distinct shoppers who gave the same answer on that day after `after` (exclusive) are
   * counted, this one included. With `confirm` (a "going"), the sale's confirmation summary is
   * written too (`confirmation`, null when the answer was refused).
   */
  async answer(manager: EntityManager, checkIn: NewCheckIn, intervalMs: number, after: Date | null, confirm: boolean): Promise<Answer> {
    const [row] = await manager.query(
      `WITH last AS (
         SELECT max(created_at) AS at FROM sale_check_ins WHERE sale_id = $1 AND user_id = $2
       ), ins AS (
         INSERT INTO sale_check_ins (sale_id, user_id, going, latitude, longitude, sale_date, created_at)
         SELECT $1, $2, $3, $4, $5, $6::date, $7 FROM last
         WHERE last.at IS NULL OR last.at <= $7::timestamptz - $8 * interval '1 millisecond'
         RETURNING id, sale_id, user_id, going, created_at
       ), answering AS (
         SELECT user_id FROM sale_check_ins
         WHERE sale_id = $1 AND going = $3 AND sale_date = $6::date AND ($9::timestamptz IS NULL OR created_at > $9::timestamptz)
         UNION SELECT user_id FROM ins WHERE $9::timestamptz IS NULL OR created_at > $9::timestamptz
       ), confirmed AS (
         UPDATE sales AS s SET confirmed_on = $6::date, confirmed_at = $7, confirmed_count = (SELECT count(*)::int FROM answering)
         WHERE s.id = $1 AND $10 AND EXISTS (SELECT 1 FROM ins)
         RETURNING to_char(s.confirmed_on, 'YYYY-MM-DD') AS confirmed_on, s.confirmed_at, s.confirmed_count
       )
       SELECT (SELECT at FROM last) AS last_at, ins.id, ins.sale_id, ins.going, ins.created_at,
         (SELECT count(*)::int FROM answering) AS answering,
         c.confirmed_on, c.confirmed_at, c.confirmed_count
       FROM (SELECT 1) AS one LEFT JOIN ins ON true LEFT JOIN confirmed AS c ON true`,
      [
        checkIn.saleId,
        checkIn.userId,
        checkIn.going,
        checkIn.latitude,
        checkIn.longitude,
        checkIn.saleDate,
        checkIn.at,
        intervalMs,
        after,
        confirm,
      ],
    );
    return {
      lastAt: row.last_at,
      checkIn: row.id === null ? null : { id: row.id, sale_id: row.sale_id, going: row.going, created_at: row.created_at },
      answering: row.answering,
      confirmation:
        row.confirmed_on === null
          ? null
          : { confirmed_on: row.confirmed_on, confirmed_at: row.confirmed_at, confirmed_count: row.confirmed_count },
    };
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
