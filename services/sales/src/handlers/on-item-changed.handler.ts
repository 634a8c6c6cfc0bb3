import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { AnyEvent } from '@garage/contracts';
import { InboxContext, InboxHandler } from '@garage/service-kit';
import { SaleItemsRepository } from '../sale-items/sale-items.repository.js';

/** Follows which sale each item is in, its main photo and category: every sale's `item_count` and `photo_urls`, a community sale's list's `categories`. */
@Controller()
export class OnItemChangedHandler {
  constructor(@Inject(SaleItemsRepository) private readonly saleItems: SaleItemsRepository) {}

  @InboxHandler('sales.item-count-projection', ['item.created', 'item.updated', 'item.deleted'])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager } = InboxContext.of(context);
    switch (event.type) {
      case 'item.created':
      case 'item.updated':
        // Sold items are left out of a sale's photos and categories: they are not there to be bought.
        await this.saleItems.place(manager, event.data.id, event.data.garage_sale_id, event.version, {
          photoUrl: event.data.is_sold ? null : (event.data.image_urls[0] ?? null),
          category: event.data.is_sold ? null : event.data.category,
        });
        break;
      case 'item.deleted':
        await this.saleItems.remove(manager, event.data.id, event.version);
        break;
      default:
        break;
    }
  }
}
