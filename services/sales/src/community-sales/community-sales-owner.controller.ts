import { Controller, Get, Inject, Param } from '@nestjs/common';
import type { CommunitySaleInternal } from '@garage/contracts';
import { IdPipe } from '@garage/service-kit';
import { CommunitySalesService } from './community-sales.service.js';

/**
 * This service's word on one community sale and the sales in it (ids, numbers, standing), for a
 * service whose projection has not heard of it yet. Under `/internal`, which the gateway never routes.
 */
@Controller('internal/community-sales')
export class CommunitySalesOwnerController {
  constructor(@Inject(CommunitySalesService) private readonly communitySales: CommunitySalesService) {}

  @Get(':id')
  communitySale(@Param('id', IdPipe) id: number): Promise<CommunitySaleInternal> {
    return this.communitySales.internal(id);
  }
}
