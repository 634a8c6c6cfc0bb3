import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { ProjectionWaiter, UserProjection } from '@garage/event-bus';
import { InjectDataSource } from '@garage/service-kit';

/** The items service's copy of users (see `UserProjection`): sellers shown with items, and who is premium. */
@Injectable()
export class UsersRepository extends UserProjection {
  constructor(@InjectDataSource() dataSource: DataSource, @Inject(ProjectionWaiter) projections: ProjectionWaiter) {
    super(dataSource, projections, { touched: true });
  }
}
