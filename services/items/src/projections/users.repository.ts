import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { UserProjection } from '@garage/event-bus';
import { InjectDataSource, Owners } from '@garage/service-kit';

/** The items service's copy of users (see `UserProjection`): sellers shown with items, and who is premium. */
@Injectable()
export class UsersRepository extends UserProjection {
  constructor(@InjectDataSource() dataSource: DataSource, @Inject(Owners) owners: Owners) {
    super(dataSource, (userId) => owners.membership(userId));
  }
}
