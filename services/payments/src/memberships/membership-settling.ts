import { Inject, Injectable } from '@nestjs/common';
import type { MemberPremium, UserSnapshot } from '@garage/contracts';
import { LOGGER, Owners, SERVICE_CONFIG, type Logger } from '@garage/service-kit';
import type { PaymentsConfig } from '../config.js';
import { MembershipStanding } from './membership-standing.js';

/**
 * After a payment or a refund the member is waiting on, holds the answer (at most
 * MEMBERSHIP_SETTLE_MS) until auth's profile shows the premium expiry payments now holds, so the
 * member's own profile (`isPremium`, which the SPA shows) agrees with the answer they get. Best
 * effort: the premium-only calls of every service already ask payments itself, so past the bound,
 * or with auth unreachable, the answer goes out anyway and the profile follows a moment later.
 */
@Injectable()
export class MembershipSettling {
  constructor(
    @Inject(MembershipStanding) private readonly standing: MembershipStanding,
    @Inject(Owners) private readonly owners: Owners,
    @Inject(SERVICE_CONFIG) private readonly config: PaymentsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Resolves once auth agrees with payments on the member's premium, or the bound has passed; never rejects. */
  async settle(userId: number): Promise<void> {
    const bound = this.config.MEMBERSHIP_SETTLE_MS;
    if (bound === 0) return;
    const started = Date.now();
    const deadline = started + bound;
    try {
      const held = await this.standing.of(userId);
      for (let pause = 10; ; pause = Math.min(pause * 2, 100)) {
        const user = await this.owners.user(userId, { once: true, timeoutMs: Math.max(deadline - Date.now(), 1) });
        // A member auth does not know has no profile to agree.
        if (!user || agrees(user, held)) return;
        await new Promise((resolve) => setTimeout(resolve, Math.max(Math.min(pause, deadline - Date.now()), 0)));
        if (Date.now() >= deadline) break;
      }
      // The events between payments and auth are slower than they should be (a broker or consumer lagging).
      this.logger.warn(
        { userId, waitedMs: Date.now() - started },
        "auth's profile did not show the membership within MEMBERSHIP_SETTLE_MS",
      );
    } catch (error) {
      // Auth unreachable: nothing to wait for.
      this.logger.info({ userId, err: String(error) }, "auth's profile could not be checked after a membership change");
    }
  }
}

/**
 * Whether auth's user shows what payments holds: a running period's end (or a later one: auth
 * never shortens premium for a late message), or, for a period that has ended (a refund), an end
 * no later than payments'.
 */
function agrees(user: UserSnapshot, held: MemberPremium): boolean {
  const shown = user.premiumExpiresAt ? Date.parse(user.premiumExpiresAt) : null;
  const end = held.premiumExpiresAt ? Date.parse(held.premiumExpiresAt) : null;
  if (held.isPremium) return shown !== null && end !== null && shown >= end;
  return shown === null || (end !== null && shown <= end);
}
