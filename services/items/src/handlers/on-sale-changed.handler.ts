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
 * Keeps the sales projection current and copies each sale's place, dates and active flag onto its
 * items, which is what search filters on. A stale snapshot (older version) changes nothing.
 * Waiting offers on its items end when it is cancelled, and at its start when that moved sooner.
 *
 * A `sale.created` naming items (`item_ids`, listed with the new sale) moves those its host owns
 * into it, in the same transaction, each announced with `item.updated`; ids of other users' items
 * or of no item are left out. This is the ownership check `POST /api/sales` cannot make itself.
 */
@Controller()
export class OnSaleChangedHandler {
  constructor(
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
    @Inject(ReservationsRepository) private readonly reservations: ReservationsRepository,
    @Inject(ReservationEndings) private readonly endings: ReservationEndings,
    @Inject(OfferEndings) private readonly offers: OfferEndings,
  ) {}

  @InboxHandler('items.sale-changed', ['sale.created', 'sale.updated'])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager, emit } = InboxContext.of(context);
    if (event.type !== 'sale.created' && event.type !== 'sale.updated') return;
    const applied = await this.sales.upsert(manager, event.data, event.version);
    if (applied) {
      await this.items.copySaleOntoItems(manager, event.data.id);
      await this.items.copyCommunitySaleOntoItems(manager, event.data.id);
    }
    // The host cancelled the sale: its reservations are refunded (or cancelled when unpaid).
    if (applied && event.data.status === 'cancelled')
      await this.endings.end(manager, emit, await this.reservations.openForSale(manager, event.data.id), 'sale_cancelled', true);
    // Waiting offers end with a cancelled sale, and never outlast its start.
    if (applied) await this.offers.saleChanged(manager, emit, event.data);
    if (event.type === 'sale.created' && event.data.item_ids?.length) {
      // Read back rather than trusted: a later version or a tombstone may already be kept.
      const sale = await this.sales.findLiveForShare(manager, event.data.id);
      if (!sale) return;
      const moved = await this.items.assignOwned(manager, event.data.item_ids, sale.id, sale.user_id);
      for (const item of moved) emit('item.updated', item.version, toSnapshot(item));
      await this.endings.endMovedElsewhere(
        manager,
        emit,
        moved.map((item) => item.id),
        sale.id,
      );
    }
  }
}
