import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { usToday, type AnyEvent } from '@garage/contracts';
import { Clock, InboxContext, InboxHandler } from '@garage/service-kit';
import { FavoritesRepository } from '../favorites/favorites.repository.js';
import { SaleNoticesRepository } from '../notices/sale-notices.repository.js';
import { lockSale } from '../projections/sale-lock.js';
import { SalesRepository } from '../projections/sales.repository.js';

/**
 * A deleted sale leaves a tombstone (a late `sale.updated` cannot bring it back), tells its
 * followers once, and leaves their Saved page: there is no sale left to show.
 */
@Controller()
export class OnSaleDeletedHandler {
  constructor(
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(SaleNoticesRepository) private readonly saleNotices: SaleNoticesRepository,
    @Inject(FavoritesRepository) private readonly favorites: FavoritesRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @InboxHandler('shopper.sale-deleted', ['sale.deleted'])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager, emit } = InboxContext.of(context);
    if (event.type !== 'sale.deleted') return;
    const { id, user_id: ownerId } = event.data;
    await lockSale(manager, id);
    const before = await this.sales.find(id, manager);
    if (!(await this.sales.tombstone(manager, id, ownerId, event.version))) return;
    if (before && !before.deleted) {
      await this.saleNotices.request(manager, emit, {
        saleId: id,
        ownerId,
        version: event.version,
        today: usToday(this.clock.now()),
        kind: 'sale_deleted',
        title: `Removed: ${before.title}`,
        message: `The garage sale "${before.title}" in ${before.city}, ${before.state} was deleted by its host.`,
        changes: [],
      });
    }
    await this.favorites.forgetSale(manager, id);
  }
}
