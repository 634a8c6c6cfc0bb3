import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { AnyEvent } from '@garage/contracts';
import { InboxContext, InboxHandler } from '@garage/service-kit';
import { ItemsRepository } from '../items/items.repository.js';
import { SalesRepository } from '../projections/sales.repository.js';

/**
 * A sale joined, was approved in, or left a community sale: its community sale fields in the sales
 * projection and on its items' search rows follow, which is what a community sale's item search reads. The same change also
 * arrives as the sale's `sale.updated` of the same version; whichever comes first applies it, and a
 * stale one (older than the sale kept) changes nothing.
 */
@Controller()
export class OnCommunitySaleMembershipHandler {
  constructor(
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
  ) {}

  @InboxHandler('items.community-sale-membership', [
    'community_sale.sale_joined',
    'community_sale.sale_approved',
    'community_sale.sale_left',
  ])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager } = InboxContext.of(context);
    if (
      event.type !== 'community_sale.sale_joined' &&
      event.type !== 'community_sale.sale_approved' &&
      event.type !== 'community_sale.sale_left'
    )
      return;
    if (await this.sales.applyMembership(manager, event.data, event.type === 'community_sale.sale_left', event.version)) {
      await this.items.copyCommunitySaleOntoItems(manager, event.data.saleId);
    }
  }
}
