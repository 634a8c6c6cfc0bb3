import { Controller, Get, Param } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { ShopperSaleStats } from '@garage/contracts';
import { IdPipe, InjectDataSource } from '@garage/service-kit';

/**
 * Shopper's part of a sale's stats, for the sales service (which checks the host and adds the parts
 * up), counted from what shopper keeps: the sale's favourites (saves), the route plans that include
 * it, and the saved-search matches of its items. Every sale id has an answer (zeros when there is
 * nothing). Under `/internal`, which the gateway never routes.
 */
@Controller('internal/sales')
export class SaleStatsOwnerController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get(':id/stats')
  async stats(@Param('id', IdPipe) saleId: number): Promise<ShopperSaleStats> {
    const [row] = await this.dataSource.query(
      `SELECT (SELECT count(*)::int FROM favorite_sales WHERE sale_id = $1) AS saves,
              (SELECT count(DISTINCT plan_id)::int FROM route_plan_sales WHERE sale_id = $1) AS plans,
              (SELECT count(*)::int FROM matches WHERE sale_id = $1) AS alert_matches`,
      [saleId],
    );
    return { saves: row?.saves ?? 0, plans: row?.plans ?? 0, alertMatches: row?.alert_matches ?? 0 };
  }
}
