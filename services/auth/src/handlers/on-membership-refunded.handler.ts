import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { AnyEvent } from '@garage/contracts';
import { InboxContext, InboxHandler, LOGGER, type Logger } from '@garage/service-kit';
import { PremiumRepository } from '../premium/premium.repository.js';
import { toSnapshot } from '../users/user.row.js';

/**
 * A refunded membership (30-day money-back) ends premium at the refund's moment: auth sets the
 * expiry payments sent, and publishes `user.premium_ended` with the user snapshot so every
 * service's copy of `isPremium` follows. Once per refunded payment.
 */
@Controller()
export class OnMembershipRefundedHandler {
  constructor(
    @Inject(PremiumRepository) private readonly premium: PremiumRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @InboxHandler('auth.premium.on-membership-refunded', ['membership.refunded'])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager, emit } = InboxContext.of(context);
    if (event.type !== 'membership.refunded') return;
    const { paymentIntentId, userId } = event.data;
    const premiumExpiresAt = new Date(event.data.premiumExpiresAt);
    if (Number.isNaN(premiumExpiresAt.getTime())) throw new Error(`membership.refunded ${event.id} carries an invalid premiumExpiresAt`);
    const refund = { paymentIntentId, userId, premiumExpiresAt, membershipVersion: event.version };
    if (!(await this.premium.markRefunded(manager, refund))) return;
    const change = await this.premium.endAt(manager, userId, premiumExpiresAt, event.version);
    if (change.outcome === 'unknown-user') {
      this.logger.warn({ eventId: event.id, userId, paymentIntentId }, 'refund for an unknown user; nothing to apply');
      return;
    }
    if (change.outcome === 'ended') emit('user.premium_ended', change.user.version, toSnapshot(change.user));
  }
}
