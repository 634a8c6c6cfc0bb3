import { Inject, Injectable } from '@nestjs/common';
import type { SaleStats } from '@garage/contracts';
import { notFound, OwnerUnreachable, Owners, readViews } from '@garage/service-kit';
import { SalesRepository } from '../sales/sales.repository.js';
import { CheckInsRepository } from '../live-status/check-ins.repository.js';
import { SaleViews, saleScope } from './sale-views.js';

const SALE_NOT_FOUND = 'Sale not found';

/**
 * What a sale's listing did, for its host. Each service counts what it owns: sales the reads of
 * the sale and their distinct viewers (and the check-ins), items the reads of each item, the
 * reservations and pickups, shopper the saves, route plans and alert matches. Sales asks the two
 * others at once and adds up; either one not answering is a 503, never a page of wrong zeros.
 */
@Injectable()
export class SaleStatsService {
  constructor(
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(SaleViews) private readonly views: SaleViews,
    @Inject(CheckInsRepository) private readonly checkIns: CheckInsRepository,
    @Inject(Owners) private readonly owners: Owners,
  ) {}

  async of(saleId: number, userId: number): Promise<SaleStats> {
    const sale = await this.sales.find(saleId);
    // Another member's sale is as unknown to the caller as one that does not exist.
    if (!sale || sale.user_id !== userId) throw notFound(SALE_NOT_FOUND);
    const [counts, checkIns, items, shopper] = await Promise.all([
      readViews(this.views.counter, saleScope(saleId)),
      this.checkIns.checkInTotals(saleId),
      this.owners.itemsSaleStats(saleId).then((part) => part ?? unanswered('items')),
      this.owners.shopperSaleStats(saleId).then((part) => part ?? unanswered('shopper')),
    ]);
    const byDay = Object.entries(counts.viewers)
      .map(([date, uniqueViewers]) => ({
        date,
        views: counts.views.filter((view) => view.day === date).reduce((sum, view) => sum + view.count, 0),
        uniqueViewers,
      }))
      .sort((a, b) => a.date.localeCompare(b.date));
    return {
      views: byDay.reduce((sum, day) => sum + day.views, 0),
      // Once a day each: the days' distinct viewers added up.
      uniqueViewers: byDay.reduce((sum, day) => sum + day.uniqueViewers, 0),
      saves: shopper.saves,
      plans: shopper.plans,
      alertMatches: shopper.alertMatches,
      reservations: items.reservations,
      pickups: items.pickups,
      checkIns: { going: checkIns.going, notGoing: checkIns.notGoing },
      items: items.items,
      byDay,
    };
  }
}

/** Items and shopper answer every sale id (nothing counted: zeros), so a 404 is one without this path yet (a rolling upgrade). */
function unanswered(owner: string): never {
  throw new OwnerUnreachable(owner);
}
