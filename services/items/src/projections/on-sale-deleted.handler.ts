import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AnyEvent, EventType } from '@garage/contracts';
import type { Emit, EventHandler } from '@garage/event-bus';
import { toSnapshot } from '../items/item.row.js';
import { ItemsRepository } from '../items/items.repository.js';
import { ReservationEndings } from '../reservations/reservation-endings.js';
import { ReservationsRepository } from '../reservations/reservations.repository.js';
import { SalesRepository } from './sales.repository.js';

/**
 * A deleted sale leaves a tombstone; its items stay with their owner and become free
 * (`garage_sale_id` null, spec section 4). Each freed item is announced with `item.updated`, so the
 * sales service's item counts follow.
 */
@Injectable()
export class OnSaleDeletedHandler implements EventHandler {
  readonly id = 'items.sale-deleted';
  readonly events: EventType[] = ['sale.deleted'];

  constructor(
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
    @Inject(ReservationsRepository) private readonly reservations: ReservationsRepository,
    @Inject(ReservationEndings) private readonly endings: ReservationEndings,
  ) {}

  /** The `item.updated` events commit with the inbox record and the freeing itself. */
  async handle(event: AnyEvent, manager: EntityManager, _headers: unknown, emit: Emit): Promise<void> {
    if (event.type !== 'sale.deleted') return;
    await this.sales.tombstone(manager, event.data.id, event.data.user_id, event.version);
    // Reservations of the sale are refunded (or cancelled when unpaid) and their items freed.
    await this.endings.end(manager, emit, await this.reservations.openForSale(manager, event.data.id), 'sale_deleted', true);
    for (const item of await this.items.freeFromSale(manager, event.data.id)) {
      emit('item.updated', item.version, toSnapshot(item));
    }
  }
}
