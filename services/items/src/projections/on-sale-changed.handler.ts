import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AnyEvent, EventType } from '@garage/contracts';
import type { Emit, EventHandler } from '@garage/event-bus';
import { ItemsRepository } from '../items/items.repository.js';
import { ReservationEndings } from '../reservations/reservation-endings.js';
import { ReservationsRepository } from '../reservations/reservations.repository.js';
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
    @Inject(ReservationsRepository) private readonly reservations: ReservationsRepository,
    @Inject(ReservationEndings) private readonly endings: ReservationEndings,
  ) {}

  async handle(event: AnyEvent, manager: EntityManager, _headers: unknown, emit: Emit): Promise<void> {
    if (event.type !== 'sale.created' && event.type !== 'sale.updated') return;
    const applied = await this.sales.upsert(manager, event.data, event.version);
    if (applied) await this.items.copySaleOntoItems(manager, event.data.id);
    // The host cancelled the sale: its reservations are refunded (or cancelled when unpaid).
    if (applied && event.data.status === 'cancelled')
      await this.endings.end(manager, emit, await this.reservations.openForSale(manager, event.data.id), 'sale_cancelled', true);
  }
}
