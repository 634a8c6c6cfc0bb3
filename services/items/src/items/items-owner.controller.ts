import { Controller, Get, Inject, Param } from '@nestjs/common';
import type { ItemSnapshot } from '@garage/contracts';
import { IdPipe, notFound } from '@garage/service-kit';
import { toSnapshot } from './item.row.js';
import { ItemsRepository } from './items.repository.js';

/**
 * This service's word on one item, for a service whose copy has not heard of it yet (see `Owners`
 * in service-kit): the snapshot its events carry, or 404. Under `/internal`, which the gateway
 * never routes.
 */
@Controller('internal/items')
export class ItemsOwnerController {
  constructor(@Inject(ItemsRepository) private readonly items: ItemsRepository) {}

  @Get(':id')
  async item(@Param('id', IdPipe) id: number): Promise<ItemSnapshot> {
    const row = await this.items.findById(id);
    if (!row) throw notFound('Item not found');
    return toSnapshot(row);
  }
}
