import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { AnyEvent } from '@garage/contracts';
import { InboxContext, InboxHandler } from '@garage/service-kit';
import { UsersRepository } from '../users/users.repository.js';

/** Keeps the users projection current: the address each member's notices are emailed to. */
@Controller()
export class OnUserChangedHandler {
  constructor(@Inject(UsersRepository) private readonly users: UsersRepository) {}

  @InboxHandler('notifications.user-changed', ['user.registered', 'user.updated', 'user.premium_activated', 'user.premium_ended'])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    if (
      event.type !== 'user.registered' &&
      event.type !== 'user.updated' &&
      event.type !== 'user.premium_activated' &&
      event.type !== 'user.premium_ended'
    )
      return;
    await this.users.upsert(InboxContext.of(context).manager, event.data, event.version);
  }
}
