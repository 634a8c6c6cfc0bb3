import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AnyEvent, EventType } from '@garage/contracts';
import type { EventHandler } from '@garage/event-bus';
import { ItemReferencesService } from './item-references.service.js';

/**
 * Feeds the item → image projection from the items service. Applied through the inbox (once per
 * message id, in the transaction of its effect) and ordered per item by `version`.
 */
@Injectable()
export class ItemReferencesHandler implements EventHandler {
  /** Stable across releases: the inbox remembers applied messages under this id. */
  readonly id = 'media.item-references';
  readonly events: EventType[] = ['item.created', 'item.updated', 'item.reserved', 'item.deleted'];

  constructor(@Inject(ItemReferencesService) private readonly references: ItemReferencesService) {}

  async handle(event: AnyEvent, manager: EntityManager): Promise<void> {
    switch (event.type) {
      case 'item.created':
      case 'item.updated':
      case 'item.reserved':
        await this.references.itemChanged(manager, {
          itemId: event.data.id,
          userId: event.data.user_id,
          version: event.version,
          imageUrls: event.data.image_urls,
        });
        return;
      case 'item.deleted':
        await this.references.itemDeleted(manager, {
          itemId: event.data.id,
          userId: event.data.user_id,
          version: event.version,
          imageUrls: event.data.image_urls,
        });
        return;
      default:
        return;
    }
  }
}
