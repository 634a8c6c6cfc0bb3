import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AnyEvent, EventType } from '@garage/contracts';
import type { EventHandler } from '@garage/event-bus';
import { Clock } from '@garage/service-kit';
import { MatchesRepository } from '../matching/matches.repository.js';
import { UsersRepository } from './users.repository.js';

/**
 * Keeps the users projection current: sellers' names, premium status, email addresses. A member
 * whose premium comes back after a lapse gets the matches their saved searches missed meanwhile.
 */
@Injectable()
export class OnUserChangedHandler implements EventHandler {
  readonly id = 'shopper.user-changed';
  readonly events: EventType[] = ['user.registered', 'user.updated', 'user.premium_activated'];

  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(MatchesRepository) private readonly matches: MatchesRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async handle(event: AnyEvent, manager: EntityManager): Promise<void> {
    if (event.type !== 'user.registered' && event.type !== 'user.updated' && event.type !== 'user.premium_activated') return;
    const before = await this.users.premiumExpiry(manager, event.data.id);
    if (!(await this.users.upsert(manager, event.data, event.version))) return;
    const now = this.clock.now();
    const expiresAt = event.data.premiumExpiresAt ? new Date(event.data.premiumExpiresAt) : null;
    // A renewal after a lapse: premium had ended (before now) and is current again.
    if (before && before < now && expiresAt && expiresAt > now) await this.matches.catchUp(manager, event.data.id, before, now);
  }
}
