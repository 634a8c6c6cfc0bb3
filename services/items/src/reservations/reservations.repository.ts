import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import {
  LAST_US_OFFSET_HOURS,
  PICKUP_CODE_ALPHABET,
  PICKUP_CODE_LENGTH,
  type ReservationEndReason,
  type ReservationSnapshot,
  type ReservationStatus,
} from '@garage/contracts';
import { InjectDataSource } from '@garage/service-kit';

export interface ReservationRow {
  id: number;
  item_id: number;
  user_id: number;
  host_id: number;
  sale_id: number | null;
  item_title: string;
  status: ReservationStatus;
  amount_cents: number;
  currency: string;
  payment_intent_id: string | null;
  expires_at: Date;
  paid_at: Date | null;
  pickup_code: string | null;
  collected_at: Date | null;
  end_reason: ReservationEndReason | null;
  reserved_at: Date;
  version: number;
  rated: boolean;
}

/** Added to a sale's local date and time, the instant it is reached in the last US zone (UTC−10). */
const LAST_US_HOURS = `interval '${-LAST_US_OFFSET_HOURS} hours'`;

const COLUMNS = `r.id, r.item_id, r.user_id, r.host_id, r.sale_id, r.item_title, r.status, r.amount_cents, r.currency,
  r.payment_intent_id, r.expires_at, r.paid_at, r.pickup_code, r.collected_at, r.end_reason, r.reserved_at, r.version,
  EXISTS (SELECT 1 FROM reservation_ratings g WHERE g.reservation_id = r.id) AS rated`;

/** The states a reservation is still open in (the item is held for it). */
export const OPEN_STATUSES: ReservationStatus[] = ['pending', 'paid'];

export interface NewReservation {
  itemId: number;
  userId: number;
  hostId: number;
  saleId: number | null;
  itemTitle: string;
  amountCents: number;
  currency: string;
  reservedAt: Date;
  expiresAt: Date;
}

