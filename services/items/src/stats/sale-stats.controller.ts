import { Controller, Get, Inject, Param } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { ItemsSaleStats } from '@garage/contracts';
import { IdPipe, InjectDataSource } from '@garage/service-kit';
import { ItemViews } from './item-views.js';

/**
 * Items' part of a sale's stats, for the sales service (which checks the host and adds the parts
 * up): views of each item, reservations of its items and pickups. Every sale id has an answer (zeros
 * when nothing was counted). Under `/internal`, which the gateway never routes.
 */
@Controller('internal/sales')
export class SaleStatsOwnerController {
  constructor(
    @Inject(ItemViews) private readonly views: ItemViews,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @Get(':id/stats')
  async stats(@Param('id', IdPipe) saleId: number): Promise<ItemsSaleStats> {
    const [items, [row]] = await Promise.all([
      this.views.ofSale(saleId),
      this.dataSource.query(
        `SELECT count(*)::int AS reservations, count(*) FILTER (WHERE status = 'collected')::int AS pickups
           FROM reservations WHERE sale_id = $1`,
        [saleId],
      ),
    ]);
    return { items, reservations: row?.reservations ?? 0, pickups: row?.pickups ?? 0 };
  }
}
