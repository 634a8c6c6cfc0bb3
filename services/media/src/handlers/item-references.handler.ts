import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { AnyEvent } from '@garage/contracts';
import { InboxContext, InboxHandler } from '@garage/service-kit';
import { ItemReferencesService } from '../item-references/item-references.service.js';

/**
 * Feeds the item → image projection from the items service. Applied through the inbox (once per
 * message id, in the transaction of its effect) and ordered per item by `version`.
 */
@Controller()
export class ItemReferencesHandler {
  constructor(@Inject(ItemReferencesService) private readonly references: ItemReferencesService) {}

  @InboxHandler('media.item-references', ['item.created', 'item.updated', 'item.reserved', 'item.deleted'])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager } = InboxContext.of(context);
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
