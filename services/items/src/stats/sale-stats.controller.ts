import { Controller, Get, Inject, Param } from '@nestjs/common';
import type { ItemsSaleStats } from '@garage/contracts';
import { IdPipe } from '@garage/service-kit';
import { SaleStatsService } from './sale-stats.service.js';

/**
 * Items' part of a sale's stats, for the sales service (which checks the host and adds the parts
 * up): views of each item, reservations of its items and pickups. Every sale id has an answer (zeros
 * when nothing was counted). Under `/internal`, which the gateway never routes.
 */
@Controller('internal/sales')
export class SaleStatsOwnerController {
  constructor(@Inject(SaleStatsService) private readonly stats: SaleStatsService) {}

  @Get(':id/stats')
  ofSale(@Param('id', IdPipe) saleId: number): Promise<ItemsSaleStats> {
    return this.stats.of(saleId);
  }
}
