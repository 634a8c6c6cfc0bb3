import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { carriesUserSnapshot, USER_SNAPSHOT_EVENTS, type AnyEvent } from '@garage/contracts';
import { InboxContext, InboxHandler } from '@garage/service-kit';
import { UsersRepository } from '../users/users.repository.js';

/** Keeps the users projection current: the address each member's notices are emailed to. */
@Controller()
export class OnUserChangedHandler {
  constructor(@Inject(UsersRepository) private readonly users: UsersRepository) {}

  @InboxHandler('notifications.user-changed', [...USER_SNAPSHOT_EVENTS])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    if (!carriesUserSnapshot(event)) return;
    await this.users.upsert(InboxContext.of(context).manager, event.data, event.version);
  }
}
