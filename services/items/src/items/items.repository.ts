import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { toCents, type ItemCreate } from '@garage/contracts';
import type { KnownSale } from '@garage/event-bus';
import { InjectDataSource } from '@garage/service-kit';
import { ITEM_COLUMNS, ITEM_FROM, type ItemRow } from './item.row.js';

/** The fields of an item its owner writes (create and edit). */
export type ItemFields = ItemCreate & { isReserved?: boolean; isSold?: boolean };

/** The columns of an item an event snapshot is made of. */
export type ItemCore = Pick<
  ItemRow,
  | 'id'
  | 'user_id'
  | 'garage_sale_id'
  | 'title'
  | 'description'
  | 'category'
  | 'price_cents'
  | 'original_price_cents'
  | 'condition'
  | 'brand'
  | 'image_urls'
  | 'is_reserved'
  | 'is_sold'
  | 'version'
>;

const CORE_COLUMNS = `id, user_id, garage_sale_id, title, description, category, price_cents, original_price_cents,
  condition, brand, image_urls, is_reserved, is_sold, version`;

/**
 * The sale's state that search filters on, copied onto the item whenever the item's sale changes
 * (here) or the sale itself changes (`copySaleOntoItems`). `$2` is the item's sale id.
 */
const SALE_COPY_VALUES = `CASE WHEN s.id IS NULL THEN coalesce(owner.status = 'active', false) ELSE s.status = 'active' END,
  coalesce(s.latitude, owner.latitude), coalesce(s.longitude, owner.longitude),
  CASE WHEN s.id IS NULL THEN owner.end_date ELSE s.end_date END`;

/**
 * Where the copy comes from: this service's row of the sale, else the sales service's word for a
 * sale this copy has not heard of yet (`$first` … `$first+3`: status, latitude, longitude, end
 * date; all null otherwise). Without the owner's word an item put into a sale created a moment ago
 * would stay out of search until the sale's event arrived.
 */
function saleCopyFrom(first: number): string {
  return `(SELECT $${first}::text AS status, $${first + 1}::float8 AS latitude, $${first + 2}::float8 AS longitude,
      $${first + 3}::date AS end_date) AS owner
    LEFT JOIN sales s ON s.id = $2::integer AND NOT s.deleted`;
}

/** What a sale the owner vouched for contributes to `saleCopyFrom`; nulls for a sale kept here. */
function ownerCopy(sale: KnownSale | null | undefined): unknown[] {
  return sale?.fromOwner ? [sale.status, sale.latitude, sale.longitude, sale.end_date] : [null, null, null, null];
}

