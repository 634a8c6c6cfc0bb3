import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { InjectDataSource } from '@garage/service-kit';
import { ImagesRepository } from '../images/images.repository.js';
import { imageKeysOf } from '../images/image-names.js';
import { ItemReferencesRepository } from './item-references.repository.js';

/** Images marked per transaction by the sweep, so it never holds the projection lock for long. */
const SWEEP_BATCH = 500;

export interface ItemImages {
  itemId: number;
  userId: number;
  version: number;
  imageUrls: string[];
}

/**
 * Keeps the item → image projection and frees an image once its last reference goes away: when
 * the item that used it is deleted, or when an update drops it from the item. An image that was
 * never attached to an item (its item form is still open) has no reference to lose and is kept,
 * until the sweep finds it still unattached a day later (`sweepUnattached`).
 * Freed images are only marked here; their objects leave storage after commit (ImagePurger).
 */
@Injectable()
export class ItemReferencesService {
  constructor(
    @Inject(ItemReferencesRepository) private readonly references: ItemReferencesRepository,
    @Inject(ImagesRepository) private readonly images: ImagesRepository,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** A created, updated or reserved item: its snapshot's image list is now the item's. */
  async itemChanged(manager: EntityManager, item: ItemImages): Promise<string[]> {
    await this.references.lock(manager);
    if (!(await this.references.advance(manager, item.itemId, item.userId, item.version))) return [];
    const current = imageKeysOf(item.imageUrls);
    const previous = await this.references.replace(manager, item.itemId, current);
    const dropped = previous.filter((key) => !current.includes(key));
    return this.images.markUnreferenced(manager, dropped, item.userId);
  }

  /**
   * Marks the images uploaded more than `hours` ago that no item has taken up (an item form left
   * unsaved), batch by batch; returns how many. Their objects go with the next purge pass.
   */
  async sweepUnattached(hours: number): Promise<number> {
    let total = 0;
    for (;;) {
      const marked = await this.dataSource.transaction(async (manager) => {
        await this.references.lock(manager);
        return this.images.markUnattached(manager, hours, SWEEP_BATCH);
      });
      total += marked.length;
      if (marked.length < SWEEP_BATCH) return total;
    }
  }

  /** A deleted item: what it referred to, by the projection and by the event's own list. */
  async itemDeleted(manager: EntityManager, item: ItemImages): Promise<string[]> {
    await this.references.lock(manager);
    if (!(await this.references.bury(manager, item.itemId, item.userId, item.version))) return [];
    const previous = await this.references.replace(manager, item.itemId, []);
    const candidates = [...new Set([...previous, ...imageKeysOf(item.imageUrls)])];
    return this.images.markUnreferenced(manager, candidates, item.userId);
  }
}
