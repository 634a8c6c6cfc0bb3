import { Controller, Get, Inject, Param } from '@nestjs/common';
import type { ShopperSaleStats } from '@garage/contracts';
import { IdPipe } from '@garage/service-kit';
import { SaleStatsRepository } from './sale-stats.repository.js';

/**
 * Shopper's part of a sale's stats, for the sales service (which checks the host and adds the parts
 * up), counted from what shopper keeps: the sale's favourites (saves), the route plans that include
 * it, and the saved-search matches of its items. Every sale id has an answer (zeros when there is
 * nothing). Under `/internal`, which the gateway never routes.
 */
@Controller('internal/sales')
export class SaleStatsOwnerController {
  constructor(@Inject(SaleStatsRepository) private readonly stats: SaleStatsRepository) {}

  @Get(':id/stats')
  ofSale(@Param('id', IdPipe) saleId: number): Promise<ShopperSaleStats> {
    return this.stats.of(saleId);
  }
}
