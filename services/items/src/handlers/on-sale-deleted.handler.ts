import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { AnyEvent } from '@garage/contracts';
import { InboxContext, InboxHandler } from '@garage/service-kit';
import { toSnapshot } from '../items/item.row.js';
import { ItemsRepository } from '../items/items.repository.js';
import { OfferEndings } from '../offers/offer-endings.js';
import { ReservationEndings } from '../reservations/reservation-endings.js';
import { ReservationsRepository } from '../reservations/reservations.repository.js';
import { SalesRepository } from '../projections/sales.repository.js';

/**
 * A deleted sale leaves a tombstone; its items stay with their owner and become free
 * (`garage_sale_id` null, spec section 4). Each freed item is announced with `item.updated`, so the
 * sales service's item counts follow.
 */
@Controller()
export class OnSaleDeletedHandler {
  constructor(
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
    @Inject(ReservationsRepository) private readonly reservations: ReservationsRepository,
    @Inject(ReservationEndings) private readonly endings: ReservationEndings,
    @Inject(OfferEndings) private readonly offers: OfferEndings,
  ) {}

  /** The `item.updated` events commit with the inbox record and the freeing itself. */
  @InboxHandler('items.sale-deleted', ['sale.deleted'])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager, emit } = InboxContext.of(context);
    if (event.type !== 'sale.deleted') return;
    // A write into this sale made on the sales service's word (before this copy heard of it) is
    // either committed, and freed below, or waits and then sees the tombstone.
    await this.sales.lockSaleId(manager, event.data.id);
    await this.sales.tombstone(manager, event.data.id, event.data.user_id, event.version);
    // Reservations of the sale are refunded (or cancelled when unpaid) and their items freed.
    await this.endings.end(manager, emit, await this.reservations.openForSale(manager, event.data.id), 'sale_deleted', true);
    for (const item of await this.items.freeFromSale(manager, event.data.id)) {
      emit('item.updated', item.version, toSnapshot(item));
    }
    // Its waiting offers end too (after the items' rows, the service's lock order).
    await this.offers.declineInSale(manager, emit, event.data.id);
  }
}
