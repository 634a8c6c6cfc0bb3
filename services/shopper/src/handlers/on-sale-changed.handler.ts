import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from 'typeorm';
import { usToday, type AnyEvent, type SaleSnapshot } from '@garage/contracts';
import { Clock, InboxContext, InboxHandler } from '@garage/service-kit';
import type { SaleRow } from '@garage/event-bus';
import { SaleAlertsRepository } from '../alerts/sale-alerts.repository.js';
import { describeScheduleChange, scheduleChanges } from '../alerts/sale-changes.js';
import { MatchesRepository } from '../matching/matches.repository.js';
import { AlertEmailJob } from '../notifications/alert-email.job.js';
import { ItemsRepository } from '../projections/items.repository.js';
import { lockSale } from '../projections/sale-lock.js';
import { SalesRepository } from '../projections/sales.repository.js';

/**
 * Keeps the sales projection current, and acts on what a new version of a sale means for shoppers:
 * - cancelled → a `sale_cancelled` alert for its followers;
 * - dates or hours changed → a `sale_changed` alert saying what changed, from → to (a change of
 *   title, description or place alone alerts nobody);
 * - active → its items are visible in search: each is matched against the saved searches (the
 *   unique alert per search and item makes it harmless when they were matched before).
 * A stale snapshot (older version) changes nothing.
 */
@Controller()
export class OnSaleChangedHandler {
  constructor(
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
    @Inject(MatchesRepository) private readonly matches: MatchesRepository,
    @Inject(SaleAlertsRepository) private readonly saleAlerts: SaleAlertsRepository,
    @Inject(AlertEmailJob) private readonly emails: AlertEmailJob,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @InboxHandler('shopper.sale-changed', ['sale.created', 'sale.updated'])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager } = InboxContext.of(context);
    if (event.type !== 'sale.created' && event.type !== 'sale.updated') return;
    const sale = event.data;
    await lockSale(manager, sale.id);
    const before = await this.sales.find(sale.id, manager);
    if (!(await this.sales.upsert(manager, sale, event.version))) return;

    const now = this.clock.now();
    let alerted = 0;
    if (before && !before.deleted) alerted = await this.alertFollowers(manager, before, sale, event.version, now);
    let matched = 0;
    if (sale.status === 'active') {
      for (const itemId of await this.items.unsoldInSale(manager, sale.id)) {
        matched += (await this.matches.matchItem(manager, itemId, now)).filter((match) => match.email_status === 'pending').length;
      }
    }
    if (alerted + matched > 0) this.emails.soon();
  }

  private async alertFollowers(manager: EntityManager, before: SaleRow, sale: SaleSnapshot, version: number, now: Date): Promise<number> {
    const common = { saleId: sale.id, ownerId: sale.user_id, version, today: usToday(now) };
    if (sale.status === 'cancelled' && before.status !== 'cancelled') {
      return this.saleAlerts.record(manager, {
        ...common,
        kind: 'sale_cancelled',
        title: `Cancelled: ${sale.title}`,
        message: `The garage sale "${sale.title}" in ${sale.city}, ${sale.state} has been cancelled by its host.`,
        changes: [],
      });
    }
    const changes = scheduleChanges(before, sale);
    if (changes.length === 0 || sale.status === 'cancelled') return 0;
    return this.saleAlerts.record(manager, {
      ...common,
      kind: 'sale_changed',
      title: `New dates or hours: ${sale.title}`,
      message: `${describeScheduleChange(before, sale)} (${sale.title}, ${sale.city}, ${sale.state})`,
      changes,
    });
  }
}
