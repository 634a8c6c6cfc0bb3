import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AnyEvent, EventType } from '@garage/contracts';
import type { Emit, EventHandler } from '@garage/event-bus';
import { toSnapshot } from '../items/item.row.js';
import { ItemsRepository } from '../items/items.repository.js';
import { SalesRepository } from './sales.repository.js';

/**
 * Keeps the sales projection current and copies each sale's place, dates and active flag onto its
 * items, which is what search filters on. A stale snapshot (older version) changes nothing.
 *
 * A `sale.created` naming items (`item_ids`, listed with the new sale) moves those its host owns
 * into it, in the same transaction, each announced with `item.updated`; ids of other users' items
 * or of no item are left out. This is the ownership check `POST /api/sales` cannot make itself.
 */
@Injectable()
export class OnSaleChangedHandler implements EventHandler {
  readonly id = 'items.sale-changed';
  readonly events: EventType[] = ['sale.created', 'sale.updated'];

  constructor(
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
  ) {}

  async handle(event: AnyEvent, manager: EntityManager, _headers: unknown, emit: Emit): Promise<void> {
    if (event.type !== 'sale.created' && event.type !== 'sale.updated') return;
    const applied = await this.sales.upsert(manager, event.data, event.version);
    if (applied) await this.items.copySaleOntoItems(manager, event.data.id);
    if (event.type === 'sale.created' && event.data.item_ids?.length) {
      // Read back rather than trusted: a later version or a tombstone may already be kept.
      const sale = await this.sales.findLiveForShare(manager, event.data.id);
      if (!sale) return;
      for (const item of await this.items.assignOwned(manager, event.data.item_ids, sale.id, sale.user_id)) {
        emit('item.updated', item.version, toSnapshot(item));
      }
    }
  }
}
