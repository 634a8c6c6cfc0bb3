import { Controller, Get, Inject, Param } from '@nestjs/common';
import type { UserSnapshot } from '@garage/contracts';
import { IdPipe, notFound } from '@garage/service-kit';
import { toSnapshot } from './user.row.js';
import { UsersRepository } from './users.repository.js';

/**
 * This service's word on one user (premium expiry included), for a service whose copy would refuse
 * the user or has not heard of them yet (see `Owners` in service-kit): the snapshot its events
 * carry, or 404. Under `/internal`, which the gateway never routes.
 */
@Controller('internal/users')
export class UsersOwnerController {
  constructor(@Inject(UsersRepository) private readonly users: UsersRepository) {}

  @Get(':id')
  async user(@Param('id', IdPipe) id: number): Promise<UserSnapshot> {
    const user = await this.users.findById(id);
    if (!user) throw notFound('User not found');
    return toSnapshot(user);
  }
}
