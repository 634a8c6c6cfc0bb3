import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AnyEvent, EventType } from '@garage/contracts';
import type { EventHandler } from '@garage/event-bus';
import { UsersRepository } from '../users/users.repository.js';

/** Keeps the seller details and premium expiry of every user current (event-carried state). */
@Injectable()
export class OnUserChangedHandler implements EventHandler {
  readonly id = 'sales.user-projection';
  readonly events: EventType[] = ['user.registered', 'user.updated', 'user.premium_activated'];

  constructor(@Inject(UsersRepository) private readonly users: UsersRepository) {}

  async handle(event: AnyEvent, manager: EntityManager): Promise<void> {
    switch (event.type) {
      case 'user.registered':
      case 'user.updated':
      case 'user.premium_activated':
        await this.users.apply(manager, event.version, event.data);
        break;
      default:
        break;
    }
  }
}
