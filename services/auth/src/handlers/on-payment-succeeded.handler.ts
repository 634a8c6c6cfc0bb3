import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { AnyEvent } from '@garage/contracts';
import { InboxContext, InboxHandler, LOGGER, type Logger } from '@garage/service-kit';
import { toSnapshot } from '../users/user.row.js';
import { PremiumRepository } from '../premium/premium.repository.js';

/**
 * Premium status follows payments: each `payment.succeeded` sets the buyer's premium expiry to the
 * one payments computed and answered the buyer with (taking the later of it and the stored one),
 * then publishes `user.premium_activated` so other services update their copy of the user.
 *
 * Applied once per message by the inbox, and once per payment intent by `applied_payments`, so the
 * same payment published twice under two message ids still extends premium once.
 */
@Controller()
export class OnPaymentSucceededHandler {
  constructor(
    @Inject(PremiumRepository) private readonly premium: PremiumRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @InboxHandler('auth.premium.on-payment-succeeded', ['payment.succeeded'])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager, emit } = InboxContext.of(context);
    if (event.type !== 'payment.succeeded') return;
    const { paymentIntentId, userId } = event.data;
    const premiumExpiresAt = new Date(event.data.premiumExpiresAt);
    if (Number.isNaN(premiumExpiresAt.getTime())) {
      // A message that can never apply: refuse it, so the broker dead-letters it for a person to see.
      throw new Error(`payment.succeeded ${event.id} carries an invalid premiumExpiresAt`);
    }
    if (!(await this.premium.markApplied(manager, { paymentIntentId, userId, premiumExpiresAt, membershipVersion: event.version }))) return;
    // Older than a refund already applied: that refund ended this period too.
    if (await this.premium.refundedSince(manager, userId, event.version)) return;

    const change = await this.premium.extendUntil(manager, userId, premiumExpiresAt);
    if (change.outcome === 'unknown-user') {
      this.logger.warn({ eventId: event.id, userId, paymentIntentId }, 'payment for an unknown user; nothing to apply');
      return;
    }
    // Recorded in the inbox's transaction, with the consumer's trace: it continues the payment's.
    if (change.outcome === 'extended') emit('user.premium_activated', change.user.version, toSnapshot(change.user));
  }
}
