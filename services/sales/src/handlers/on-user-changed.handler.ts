import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { carriesUserSnapshot, USER_SNAPSHOT_EVENTS, type AnyEvent } from '@garage/contracts';
import { InboxContext, InboxHandler } from '@garage/service-kit';
import { UsersRepository } from '../users/users.repository.js';

/** Keeps the seller details and premium expiry of every user current (event-carried state). */
@Controller()
export class OnUserChangedHandler {
  constructor(@Inject(UsersRepository) private readonly users: UsersRepository) {}

  @InboxHandler('sales.user-projection', [...USER_SNAPSHOT_EVENTS])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager } = InboxContext.of(context);
    if (carriesUserSnapshot(event)) await this.users.upsert(manager, event.data, event.version);
  }
}
