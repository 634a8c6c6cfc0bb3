import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { OfferRole, OfferStatus } from '@garage/contracts';
import { InjectDataSource } from '@garage/service-kit';

/** An offer as read: its row, with its item's current title, price and images and its sale's title. */
export interface OfferRow {
  id: number;
  item_id: number;
  sale_id: number;
  buyer_id: number;
  host_id: number;
  item_title: string;
  item_price_cents: number;
  amount_cents: number;
  status: OfferStatus;
  counter_amount_cents: number | null;
  agreed_amount_cents: number | null;
  expires_at: Date;
  reservation_id: number | null;
  message: string | null;
  created_at: Date;
  updated_at: Date;
  version: number;
  image_urls: string[] | null;
  sale_title: string | null;
}

/** The item's row as an offer reads it, locked: who hosts it, its price, state, sale and offer prices. */
export interface OfferedItem {
  id: number;
  user_id: number;
  title: string;
  price_cents: number;
  is_reserved: boolean;
  is_sold: boolean;
  garage_sale_id: number | null;
  min_offer_price_cents: number | null;
  auto_accept_price_cents: number | null;
}

/** The states an offer still waits in (the host's or the shopper's move). */
const WAITING = `('open', 'countered')`;

// The item's current title, price and images when it still exists, else as it was offered.
const COLUMNS = `o.id, o.item_id, o.sale_id, o.buyer_id, o.host_id, coalesce(i.title, o.item_title) AS item_title,
  coalesce(i.price_cents, o.item_price_cents) AS item_price_cents, o.amount_cents, o.status, o.counter_amount_cents,
  o.agreed_amount_cents, o.expires_at, o.reservation_id, o.message, o.created_at, o.updated_at, o.version,
  i.image_urls, s.title AS sale_title`;
const FROM = `offers o LEFT JOIN items i ON i.id = o.item_id LEFT JOIN sales s ON s.id = o.sale_id AND NOT s.deleted`;

export interface NewOffer {
  item: OfferedItem;
  buyerId: number;
  amountCents: number;
  expiresAt: Date;
  at: Date;
}

/** A change of a waiting offer: its new state and what comes with it. */
export interface OfferChange {
  status: OfferStatus;
  at: Date;
  counterAmountCents?: number;
  agreedAmountCents?: number;
  expiresAt?: Date;
  reservationId?: number;
  message?: string | null;
}

