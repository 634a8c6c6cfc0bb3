import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { UserProjection } from '@garage/event-bus';
import { InjectDataSource, Owners } from '@garage/service-kit';

/**
 * This service's copy of auth's users (see `UserProjection`): the seller details shown on sales and
 * the premium expiry that sets a caller's browse radius. Its table has neither `rating_count` nor
 * `updated_at`.
 */
@Injectable()
export class UsersRepository extends UserProjection {
  constructor(@InjectDataSource() dataSource: DataSource, @Inject(Owners) owners: Owners) {
    super(dataSource, (userId) => owners.membership(userId));
  }
}
