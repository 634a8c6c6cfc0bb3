import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { UserProjection } from '@garage/event-bus';
import { InjectDataSource, Owners } from '@garage/service-kit';

/**
 * The shopper service's copy of users (see `UserProjection`): names for sale cards and premium
 * status. (Its `email` and `sale_update_emails` columns are no longer read: notices are the
 * notifications service's.)
 */
@Injectable()
export class UsersRepository extends UserProjection {
  constructor(@InjectDataSource() dataSource: DataSource, @Inject(Owners) owners: Owners) {
    super(dataSource, (userId) => owners.membership(userId));
  }
}