/** Offers on items, their answers and how they ended. */
@Injectable()
export class OffersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The item's row, locked: the one lock order of this service is an item's row before its
   * reservations' and offers' rows, so every write to an offer starts here.
   */
  async lockItem(manager: EntityManager, itemId: number): Promise<OfferedItem | null> {
    const [row] = await manager.query(
      `SELECT id, user_id, title, price_cents, is_reserved, is_sold, garage_sale_id, min_offer_price_cents, auto_accept_price_cents
       FROM items WHERE id = $1 FOR UPDATE`,
      [itemId],
    );
    return row ?? null;
  }

  /** The sale's first day and hours and its place, to read when it starts on its own clock. */
  async saleOf(
    manager: EntityManager,
    saleId: number,
  ): Promise<{ start_date: string; start_time: string; latitude: number | null; longitude: number | null; status: string } | null> {
    const [row] = await manager.query(
      `SELECT to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(start_time, 'HH24:MI') AS start_time, latitude, longitude, status
       FROM sales WHERE id = $1 AND NOT deleted`,
      [saleId],
    );
    return row ?? null;
  }

  async insert(manager: EntityManager, offer: NewOffer): Promise<OfferRow> {
    const [{ id }] = await manager.query(
      `INSERT INTO offers (item_id, sale_id, buyer_id, host_id, item_title, item_price_cents, amount_cents, status, expires_at,
                           created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'open', $8, $9, $9) RETURNING id`,
      [
        offer.item.id,
        offer.item.garage_sale_id,
        offer.buyerId,
        offer.item.user_id,
        offer.item.title,
        offer.item.price_cents,
        offer.amountCents,
        offer.expiresAt,
        offer.at,
      ],
    );
    return (await this.findById(id, manager))!;
  }

  /** The offer; with `lock`, its row is locked (after its item's: see `lockItem`). */
  async findById(id: number, manager: EntityManager = this.dataSource.manager, lock = false): Promise<OfferRow | null> {
    const [row] = await manager.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE o.id = $1 ${lock ? 'FOR UPDATE OF o' : ''}`, [id]);
    return row ?? null;
  }

  /** Whether the shopper already has a waiting offer on the item (the unique index says the same). */
  async hasWaiting(manager: EntityManager, itemId: number, buyerId: number): Promise<boolean> {
    const rows = await manager.query(`SELECT 1 FROM offers WHERE item_id = $1 AND buyer_id = $2 AND status IN ${WAITING}`, [
      itemId,
      buyerId,
    ]);
    return rows.length > 0;
  }

  /** A waiting offer changes; null when it no longer waited. */
  async change(manager: EntityManager, id: number, change: OfferChange): Promise<OfferRow | null> {
    const rows = await manager.query(
      `UPDATE offers SET status = $2, updated_at = $3, version = version + 1,
         counter_amount_cents = coalesce($4, counter_amount_cents), agreed_amount_cents = coalesce($5, agreed_amount_cents),
         expires_at = coalesce($6, expires_at), reservation_id = coalesce($7, reservation_id),
         message = CASE WHEN $8::boolean THEN $9 ELSE message END
       WHERE id = $1 AND status IN ${WAITING} RETURNING id`,
      [
        id,
        change.status,
        change.at,
        change.counterAmountCents ?? null,
        change.agreedAmountCents ?? null,
        change.expiresAt ?? null,
        change.reservationId ?? null,
        change.message !== undefined,
        change.message ?? null,
      ],
    );
    return changed(rows) ? this.findById(id, manager) : null;
  }

  /** The other waiting offers on an item, locked (its item's row is already held). */
  waitingOnItem(manager: EntityManager, itemId: number, except: number | null): Promise<OfferRow[]> {
    return manager.query(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE o.item_id = $1 AND o.status IN ${WAITING} AND o.id <> $2 ORDER BY o.id FOR UPDATE OF o`,
      [itemId, except ?? 0],
    );
  }

  /**
   * Waiting offers past their time, locked and skipped by anyone holding them (a replica's sweep, an
   * answer being written), so expiring never waits for a lock and never takes part in a deadlock.
   * `reader` limits it to one member's offers (as shopper or host).
   */
  due(manager: EntityManager, now: Date, limit: number, reader: number | null = null): Promise<OfferRow[]> {
    return manager.query(
      `SELECT ${COLUMNS} FROM ${FROM}
       WHERE o.status IN ${WAITING} AND o.expires_at <= $1 AND ($3::integer IS NULL OR o.buyer_id = $3 OR o.host_id = $3)
       ORDER BY o.expires_at LIMIT $2 FOR UPDATE OF o SKIP LOCKED`,
      [now, limit, reader],
    );
  }

  /** Waiting offers on items of a sale (its start moved: their time is read again). */
  waitingInSale(manager: EntityManager, saleId: number): Promise<OfferRow[]> {
    return manager.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE o.sale_id = $1 AND o.status IN ${WAITING} FOR UPDATE OF o SKIP LOCKED`, [
      saleId,
    ]);
  }

  /** A waiting offer's time is cut short (its sale now starts sooner). */
  async shorten(manager: EntityManager, id: number, expiresAt: Date): Promise<void> {
    await manager.query(`UPDATE offers SET expires_at = $2 WHERE id = $1 AND status IN ${WAITING} AND expires_at > $2`, [id, expiresAt]);
  }

  /** The caller's offers as shopper or host, newest first (at most 200). */
  list(userId: number, role: OfferRole, itemId: number | undefined): Promise<OfferRow[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM ${FROM}
       WHERE ${role === 'host' ? 'o.host_id' : 'o.buyer_id'} = $1 AND ($2::integer IS NULL OR o.item_id = $2)
       ORDER BY o.created_at DESC, o.id DESC LIMIT 200`,
      [userId, itemId ?? null],
    );
  }
}

/** UPDATE … RETURNING through TypeORM answers [rows, count] on Postgres. */
function changed(result: unknown): boolean {
  const rows = Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result;
  return Array.isArray(rows) && rows.length > 0;
}
