import { Inject, Injectable } from '@nestjs/common';
import type { ItemsSaleStats } from '@garage/contracts';
import { ItemViews } from './item-views.js';
import { SaleStatsRepository } from './sale-stats.repository.js';

/** Items' part of a sale's stats: views of each item (Redis), reservations and pickups (its rows). */
@Injectable()
export class SaleStatsService {
  constructor(
    @Inject(ItemViews) private readonly views: ItemViews,
    @Inject(SaleStatsRepository) private readonly repository: SaleStatsRepository,
  ) {}

  async of(saleId: number): Promise<ItemsSaleStats> {
    const [items, reservations] = await Promise.all([this.views.ofSale(saleId), this.repository.reservations(saleId)]);
    return { items, ...reservations };
  }
}
