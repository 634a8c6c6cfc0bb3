import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { carriesUserSnapshot, USER_SNAPSHOT_EVENTS, type AnyEvent } from '@garage/contracts';
import { Clock, InboxContext, InboxHandler } from '@garage/service-kit';
import { MatchesRepository } from '../matching/matches.repository.js';
import { requestMatchNotices } from '../notices/match-notices.js';
import { UsersRepository } from '../projections/users.repository.js';

/**
 * Keeps the users projection current: sellers' names and premium status. A member
 * whose premium comes back after a lapse gets the matches their saved searches missed meanwhile.
 */
@Controller()
export class OnUserChangedHandler {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(MatchesRepository) private readonly matches: MatchesRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @InboxHandler('shopper.user-changed', [...USER_SNAPSHOT_EVENTS])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager, emit } = InboxContext.of(context);
    if (!carriesUserSnapshot(event)) return;
    const before = await this.users.lockPremiumExpiry(manager, event.data.id);
    if (!(await this.users.upsert(manager, event.data, event.version))) return;
    const now = this.clock.now();
    const expiresAt = event.data.premiumExpiresAt ? new Date(event.data.premiumExpiresAt) : null;
    // A renewal after a lapse: premium had ended (before now) and is current again.
    if (before && before < now && expiresAt && expiresAt > now)
      requestMatchNotices(emit, await this.matches.catchUp(manager, event.data.id, before, now));
  }
}
