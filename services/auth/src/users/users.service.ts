import { Inject, Injectable } from '@nestjs/common';
import type { ProfileBody, User } from '@garage/contracts';
import { Outbox } from '@garage/event-bus';
import { Clock, notFound } from '@garage/service-kit';
import { toSnapshot, toUser } from './user.row.js';
import { UsersRepository } from './users.repository.js';

@Injectable()
export class UsersService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async me(userId: number): Promise<User> {
    const user = await this.users.findById(userId);
    // A valid token of a deleted account: the account is gone, so the session is over.
    if (!user) throw notFound('User not found');
    return toUser(user, this.clock.now());
  }

  async updateProfile(userId: number, profile: ProfileBody): Promise<User> {
    const user = await this.outbox.transaction(async (manager, emit) => {
      const updated = await this.users.updateProfile(manager, userId, profile);
      if (!updated) throw notFound('User not found');
      emit('user.updated', updated.version, toSnapshot(updated));
      return updated;
    });
    return toUser(user, this.clock.now());
  }
}
