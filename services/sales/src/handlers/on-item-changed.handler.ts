import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AnyEvent, EventType } from '@garage/contracts';
import type { EventHandler } from '@garage/event-bus';
import { SaleItemsRepository } from '../sale-items/sale-items.repository.js';

/** Follows which sale each item is in and its main photo, so every sale shows its `item_count` and `photo_urls`. */
@Injectable()
export class OnItemChangedHandler implements EventHandler {
  readonly id = 'sales.item-count-projection';
  readonly events: EventType[] = ['item.created', 'item.updated', 'item.deleted'];

  constructor(@Inject(SaleItemsRepository) private readonly saleItems: SaleItemsRepository) {}

  async handle(event: AnyEvent, manager: EntityManager): Promise<void> {
    switch (event.type) {
      case 'item.created':
      case 'item.updated':
        // Sold items are left out of a sale's photos: they are not there to be bought.
        await this.saleItems.place(
          manager,
          event.data.id,
          event.data.garage_sale_id,
          event.version,
          event.data.is_sold ? null : (event.data.image_urls[0] ?? null),
        );
        break;
      case 'item.deleted':
        await this.saleItems.remove(manager, event.data.id, event.version);
        break;
      default:
        break;
    }
  }
}
