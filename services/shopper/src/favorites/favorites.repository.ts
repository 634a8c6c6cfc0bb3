import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import {
  fromCents,
  type Category,
  type Condition,
  type FavoriteIds,
  type FavoriteItem,
  type FavoriteSale,
  type SaleStatus,
} from '@garage/contracts';
import { InjectDataSource } from '@garage/service-kit';

/** The most favourites of each kind one Saved page lists (newest first). */
const LIST_LIMIT = 500;

interface SaleCardRow extends Omit<FavoriteSale, 'rating' | 'saved_at'> {
  rating: string | null;
  saved_at: Date;
}

interface ItemCardRow extends Omit<FavoriteItem, 'price' | 'original_price' | 'saved_at'> {
  price_cents: number;
  original_price_cents: number | null;
  category: Category;
  condition: Condition;
  sale_status: SaleStatus | null;
  saved_at: Date;
}

@Injectable()
export class FavoritesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Saves a favourite; `created` is false when it was saved before (its first date is kept). */
  async add(kind: 'sale' | 'item', userId: number, id: number): Promise<{ savedAt: Date; created: boolean }> {
    const table = kind === 'sale' ? 'favorite_sales' : 'favorite_items';
    const column = kind === 'sale' ? 'sale_id' : 'item_id';
    const [inserted] = await this.dataSource.query(
      `INSERT INTO ${table} (user_id, ${column}) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING created_at`,
      [userId, id],
    );
    if (inserted) return { savedAt: inserted.created_at, created: true };
    const [existing] = await this.dataSource.query(`SELECT created_at FROM ${table} WHERE user_id = $1 AND ${column} = $2`, [userId, id]);
    return { savedAt: existing.created_at, created: false };
  }

  async remove(kind: 'sale' | 'item', userId: number, id: number): Promise<void> {
    const table = kind === 'sale' ? 'favorite_sales' : 'favorite_items';
    const column = kind === 'sale' ? 'sale_id' : 'item_id';
    await this.dataSource.query(`DELETE FROM ${table} WHERE user_id = $1 AND ${column} = $2`, [userId, id]);
  }

  /** The caller's favourite sales as sale objects of the contract (the caller is signed in: every field). */
  async sales(userId: number): Promise<FavoriteSale[]> {
    const rows: SaleCardRow[] = await this.dataSource.query(
      `SELECT s.id, s.user_id, s.title, s.description, s.address, s.city, s.state, s.zip_code,
              to_char(s.start_date, 'YYYY-MM-DD') AS start_date, to_char(s.end_date, 'YYYY-MM-DD') AS end_date,
              to_char(s.start_time, 'HH24:MI') AS start_time, to_char(s.end_time, 'HH24:MI') AS end_time,
              s.status, s.latitude, s.longitude, coalesce(s.payment_methods, '{}') AS payment_methods, s.address_visible_from,
              (SELECT count(*)::int FROM items i WHERE i.garage_sale_id = s.id AND NOT i.deleted) AS item_count,
              u.first_name, u.last_name, u.phone, u.rating::text AS rating, f.created_at AS saved_at
       FROM favorite_sales f
       JOIN sales s ON s.id = f.sale_id AND NOT s.deleted
       LEFT JOIN users u ON u.id = s.user_id
       WHERE f.user_id = $1
       ORDER BY f.created_at DESC, s.id DESC
       LIMIT ${LIST_LIMIT}`,
      [userId],
    );
    return rows.map((row) => ({ ...row, rating: row.rating === null ? null : Number(row.rating), saved_at: row.saved_at.toISOString() }));
  }

  /** The caller's favourite items with their sale's place and time (null for a standalone item). */
  async items(userId: number): Promise<FavoriteItem[]> {
    const rows: ItemCardRow[] = await this.dataSource.query(
      `SELECT i.id, i.user_id, i.title, i.description, i.category, i.price_cents, i.original_price_cents, i.condition,
              i.brand, i.image_urls, i.is_reserved, i.is_sold, s.id AS garage_sale_id, s.title AS sale_title,
              s.status AS sale_status, s.city, s.state,
              to_char(s.start_date, 'YYYY-MM-DD') AS start_date, to_char(s.end_date, 'YYYY-MM-DD') AS end_date,
              to_char(s.start_time, 'HH24:MI') AS start_time, to_char(s.end_time, 'HH24:MI') AS end_time,
              f.created_at AS saved_at
       FROM favorite_items f
       JOIN items i ON i.id = f.item_id AND NOT i.deleted
       LEFT JOIN sales s ON s.id = i.garage_sale_id AND NOT s.deleted
       WHERE f.user_id = $1
       ORDER BY f.created_at DESC, i.id DESC
       LIMIT ${LIST_LIMIT}`,
      [userId],
    );
    return rows.map(({ price_cents, original_price_cents, saved_at, ...row }) => ({
      ...row,
      price: fromCents(price_cents),
      original_price: original_price_cents === null ? null : fromCents(original_price_cents),
      saved_at: saved_at.toISOString(),
    }));
  }

  async ids(userId: number): Promise<FavoriteIds> {
    const [row] = await this.dataSource.query(
      `SELECT ARRAY(SELECT f.sale_id FROM favorite_sales f JOIN sales s ON s.id = f.sale_id AND NOT s.deleted
                    WHERE f.user_id = $1 ORDER BY f.sale_id) AS sale_ids,
              ARRAY(SELECT f.item_id FROM favorite_items f JOIN items i ON i.id = f.item_id AND NOT i.deleted
                    WHERE f.user_id = $1 ORDER BY f.item_id) AS item_ids`,
      [userId],
    );
    return { saleIds: row.sale_ids, itemIds: row.item_ids };
  }

  /** A deleted sale leaves every Saved page (in the deletion's transaction). */
  async forgetSale(manager: EntityManager, saleId: number): Promise<void> {
    await manager.query(`DELETE FROM favorite_sales WHERE sale_id = $1`, [saleId]);
  }

  async forgetItem(manager: EntityManager, itemId: number): Promise<void> {
    await manager.query(`DELETE FROM favorite_items WHERE item_id = $1`, [itemId]);
  }
}
