import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { carriesUserSnapshot, USER_SNAPSHOT_EVENTS, type AnyEvent } from '@garage/contracts';
import { InboxContext, InboxHandler } from '@garage/service-kit';
import { UsersRepository } from '../projections/users.repository.js';

/** Keeps the users projection current: sellers shown with items, and who is premium. */
@Controller()
export class OnUserChangedHandler {
  constructor(@Inject(UsersRepository) private readonly users: UsersRepository) {}

  @InboxHandler('items.user-changed', [...USER_SNAPSHOT_EVENTS])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager } = InboxContext.of(context);
    if (!carriesUserSnapshot(event)) return;
    await this.users.upsert(manager, event.data, event.version);
  }
}
