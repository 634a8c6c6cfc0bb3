import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { usToday, type AnyEvent } from '@garage/contracts';
import { Clock, InboxContext, InboxHandler } from '@garage/service-kit';
import { SaleAlertsRepository } from '../alerts/sale-alerts.repository.js';
import { FavoritesRepository } from '../favorites/favorites.repository.js';
import { AlertEmailJob } from '../notifications/alert-email.job.js';
import { lockSale } from '../projections/sale-lock.js';
import { SalesRepository } from '../projections/sales.repository.js';

/**
 * A deleted sale leaves a tombstone (a late `sale.updated` cannot bring it back), alerts its
 * followers once, and leaves their Saved page: there is no sale left to show.
 */
@Controller()
export class OnSaleDeletedHandler {
  constructor(
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(SaleAlertsRepository) private readonly saleAlerts: SaleAlertsRepository,
    @Inject(FavoritesRepository) private readonly favorites: FavoritesRepository,
    @Inject(AlertEmailJob) private readonly emails: AlertEmailJob,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @InboxHandler('shopper.sale-deleted', ['sale.deleted'])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager } = InboxContext.of(context);
    if (event.type !== 'sale.deleted') return;
    const { id, user_id: ownerId } = event.data;
    await lockSale(manager, id);
    const before = await this.sales.find(id, manager);
    if (!(await this.sales.tombstone(manager, id, ownerId, event.version))) return;
    if (before && !before.deleted) {
      const alerted = await this.saleAlerts.record(manager, {
        saleId: id,
        ownerId,
        version: event.version,
        today: usToday(this.clock.now()),
        kind: 'sale_deleted',
        title: `Removed: ${before.title}`,
        message: `The garage sale "${before.title}" in ${before.city}, ${before.state} was deleted by its host.`,
        changes: [],
      });
      if (alerted > 0) this.emails.soon();
    }
    await this.favorites.forgetSale(manager, id);
  }
}
