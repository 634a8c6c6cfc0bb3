import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { SaleProjection } from '@garage/event-bus';
import { InjectDataSource, Owners } from '@garage/service-kit';

/** The shopper service's copy of sales (see `SaleProjection`): what Saved pages, plans and alerts show. */
@Injectable()
export class SalesRepository extends SaleProjection {
  constructor(@InjectDataSource() dataSource: DataSource, @Inject(Owners) owners: Owners) {
    super(dataSource, (id) => owners.sale(id));
  }
}