@Injectable()
export class ItemsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The pool's manager, for reads outside a transaction. */
  manager(): EntityManager {
    return this.dataSource.manager;
  }

  async findById(id: number, manager: EntityManager = this.dataSource.manager): Promise<ItemRow | null> {
    const [row] = await manager.query(`SELECT ${ITEM_COLUMNS} FROM ${ITEM_FROM} WHERE i.id = $1`, [id]);
    return row ?? null;
  }

  /** The caller's items, newest first; sold ones only when `includeSold`. */
  listByOwner(userId: number, includeSold: boolean): Promise<ItemRow[]> {
    return this.dataSource.query(
      `SELECT ${ITEM_COLUMNS} FROM ${ITEM_FROM} WHERE i.user_id = $1 ${includeSold ? '' : 'AND NOT i.is_sold'} ORDER BY i.created_at DESC, i.id DESC`,
      [userId],
    );
  }

  /** Every item of a sale (sold and reserved ones included: the sale page shows their status). */
  listBySale(saleId: number): Promise<ItemRow[]> {
    return this.dataSource.query(`SELECT ${ITEM_COLUMNS} FROM ${ITEM_FROM} WHERE i.garage_sale_id = $1 ORDER BY i.created_at, i.id`, [
      saleId,
    ]);
  }

  async insert(manager: EntityManager, userId: number, fields: ItemFields, sale?: KnownSale | null): Promise<ItemCore> {
    const [row] = await manager.query(
      `INSERT INTO items (user_id, garage_sale_id, title, description, category, price_cents, original_price_cents, condition,
                          dimensions, weight, brand, image_urls, min_offer_price_cents, auto_accept_price_cents,
                          sale_active, sale_latitude, sale_longitude, sale_end_date)
       SELECT $1::integer, $2::integer, $3::text, $4::text, $5::text, $6::integer, $7::integer, $8::text, $9::text,
              $10::text, $11::text, $12::text[], $13::integer, $14::integer, ${SALE_COPY_VALUES}
       FROM ${saleCopyFrom(15)}
       RETURNING ${CORE_COLUMNS}`,
      [userId, fields.garageSaleId, ...this.values(fields), ...offerPrices(fields), ...ownerCopy(sale)],
    );
    return row;
  }

  /** The owner's edit; null when the item does not exist or is someone else's. */
  async update(manager: EntityManager, id: number, userId: number, fields: ItemFields, sale?: KnownSale | null): Promise<ItemCore | null> {
    const rows = changed<ItemCore>(
      await manager.query(
        `UPDATE items i SET
         garage_sale_id = $2::integer, title = $3, description = $4, category = $5, price_cents = $6,
         original_price_cents = $7, condition = $8, dimensions = $9, weight = $10, brand = $11, image_urls = $12::text[],
         is_reserved = coalesce($13, i.is_reserved), is_sold = coalesce($14, i.is_sold),
         min_offer_price_cents = CASE WHEN $18::boolean THEN i.min_offer_price_cents ELSE $16::integer END,
         auto_accept_price_cents = CASE WHEN $19::boolean THEN i.auto_accept_price_cents ELSE $17::integer END,
         (sale_active, sale_latitude, sale_longitude, sale_end_date) = (SELECT ${SALE_COPY_VALUES} FROM ${saleCopyFrom(20)}),
         version = i.version + 1, updated_at = now()
       WHERE i.id = $1 AND i.user_id = $15
       RETURNING ${CORE_COLUMNS}`,
        [
          id,
          fields.garageSaleId,
          ...this.values(fields),
          fields.isReserved ?? null,
          fields.isSold ?? null,
          userId,
          ...offerPrices(fields),
          // An edit that leaves a price out keeps it (a form that does not know it); null clears it.
          fields.minOfferPrice === undefined,
          fields.autoAcceptPrice === undefined,
          ...ownerCopy(sale),
        ],
      ),
    );
    return rows[0] ?? null;
  }

  /** Deletes the owner's item; null when it does not exist or is someone else's. */
  async delete(manager: EntityManager, id: number, userId: number): Promise<ItemCore | null> {
    const [row] = changed<ItemCore>(
      await manager.query(`DELETE FROM items WHERE id = $1 AND user_id = $2 RETURNING ${CORE_COLUMNS}`, [id, userId]),
    );
    return row ?? null;
  }

  /** Locks the listed items for an assignment and returns who owns each one. */
  lockForAssignment(manager: EntityManager, ids: number[]): Promise<Array<{ id: number; user_id: number }>> {
    return manager.query(`SELECT id, user_id FROM items WHERE id = ANY($1::integer[]) ORDER BY id FOR UPDATE`, [ids]);
  }

  /** Moves the items into the sale; returns those whose sale changed (for their events). */
  async assign(manager: EntityManager, ids: number[], saleId: number, sale?: KnownSale | null): Promise<ItemCore[]> {
    return changed(
      await manager.query(
        `UPDATE items i SET garage_sale_id = $2::integer,
         (sale_active, sale_latitude, sale_longitude, sale_end_date) = (SELECT ${SALE_COPY_VALUES} FROM ${saleCopyFrom(3)}),
         version = i.version + 1, updated_at = now()
       WHERE i.id = ANY($1::integer[]) AND i.garage_sale_id IS DISTINCT FROM $2::integer
       RETURNING ${CORE_COLUMNS}`,
        [ids, saleId, ...ownerCopy(sale)],
      ),
    );
  }

  /** Moves those of the items that `ownerId` owns into the sale (the rest are left alone); returns the moved ones. */
  async assignOwned(manager: EntityManager, ids: number[], saleId: number, ownerId: number): Promise<ItemCore[]> {
    const owned = (await this.lockForAssignment(manager, ids)).filter((item) => item.user_id === ownerId).map((item) => item.id);
    return owned.length > 0 ? this.assign(manager, owned, saleId) : [];
  }

  /** Frees every item of a deleted sale; returns them with their new versions. */
  async freeFromSale(manager: EntityManager, saleId: number): Promise<ItemCore[]> {
    return changed(
      await manager.query(
        `UPDATE items SET garage_sale_id = NULL, sale_active = false, sale_latitude = NULL, sale_longitude = NULL,
         sale_end_date = NULL, version = version + 1, updated_at = now()
       WHERE garage_sale_id = $1
       RETURNING ${CORE_COLUMNS}`,
        [saleId],
      ),
    );
  }

  /** Copies the sale's current state onto its items after the sale changed. */
  async copySaleOntoItems(manager: EntityManager, saleId: number): Promise<void> {
    await manager.query(
      `UPDATE items i SET sale_active = (s.status = 'active'), sale_latitude = s.latitude, sale_longitude = s.longitude,
         sale_end_date = s.end_date
       FROM sales s
       WHERE s.id = $1 AND NOT s.deleted AND i.garage_sale_id = s.id
         AND (i.sale_active, i.sale_latitude, i.sale_longitude, i.sale_end_date)
             IS DISTINCT FROM (s.status = 'active', s.latitude, s.longitude, s.end_date)`,
      [saleId],
    );
  }

  /**
   * Puts the sale's community sale (the one it is approved in, else none) on its items' search rows
   * after it joined, was approved in or left one; the trigger does it for an item's own writes.
   */
  async copyCommunitySaleOntoItems(manager: EntityManager, saleId: number): Promise<void> {
    await manager.query(
      `UPDATE item_search x SET community_sale_id = v.community_sale_id
       FROM items i,
            (SELECT (SELECT s.community_sale_id FROM sales s
                     WHERE s.id = $1 AND s.community_sale_status = 'approved' AND NOT s.deleted) AS community_sale_id) v
       WHERE i.garage_sale_id = $1 AND x.item_id = i.id AND x.community_sale_id IS DISTINCT FROM v.community_sale_id`,
      [saleId],
    );
  }

  /**
   * Marks the item reserved only if nobody did before and it is not sold nor the caller's own: one
   * conditional UPDATE, so of many concurrent reserves exactly one matches the row.
   */
  async reserve(manager: EntityManager, id: number, userId: number): Promise<ItemCore | null> {
    const [row] = changed<ItemCore>(
      await manager.query(
        `UPDATE items SET is_reserved = true, version = version + 1, updated_at = now()
       WHERE id = $1 AND NOT is_reserved AND NOT is_sold AND user_id <> $2
       RETURNING ${CORE_COLUMNS}`,
        [id, userId],
      ),
    );
    return row ?? null;
  }

  /** The item is no longer held (its reservation ended); null when it was not marked reserved or is sold. */
  async release(manager: EntityManager, id: number): Promise<ItemCore | null> {
    const [row] = changed<ItemCore>(
      await manager.query(
        `UPDATE items SET is_reserved = false, version = version + 1, updated_at = now()
         WHERE id = $1 AND is_reserved AND NOT is_sold RETURNING ${CORE_COLUMNS}`,
        [id],
      ),
    );
    return row ?? null;
  }

  /** A reservation was collected: the item is sold. */
  async markSold(manager: EntityManager, id: number): Promise<ItemCore | null> {
    const [row] = changed<ItemCore>(
      await manager.query(
        `UPDATE items SET is_sold = true, version = version + 1, updated_at = now() WHERE id = $1 AND NOT is_sold RETURNING ${CORE_COLUMNS}`,
        [id],
      ),
    );
    return row ?? null;
  }

  private values(fields: ItemFields): unknown[] {
    return [
      fields.title,
      fields.description,
      fields.category,
      toCents(fields.price),
      fields.originalPrice === null ? null : toCents(fields.originalPrice),
      fields.condition,
      fields.dimensions,
      fields.weight,
      fields.brand,
      fields.imageUrls,
    ];
  }
}

/** The host's floor and auto-accept price, in cents (null: none). */
function offerPrices(fields: ItemFields): [number | null, number | null] {
  const cents = (dollars: number | null | undefined) => (dollars === null || dollars === undefined ? null : toCents(dollars));
  return [cents(fields.minOfferPrice), cents(fields.autoAcceptPrice)];
}

/** TypeORM answers an UPDATE or DELETE with `[rows, affected]` instead of the rows alone. */
function changed<T>(result: unknown): T[] {
  return (
    Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number' ? result[0] : result
  ) as T[];
}
