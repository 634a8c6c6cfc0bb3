import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AnyEvent, EventType } from '@garage/contracts';
import type { EventHandler } from '@garage/event-bus';
import { ItemsRepository } from '../items/items.repository.js';
import { SalesRepository } from './sales.repository.js';

/**
 * Keeps the sales projection current and copies each sale's place, dates and active flag onto its
 * items, which is what search filters on. A stale snapshot (older version) changes nothing.
 */
@Injectable()
export class OnSaleChangedHandler implements EventHandler {
  readonly id = 'items.sale-changed';
  readonly events: EventType[] = ['sale.created', 'sale.updated'];

  constructor(
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
  ) {}

  async handle(event: AnyEvent, manager: EntityManager): Promise<void> {
    if (event.type !== 'sale.created' && event.type !== 'sale.updated') return;
    const applied = await this.sales.upsert(manager, event.data, event.version);
    if (applied) await this.items.copySaleOntoItems(manager, event.data.id);
  }
}
