import { Injectable } from '@nestjs/common';
import type { EntityManager, Repository } from 'typeorm';
import { InjectRepository } from '@garage/service-kit';
import { ImageRow } from './image.row.js';
import type { ImageExtension } from './image-names.js';

export type NewImage = Omit<ImageRow, 'createdAt' | 'deletedAt'>;

@Injectable()
export class ImagesRepository {
  constructor(@InjectRepository(ImageRow) private readonly images: Repository<ImageRow>) {}

  async insert(image: NewImage): Promise<void> {
    await this.images.insert(image);
  }

  /** The image, unless unknown or on its way out. */
  findServable(key: string): Promise<ImageRow | null> {
    return this.images.createQueryBuilder('image').where('image.key = :key AND image.deletedAt IS NULL', { key }).getOne();
  }

  findByKey(key: string): Promise<ImageRow | null> {
    return this.images.findOneBy({ key });
  }

  /**
   * Marks for removal those of `keys` that `ownerId` uploaded and that no item refers to any more;
   * returns the ones marked. Another user's item can neither keep nor free someone's image early:
   * only the uploader's own items end its life.
   */
  async markUnreferenced(manager: EntityManager, keys: string[], ownerId: number): Promise<string[]> {
    if (keys.length === 0) return [];
    // As a CTE so the result is the rows: TypeORM answers a bare UPDATE with [rows, count].
    const rows: Array<{ key: string }> = await manager.query(
      `WITH freed AS (
         UPDATE images SET deleted_at = now()
          WHERE key = ANY($1::text[]) AND owner_id = $2 AND deleted_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM item_images reference WHERE reference.image_key = images.key)
          RETURNING key)
       SELECT key FROM freed`,
      [keys, ownerId],
    );
    return rows.map((row) => row.key);
  }

  /**
   * Marks for removal up to `limit` images uploaded more than `hours` ago that no item refers to;
   * returns the ones marked. Run under the projection lock (ItemReferencesRepository.lock), so an
   * item event attaching one of them is applied either before (and the image is kept) or after.
   */
  async markUnattached(manager: EntityManager, hours: number, limit: number): Promise<string[]> {
    const rows: Array<{ key: string }> = await manager.query(
      `WITH freed AS (
         UPDATE images SET deleted_at = now()
          WHERE key IN (
            SELECT key FROM images
             WHERE deleted_at IS NULL AND created_at < now() - make_interval(secs => $1 * 3600)
               AND NOT EXISTS (SELECT 1 FROM item_images reference WHERE reference.image_key = images.key)
             ORDER BY created_at LIMIT $2)
          RETURNING key)
       SELECT key FROM freed`,
      [hours, limit],
    );
    return rows.map((row) => row.key);
  }

  /** Images marked for removal, oldest first. */
  async markedForRemoval(limit: number): Promise<Array<{ key: string; extension: ImageExtension }>> {
    return this.images.query(`SELECT key, extension FROM images WHERE deleted_at IS NOT NULL ORDER BY deleted_at LIMIT $1`, [limit]);
  }

  /** Drops the rows of marked images whose objects are gone. */
  async removeMarked(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.images.query(`DELETE FROM images WHERE key = ANY($1::text[]) AND deleted_at IS NOT NULL`, [keys]);
  }
}
