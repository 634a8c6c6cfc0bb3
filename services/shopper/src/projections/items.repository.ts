import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { toCents, type ItemSnapshot } from '@garage/contracts';
import { InjectDataSource, Owners } from '@garage/service-kit';

/**
 * The projection of items, fed by `item.*` events, with the words item search reads (`words`) kept
 * next to them for matching. Version-checked; a deleted item stays as a tombstone.
 */
@Injectable()
export class ItemsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(Owners) private readonly owners: Owners,
  ) {}

  /** Applies a snapshot if it is newer than what is kept; returns whether it changed anything. */
  async upsert(manager: EntityManager, item: ItemSnapshot, version: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO items (id, user_id, garage_sale_id, title, description, category, price_cents, original_price_cents,
                          condition, brand, image_urls, is_reserved, is_sold, words, version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::text[], $12, $13, item_words($4, $10, $6, $5), $14)
       ON CONFLICT (id) DO UPDATE SET
         user_id = EXCLUDED.user_id, garage_sale_id = EXCLUDED.garage_sale_id, title = EXCLUDED.title,
         description = EXCLUDED.description, category = EXCLUDED.category, price_cents = EXCLUDED.price_cents,
         original_price_cents = EXCLUDED.original_price_cents, condition = EXCLUDED.condition, brand = EXCLUDED.brand,
         image_urls = EXCLUDED.image_urls, is_reserved = EXCLUDED.is_reserved, is_sold = EXCLUDED.is_sold,
         words = EXCLUDED.words, version = EXCLUDED.version, updated_at = now()
       WHERE items.version < EXCLUDED.version AND NOT items.deleted
       RETURNING id`,
      [
        item.id,
        item.user_id,
        item.garage_sale_id,
        item.title,
        item.description,
        item.category,
        toCents(item.price),
        item.original_price === null ? null : toCents(item.original_price),
        item.condition,
        item.brand,
        item.image_urls,
        item.is_reserved,
        item.is_sold,
        version,
      ],
    );
    return rows.length > 0;
  }

  /** Marks the item deleted for good; returns whether it was live until now. */
  async tombstone(manager: EntityManager, id: number, userId: number, version: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO items (id, user_id, version, deleted) VALUES ($1, $2, $3, true)
       ON CONFLICT (id) DO UPDATE SET deleted = true, garage_sale_id = NULL, version = GREATEST(items.version, EXCLUDED.version), updated_at = now()
       WHERE NOT items.deleted
       RETURNING id`,
      [id, userId, version],
    );
    return rows.length > 0;
  }

  /** The live, unsold items of a sale: what becomes visible when the sale does. */
  async unsoldInSale(manager: EntityManager, saleId: number): Promise<number[]> {
    const rows: Array<{ id: number }> = await manager.query(
      `SELECT id FROM items WHERE garage_sale_id = $1 AND NOT deleted AND NOT is_sold ORDER BY id`,
      [saleId],
    );
    return rows.map((row) => row.id);
  }

  async state(id: number): Promise<'live' | 'deleted' | 'unknown'> {
    const [row] = await this.dataSource.query(`SELECT deleted FROM items WHERE id = $1`, [id]);
    if (!row) return 'unknown';
    return row.deleted ? 'deleted' : 'live';
  }

  /**
   * The item's state here, or, when this copy has not heard of it (its `item.created` may be on its
   * way), by the items service's own word: `live` when it has it, `unknown` when nobody has it.
   */
  async stateOrAsk(id: number): Promise<'live' | 'deleted' | 'unknown'> {
    const kept = await this.state(id);
    if (kept !== 'unknown') return kept;
    return (await this.owners.item(id)) ? 'live' : 'unknown';
  }
}
