import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { AnyEvent } from '@garage/contracts';
import { InboxContext, InboxHandler } from '@garage/service-kit';
import { UsersRepository } from '../users/users.repository.js';

/** Keeps the seller details and premium expiry of every user current (event-carried state). */
@Controller()
export class OnUserChangedHandler {
  constructor(@Inject(UsersRepository) private readonly users: UsersRepository) {}

  @InboxHandler('sales.user-projection', ['user.registered', 'user.updated', 'user.premium_activated', 'user.premium_ended'])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager } = InboxContext.of(context);
    switch (event.type) {
      case 'user.registered':
      case 'user.updated':
      case 'user.premium_activated':
      case 'user.premium_ended':
        await this.users.upsert(manager, event.data, event.version);
        break;
      default:
        break;
    }
  }
}
