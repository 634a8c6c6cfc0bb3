import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ImagesRepository } from '../images/images.repository.js';
import { imageKeysOf } from '../images/image-names.js';
import { ItemReferencesRepository } from './item-references.repository.js';

export interface ItemImages {
  itemId: number;
  userId: number;
  version: number;
  imageUrls: string[];
}

/**
 * Keeps the item → image projection and frees an image once its last reference goes away: when
 * the item that used it is deleted, or when an update drops it from the item. An image that was
 * never attached to an item (its item form is still open) has no reference to lose and is kept.
 * Freed images are only marked here; their objects leave storage after commit (ImagePurger).
 */
@Injectable()
export class ItemReferencesService {
  constructor(
    @Inject(ItemReferencesRepository) private readonly references: ItemReferencesRepository,
    @Inject(ImagesRepository) private readonly images: ImagesRepository,
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

  /** A deleted item: what it referred to, by the projection and by the event's own list. */
  async itemDeleted(manager: EntityManager, item: ItemImages): Promise<string[]> {
    await this.references.lock(manager);
    if (!(await this.references.bury(manager, item.itemId, item.userId, item.version))) return [];
    const previous = await this.references.replace(manager, item.itemId, []);
    const candidates = [...new Set([...previous, ...imageKeysOf(item.imageUrls)])];
    return this.images.markUnreferenced(manager, candidates, item.userId);
  }
}