/** Reservations: the hold, its payment, its pickup and how it ended. */
@Injectable()
export class ReservationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, r: NewReservation): Promise<ReservationRow> {
    const [{ id }] = await manager.query(
      `INSERT INTO reservations (item_id, user_id, host_id, sale_id, item_title, amount_cents, currency, reserved_at, expires_at, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending') RETURNING id`,
      [r.itemId, r.userId, r.hostId, r.saleId, r.itemTitle, r.amountCents, r.currency, r.reservedAt, r.expiresAt],
    );
    return (await this.findById(id, manager))!;
  }

  /** The reservation; with `lock`, its item's row and then its own are locked (see `lockItemsOf`). */
  async findById(id: number, manager: EntityManager = this.dataSource.manager, lock = false): Promise<ReservationRow | null> {
    if (lock) await this.lockItemsOf(manager, 'r.id = $1', [id]);
    const [row] = await manager.query(`SELECT ${COLUMNS} FROM reservations r WHERE r.id = $1 ${lock ? 'FOR UPDATE OF r' : ''}`, [id]);
    return row ?? null;
  }

  /**
   * The one lock order of this service: an item's row before its reservations' rows. The host's
   * writes to an item (delete, sold, moved) lock the item and then end its reservations; the
   * shopper's cancel, the host's collect, the sweep and a sale's cancellation start from a
   * reservation but change its item too, so they lock the items of the reservations matching
   * `where` (on `reservations r`) first, in id order. Returns the ids of the items locked; with
   * `skipLocked`, items another transaction holds are left out (and so are their reservations).
   */
  private async lockItemsOf(manager: EntityManager, where: string, params: unknown[], skipLocked = false): Promise<number[]> {
    const rows: Array<{ id: number }> = await manager.query(
      `SELECT i.id FROM items i WHERE i.id IN (SELECT r.item_id FROM reservations r WHERE ${where})
       ORDER BY i.id FOR UPDATE OF i${skipLocked ? ' SKIP LOCKED' : ''}`,
      params,
    );
    return rows.map((row) => row.id);
  }

  async findByIntent(manager: EntityManager, paymentIntentId: string): Promise<ReservationRow | null> {
    const [row] = await manager.query(`SELECT ${COLUMNS} FROM reservations r WHERE r.payment_intent_id = $1 FOR UPDATE OF r`, [
      paymentIntentId,
    ]);
    return row ?? null;
  }

  /** The open reservations of some items or of a sale, locked: the caller is about to end them. */
  async openForItems(manager: EntityManager, itemIds: number[]): Promise<ReservationRow[]> {
    if (itemIds.length === 0) return [];
    return manager.query(
      `SELECT ${COLUMNS} FROM reservations r WHERE r.item_id = ANY($1) AND r.status IN ('pending', 'paid') FOR UPDATE OF r`,
      [itemIds],
    );
  }

  async openForSale(manager: EntityManager, saleId: number): Promise<ReservationRow[]> {
    await this.lockItemsOf(manager, `r.sale_id = $1 AND r.status IN ('pending', 'paid')`, [saleId]);
    return manager.query(`SELECT ${COLUMNS} FROM reservations r WHERE r.sale_id = $1 AND r.status IN ('pending', 'paid') FOR UPDATE OF r`, [
      saleId,
    ]);
  }

  async setIntent(id: number, paymentIntentId: string): Promise<void> {
    await this.dataSource.query(`UPDATE reservations SET payment_intent_id = $2 WHERE id = $1 AND payment_intent_id IS NULL`, [
      id,
      paymentIntentId,
    ]);
  }

  /** pending → paid with a fresh pickup code; null when it was no longer pending. */
  async markPaid(manager: EntityManager, id: number, at: Date): Promise<ReservationRow | null> {
    const rows = await manager.query(
      `UPDATE reservations SET status = 'paid', paid_at = $2, pickup_code = $3, version = version + 1
       WHERE id = $1 AND status = 'pending' RETURNING id`,
      [id, at, pickupCode()],
    );
    return changed(rows) ? this.findById(id, manager) : null;
  }

  async markCollected(manager: EntityManager, id: number, at: Date): Promise<ReservationRow | null> {
    const rows = await manager.query(
      `UPDATE reservations SET status = 'collected', collected_at = $2, version = version + 1
       WHERE id = $1 AND status = 'paid' RETURNING id`,
      [id, at],
    );
    return changed(rows) ? this.findById(id, manager) : null;
  }

  /** An open reservation ends (lapsed, cancelled or refunded); null when it had already ended. */
  async end(manager: EntityManager, id: number, status: ReservationStatus, reason: ReservationEndReason, at: Date) {
    const rows = await manager.query(
      `UPDATE reservations SET status = $2, end_reason = $3, ended_at = $4, version = version + 1
       WHERE id = $1 AND status IN ('pending', 'paid') RETURNING id`,
      [id, status, reason, at],
    );
    return changed(rows) ? this.findById(id, manager) : null;
  }

  /** A reservation that ended unpaid was paid after all (a late card): it becomes refunded. */
  async refundLate(manager: EntityManager, id: number): Promise<ReservationRow | null> {
    const rows = await manager.query(
      `UPDATE reservations SET status = 'refunded', end_reason = 'paid_after_lapse', version = version + 1
       WHERE id = $1 AND status IN ('lapsed', 'cancelled') RETURNING id`,
      [id],
    );
    return changed(rows) ? this.findById(id, manager) : null;
  }

  /** Holds whose time is up, locked and skipped by other replicas sweeping at once. */
  async expiredHolds(manager: EntityManager, now: Date, limit: number): Promise<ReservationRow[]> {
    const due = `r.status = 'pending' AND r.expires_at <= $1`;
    const items = await this.lockItemsOf(manager, `${due} ORDER BY r.expires_at LIMIT $2`, [now, limit], true);
    return manager.query(
      `SELECT ${COLUMNS} FROM reservations r WHERE ${due} AND r.item_id = ANY($3::int[])
       ORDER BY r.expires_at LIMIT $2 FOR UPDATE OF r SKIP LOCKED`,
      [now, limit, items],
    );
  }

  /**
   * Paid reservations whose sale is over without a pickup. Sale times are local and the sale's zone
   * is not known, so "over" is the end time read in the last US zone to reach it (UTC−10, the offset
   * of "US today"): never too early.
   */
  async uncollectedAfterSale(manager: EntityManager, now: Date, limit: number): Promise<ReservationRow[]> {
    const over = `r.status = 'paid' AND r.sale_id IN (SELECT s.id FROM sales s
       WHERE (s.end_date + s.end_time) + ${LAST_US_HOURS} <= ($1::timestamptz AT TIME ZONE 'UTC'))`;
    const items = await this.lockItemsOf(manager, `${over} ORDER BY r.id LIMIT $2`, [now, limit], true);
    return manager.query(
      `SELECT ${COLUMNS} FROM reservations r WHERE ${over} AND r.item_id = ANY($3::int[])
       ORDER BY r.id LIMIT $2 FOR UPDATE OF r SKIP LOCKED`,
      [now, limit, items],
    );
  }

  /** Whether the reservation's sale has started (its start read in the latest US zone, UTC−10). */
  async saleStarted(manager: EntityManager, saleId: number | null, now: Date): Promise<boolean> {
    if (saleId === null) return false;
    const [row] = await manager.query(
      `SELECT (start_date + start_time) + ${LAST_US_HOURS} <= ($2::timestamptz AT TIME ZONE 'UTC') AS started
       FROM sales WHERE id = $1 AND NOT deleted`,
      [saleId, now],
    );
    return Boolean(row?.started);
  }

  /** My reservations: newest first, with the item and its sale's place and hours. */
  listForShopper(userId: number): Promise<Array<ReservationRow & Record<string, unknown>>> {
    return this.dataSource.query(
      `SELECT ${COLUMNS}, i.image_urls, s.title AS sale_title, s.address, s.city, s.state,
              to_char(s.start_date, 'YYYY-MM-DD') AS start_date, to_char(s.end_date, 'YYYY-MM-DD') AS end_date,
              to_char(s.start_time, 'HH24:MI') AS start_time, to_char(s.end_time, 'HH24:MI') AS end_time
       FROM reservations r
       LEFT JOIN items i ON i.id = r.item_id
       LEFT JOIN sales s ON s.id = r.sale_id AND NOT s.deleted
       WHERE r.user_id = $1 AND r.status <> 'legacy'
       ORDER BY r.reserved_at DESC, r.id DESC`,
      [userId],
    );
  }

  /** A sale's reservations for its host, with each shopper's name from the users projection. */
  listForSale(saleId: number): Promise<Array<ReservationRow & { first_name: string | null; last_name: string | null }>> {
    return this.dataSource.query(
      `SELECT ${COLUMNS}, u.first_name, u.last_name
       FROM reservations r LEFT JOIN users u ON u.id = r.user_id
       WHERE r.sale_id = $1 AND r.status <> 'legacy'
       ORDER BY r.reserved_at, r.id`,
      [saleId],
    );
  }

  async insertRating(
    manager: EntityManager,
    r: { reservationId: number; hostId: number; userId: number; stars: number; review: string | null },
  ) {
    const rows = await manager.query(
      `INSERT INTO reservation_ratings (reservation_id, host_id, user_id, stars, review) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (reservation_id) DO NOTHING RETURNING reservation_id`,
      [r.reservationId, r.hostId, r.userId, r.stars, r.review],
    );
    return rows.length > 0;
  }
}

/** The event snapshot of a reservation. */
export function toReservationSnapshot(r: ReservationRow): ReservationSnapshot {
  return {
    id: r.id,
    item_id: r.item_id,
    item_title: r.item_title,
    sale_id: r.sale_id,
    user_id: r.user_id,
    host_id: r.host_id,
    status: r.status,
    amount_cents: r.amount_cents,
    currency: r.currency,
    expires_at: new Date(r.expires_at).toISOString(),
    end_reason: r.end_reason,
  };
}

function pickupCode(): string {
  let code = '';
  for (let i = 0; i < PICKUP_CODE_LENGTH; i += 1) code += PICKUP_CODE_ALPHABET[randomInt(PICKUP_CODE_ALPHABET.length)];
  return code;
}

/** UPDATE … RETURNING through TypeORM answers [rows, count] on Postgres. */
function changed(result: unknown): boolean {
  const rows = Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result;
  return Array.isArray(rows) && rows.length > 0;
}
