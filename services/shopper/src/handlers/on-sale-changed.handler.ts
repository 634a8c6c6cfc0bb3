import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from 'typeorm';
import { usToday, type AnyEvent, type SaleSnapshot } from '@garage/contracts';
import { Clock, InboxContext, InboxHandler } from '@garage/service-kit';
import type { Emit, SaleRow } from '@garage/event-bus';
import { MatchesRepository } from '../matching/matches.repository.js';
import { requestMatchNotices } from '../notices/match-notices.js';
import { DropOutNotices } from '../notices/drop-out-notices.js';
import { describeScheduleChange, scheduleChanges } from '../notices/sale-changes.js';
import { SaleNoticesRepository } from '../notices/sale-notices.repository.js';
import { ItemsRepository } from '../projections/items.repository.js';
import { lockSale } from '../projections/sale-lock.js';
import { SalesRepository } from '../projections/sales.repository.js';

/**
 * Keeps the sales projection current, and acts on what a new version of a sale means for shoppers:
 * - dropped out of its day (closed early, cancelled, likely over) → see `DropOutNotices`;
 * - cancelled → a `sale_cancelled` notice for its followers not told of the drop-out already;
 * - dates or hours changed → a `sale_changed` notice saying what changed, from → to (a change of
 *   title, description or place alone tells nobody), unless its community sale moved it to the
 *   rain date (its people are told once about the community sale instead);
 * - active → its items are visible in search: each is matched against the saved searches (the
 *   unique match per search and item makes it harmless when they were matched before).
 * A stale snapshot (older version) changes nothing.
 */
@Controller()
export class OnSaleChangedHandler {
  constructor(
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
    @Inject(MatchesRepository) private readonly matches: MatchesRepository,
    @Inject(SaleNoticesRepository) private readonly saleNotices: SaleNoticesRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(DropOutNotices) private readonly dropOuts: DropOutNotices,
  ) {}

  @InboxHandler('shopper.sale-changed', ['sale.created', 'sale.updated'])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager, emit } = InboxContext.of(context);
    if (event.type !== 'sale.created' && event.type !== 'sale.updated') return;
    const sale = event.data;
    await lockSale(manager, sale.id);
    const before = await this.sales.find(sale.id, manager);
    if (!(await this.sales.upsert(manager, sale, event.version))) return;

    const now = this.clock.now();
    // A sale moved with its community sale: its people are told once, about the community sale
    // (`community_sale.moved_to_rain_date`), not once more for each of its sales.
    const movedWithCommunitySale = event.type === 'sale.updated' && event.data.cause?.change === 'moved_to_rain_date';
    const told = await this.dropOuts.request(manager, emit, before, sale, event.version, now);
    if (before && !before.deleted && !movedWithCommunitySale)
      await this.tellFollowers(manager, emit, before, sale, event.version, now, told);
    if (sale.status === 'active') {
      for (const itemId of await this.items.unsoldInSale(manager, sale.id)) {
        requestMatchNotices(emit, await this.matches.matchItem(manager, itemId, now));
      }
    }
  }

  private async tellFollowers(
    manager: EntityManager,
    emit: Emit,
    before: SaleRow,
    sale: SaleSnapshot,
    version: number,
    now: Date,
    told: ReadonlySet<number>,
  ): Promise<number> {
    const common = { saleId: sale.id, ownerId: sale.user_id, version, today: usToday(now) };
    if (sale.status === 'cancelled' && before.status !== 'cancelled') {
      return this.saleNotices.request(manager, emit, {
        ...common,
        kind: 'sale_cancelled',
        title: `Cancelled: ${sale.title}`,
        message: `The garage sale "${sale.title}" in ${sale.city}, ${sale.state} has been cancelled by its host.`,
        changes: [],
        except: told,
      });
    }
    const changes = scheduleChanges(before, sale);
    if (changes.length === 0 || sale.status === 'cancelled') return 0;
    return this.saleNotices.request(manager, emit, {
      ...common,
      kind: 'sale_changed',
      title: `New dates or hours: ${sale.title}`,
      message: `${describeScheduleChange(before, sale)} (${sale.title}, ${sale.city}, ${sale.state})`,
      changes,
    });
  }
}
