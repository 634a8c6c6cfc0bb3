import { Controller, Get, Inject, Param } from '@nestjs/common';
import type { SaleSnapshot } from '@garage/contracts';
import { IdPipe, notFound } from '@garage/service-kit';
import { toSnapshot } from './sale.row.js';
import { SalesRepository } from './sales.repository.js';

/**
 * This service's word on one sale, for a service whose copy has not heard of it yet (see `Owners`
 * in service-kit): the snapshot its events carry, or 404. Under `/internal`, which the gateway
 * never routes.
 */
@Controller('internal/sales')
export class SalesOwnerController {
  constructor(@Inject(SalesRepository) private readonly sales: SalesRepository) {}

  @Get(':id')
  async sale(@Param('id', IdPipe) id: number): Promise<SaleSnapshot> {
    const record = await this.sales.find(id);
    if (!record) throw notFound('Sale not found');
    return toSnapshot(record);
  }
}
