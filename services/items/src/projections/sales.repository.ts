import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { SaleProjection } from '@garage/event-bus';
import { InjectDataSource, Owners } from '@garage/service-kit';

/**
 * The items service's copy of sales (see `SaleProjection`): which sales exist and who hosts them,
 * to accept a write naming one; search reads their place and dates from the items they hold.
 */
@Injectable()
export class SalesRepository extends SaleProjection {
  constructor(@InjectDataSource() dataSource: DataSource, @Inject(Owners) owners: Owners) {
    super(dataSource, (id) => owners.sale(id));
  }
}
