import { Controller, Get, Inject, Param } from '@nestjs/common';
import type { SaleStats, TokenClaims } from '@garage/contracts';
import { CurrentUser, IdPipe, SignedIn } from '@garage/service-kit';
import { SaleStatsService } from './sale-stats.service.js';

@Controller('api/sales')
export class SaleStatsController {
  constructor(@Inject(SaleStatsService) private readonly stats: SaleStatsService) {}

  /** The host's only: another member gets 404, a visitor 401. */
  @Get(':id/stats')
  @SignedIn()
  get(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number): Promise<SaleStats> {
    return this.stats.of(id, caller.userId);
  }
}
