import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AnyEvent, EventType } from '@garage/contracts';
import type { Emit, EventHandler } from '@garage/event-bus';
import { LOGGER, type Logger } from '@garage/service-kit';
import { toSnapshot } from '../users/user.entity.js';
import { PremiumRepository } from './premium.repository.js';

/**
 * Premium status follows payments: each `payment.succeeded` sets the buyer's premium expiry to the
 * one payments computed and answered the buyer with (taking the later of it and the stored one),
 * then publishes `user.premium_activated` so other services update their copy of the user.
 *
 * Applied once per message by the inbox, and once per payment intent by `applied_payments`, so the
 * same payment published twice under two message ids still extends premium once.
 */
@Injectable()
export class OnPaymentSucceededHandler implements EventHandler {
  readonly id = 'auth.premium.on-payment-succeeded';
  readonly events: EventType[] = ['payment.succeeded'];

  constructor(
    @Inject(PremiumRepository) private readonly premium: PremiumRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async handle(event: AnyEvent, manager: EntityManager, _headers: unknown, emit: Emit): Promise<void> {
    if (event.type !== 'payment.succeeded') return;
    const { paymentIntentId, userId } = event.data;
    const premiumExpiresAt = new Date(event.data.premiumExpiresAt);
    if (Number.isNaN(premiumExpiresAt.getTime())) {
      // A message that can never apply: refuse it, so the broker dead-letters it for a person to see.
      throw new Error(`payment.succeeded ${event.id} carries an invalid premiumExpiresAt`);
    }
    if (!(await this.premium.markApplied(manager, { paymentIntentId, userId, premiumExpiresAt }))) return;

    const change = await this.premium.extendUntil(manager, userId, premiumExpiresAt);
    if (change.outcome === 'unknown-user') {
      this.logger.warn({ eventId: event.id, userId, paymentIntentId }, 'payment for an unknown user; nothing to apply');
      return;
    }
    // Recorded in the inbox's transaction, with the consumer's trace: it continues the payment's.
    if (change.outcome === 'extended') emit('user.premium_activated', change.user.version, toSnapshot(change.user));
  }
}
