import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { AnyEvent } from '@garage/contracts';
import { InboxContext, InboxHandler } from '@garage/service-kit';
import { lockSale } from '../projections/sale-lock.js';
import { SalesRepository } from '../projections/sales.repository.js';

/**
 * A sale joined, was approved in, or left a community sale: its community sale fields in the sales
 * projection follow (which sales a plan from a community sale visits, and their numbers). The same
 * change also arrives as the sale's `sale.updated` of the same version; whichever comes first
 * applies it, and a stale one changes nothing.
 */
@Controller()
export class OnCommunitySaleMembershipHandler {
  constructor(@Inject(SalesRepository) private readonly sales: SalesRepository) {}

  @InboxHandler('shopper.community-sale-membership', [
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
    await lockSale(manager, event.data.saleId);
    await this.sales.applyMembership(manager, event.data, event.type === 'community_sale.sale_left', event.version);
  }
}
