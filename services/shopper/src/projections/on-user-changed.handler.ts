import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AnyEvent, EventType } from '@garage/contracts';
import type { EventHandler } from '@garage/event-bus';
import { UsersRepository } from './users.repository.js';

/** Keeps the users projection current: sellers' names, premium status, email addresses. */
@Injectable()
export class OnUserChangedHandler implements EventHandler {
  readonly id = 'shopper.user-changed';
  readonly events: EventType[] = ['user.registered', 'user.updated', 'user.premium_activated'];

  constructor(@Inject(UsersRepository) private readonly users: UsersRepository) {}

  async handle(event: AnyEvent, manager: EntityManager): Promise<void> {
    if (event.type !== 'user.registered' && event.type !== 'user.updated' && event.type !== 'user.premium_activated') return;
    await this.users.upsert(manager, event.data, event.version);
  }
}
