import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** Every change to the projection goes through one lock (see `lock`). */
const PROJECTION_LOCK = 'media.item_images';

/** Which item refers to which image, as told by the items service's events. */
@Injectable()
export class ItemReferencesRepository {
  /**
   * Serialises projection changes. Without it, deleting item A and creating item B with the same
   * image could run side by side: A would not see B's uncommitted reference and free the image B
   * is about to use. Each change reads what the previous one committed.
   */
  async lock(manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [PROJECTION_LOCK]);
  }

  /** Records `version` of a live item; false when it is not newer than what was applied, or the item is deleted. */
  async advance(manager: EntityManager, itemId: number, userId: number, version: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO item_versions (item_id, user_id, version) VALUES ($1, $2, $3)
       ON CONFLICT (item_id) DO UPDATE SET user_id = EXCLUDED.user_id, version = EXCLUDED.version, updated_at = now()
         WHERE item_versions.version < EXCLUDED.version AND NOT item_versions.deleted
       RETURNING item_id`,
      [itemId, userId, version],
    );
    return rows.length > 0;
  }

  /** Leaves a tombstone; false when the item was already deleted. A deletion is final whatever its version. */
  async bury(manager: EntityManager, itemId: number, userId: number, version: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO item_versions (item_id, user_id, version, deleted) VALUES ($1, $2, $3, true)
       ON CONFLICT (item_id) DO UPDATE
         SET version = GREATEST(item_versions.version, EXCLUDED.version), deleted = true, updated_at = now()
         WHERE NOT item_versions.deleted
       RETURNING item_id`,
      [itemId, userId, version],
    );
    return rows.length > 0;
  }

  /** Replaces the item's image keys; returns the ones it had before. */
  async replace(manager: EntityManager, itemId: number, keys: string[]): Promise<string[]> {
    // As a CTE so the result is the rows: TypeORM answers a bare DELETE with [rows, count].
    const previous: Array<{ image_key: string }> = await manager.query(
      `WITH removed AS (DELETE FROM item_images WHERE item_id = $1 RETURNING image_key) SELECT image_key FROM removed`,
      [itemId],
    );
    if (keys.length > 0) {
      await manager.query(`INSERT INTO item_images (item_id, image_key) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`, [
        itemId,
        keys,
      ]);
    }
    return previous.map((row) => row.image_key);
  }
}
