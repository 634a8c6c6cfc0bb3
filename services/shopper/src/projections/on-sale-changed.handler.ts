import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AnyEvent, EventType, SaleSnapshot } from '@garage/contracts';
import type { EventHandler } from '@garage/event-bus';
import { Clock, dateAtOffset } from '@garage/service-kit';
import { SaleAlertsRepository } from '../alerts/sale-alerts.repository.js';
import { describeScheduleChange, scheduleChanges } from '../alerts/sale-changes.js';
import { MatchesRepository } from '../matching/matches.repository.js';
import { AlertEmailJob } from '../notifications/alert-email.job.js';
import { ItemsRepository } from './items.repository.js';
import { lockSale } from './sale-lock.js';
import { SalesRepository, type SaleRow } from './sales.repository.js';

/** Plans and "today" are US dates; a day is over only once it is over in Hawaii (UTC−10). */
const LATEST_US_OFFSET_HOURS = -10;

/**
 * Keeps the sales projection current, and acts on what a new version of a sale means for shoppers:
 * - cancelled → a `sale_cancelled` alert for its followers;
 * - dates or hours changed → a `sale_changed` alert saying what changed, from → to (a change of
 *   title, description or place alone alerts nobody);
 * - active → its items are visible in search: each is matched against the saved searches (the
 *   unique alert per search and item makes it harmless when they were matched before).
 * A stale snapshot (older version) changes nothing.
 */
@Injectable()
export class OnSaleChangedHandler implements EventHandler {
  readonly id = 'shopper.sale-changed';
  readonly events: EventType[] = ['sale.created', 'sale.updated'];

  constructor(
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
    @Inject(MatchesRepository) private readonly matches: MatchesRepository,
    @Inject(SaleAlertsRepository) private readonly saleAlerts: SaleAlertsRepository,
    @Inject(AlertEmailJob) private readonly emails: AlertEmailJob,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async handle(event: AnyEvent, manager: EntityManager): Promise<void> {
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
    const common = { saleId: sale.id, ownerId: sale.user_id, version, today: dateAtOffset(now, LATEST_US_OFFSET_HOURS) };
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
