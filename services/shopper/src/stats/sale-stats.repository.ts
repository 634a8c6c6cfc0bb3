import { Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { ShopperSaleStats } from '@garage/contracts';
import { InjectDataSource } from '@garage/service-kit';

/** What shopper keeps about one sale, counted: its favourites, the route plans with it, the matches of its items. */
@Injectable()
export class SaleStatsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async of(saleId: number): Promise<ShopperSaleStats> {
    const [row] = await this.dataSource.query(
      `SELECT (SELECT count(*)::int FROM favorite_sales WHERE sale_id = $1) AS saves,
              (SELECT count(DISTINCT plan_id)::int FROM route_plan_sales WHERE sale_id = $1) AS plans,
              (SELECT count(*)::int FROM matches WHERE sale_id = $1) AS alert_matches`,
      [saleId],
    );
    return { saves: row?.saves ?? 0, plans: row?.plans ?? 0, alertMatches: row?.alert_matches ?? 0 };
  }
}
