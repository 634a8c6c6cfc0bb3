import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * This service's projection of which sale each item sits in, and its main photo, from the items
 * service's events; the sale's `item_count` and `photo_urls` are read from it. Each row keeps the item's version, so a stale event never
 * moves an item back, and a deleted item stays as a tombstone, so a late update cannot revive it.
 */
@Injectable()
export class SaleItemsRepository {
  /**
   * The item is now in `saleId` (or in no sale) with this main photo and category (both null once it
   * is sold: it is not there to be bought): moving it changes both sales.
   */
  async place(
    manager: EntityManager,
    itemId: number,
    saleId: number | null,
    version: number,
    shown: { photoUrl: string | null; category: string | null },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO sale_items (item_id, sale_id, version, photo_url, category) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (item_id) DO UPDATE SET sale_id = EXCLUDED.sale_id, version = EXCLUDED.version, photo_url = EXCLUDED.photo_url,
         category = EXCLUDED.category
       WHERE NOT sale_items.deleted AND sale_items.version < EXCLUDED.version`,
      [itemId, saleId, version, shown.photoUrl, shown.category],
    );
  }

  /** Ids are never reused, so a deletion wins over any version. */
  async remove(manager: EntityManager, itemId: number, version: number): Promise<void> {
    await manager.query(
      `INSERT INTO sale_items (item_id, sale_id, version, deleted) VALUES ($1, NULL, $2, true)
       ON CONFLICT (item_id) DO UPDATE SET sale_id = NULL, deleted = true, photo_url = NULL, category = NULL,
         version = greatest(sale_items.version, EXCLUDED.version)`,
      [itemId, version],
    );
  }
}
