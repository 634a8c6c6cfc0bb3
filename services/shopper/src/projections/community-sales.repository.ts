import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { CommunitySaleProjection } from '@garage/event-bus';
import { InjectDataSource, Owners } from '@garage/service-kit';

/** The shopper service's copy of community sales (see `CommunitySaleProjection`): follows, notices, plans. */
@Injectable()
export class CommunitySalesRepository extends CommunitySaleProjection {
  constructor(@InjectDataSource() dataSource: DataSource, @Inject(Owners) owners: Owners) {
    super(dataSource, (id) => owners.communitySale(id));
  }
}
