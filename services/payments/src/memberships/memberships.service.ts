import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PREMIUM_CURRENCY, PREMIUM_PRICE_CENTS } from '@garage/contracts';
import type { Emit } from '@garage/event-bus';
import { PaymentIntentsRepository } from '../payment-intents/payment-intents.repository.js';
import { PaymentProvider, PREMIUM_PURPOSE, type ProviderIntent } from '@garage/payment-provider';
import { nextPaidThrough } from './membership-period.js';
import { MembershipsRepository } from './memberships.repository.js';

/** Whether a succeeded intent is a premium payment at the advertised price (spec section 9). */
export function buysPremium(intent: Pick<ProviderIntent, 'purpose' | 'amountCents' | 'currency'>): boolean {
  return intent.purpose === PREMIUM_PURPOSE && intent.amountCents === PREMIUM_PRICE_CENTS && intent.currency === PREMIUM_CURRENCY;
}

type PaidIntent = Pick<ProviderIntent, 'id' | 'amountCents' | 'currency'> & { userId: number; subscriptionId?: string | null };

/**
 * Turns succeeded premium payments into paid periods. Payments keeps each member's paid-through
 * date, so it can answer confirm-subscription with the new expiry at once; auth, which owns the
 * user's premium state, applies that same expiry from the `payment.succeeded` event.
 */
@Injectable()
export class MembershipsService {
  constructor(
    @Inject(MembershipsRepository) private readonly memberships: MembershipsRepository,
    @Inject(PaymentIntentsRepository) private readonly intents: PaymentIntentsRepository,
    @Inject(PaymentProvider) private readonly provider: PaymentProvider,
  ) {}

  /**
   * Grants one period for a succeeded intent, inside the caller's outbox transaction, and returns
   * the expiry it bought. Idempotent per intent: a second call (a double confirmation, the webhook
   * after the confirmation) returns the same expiry and extends nothing. A first payment makes its
   * subscription the membership's (ending an older one, so one member never renews twice); a
   * renewal keeps the subscription. Either way the membership renews again.
   */
  async grant(manager: EntityManager, emit: Emit, intent: PaidIntent, now: Date, options: { renewal?: boolean } = {}): Promise<Date> {
    const renewal = options.renewal ?? false;
    const membership = await this.memberships.lock(manager, intent.userId);
    const bought = await this.memberships.expiryBoughtBy(manager, intent.id);
    if (bought) return bought;
    const startsAt = membership.paidThrough && membership.paidThrough > now ? membership.paidThrough : now;
    const expiresAt = nextPaidThrough(membership.paidThrough, now);
    const subscriptionId = renewal ? null : (intent.subscriptionId ?? (await this.intents.subscriptionOf(manager, intent.id)));
    const replaced = subscriptionId && membership.subscriptionId && subscriptionId !== membership.subscriptionId;
    if (replaced) await this.provider.endSubscription(membership.subscriptionId!);
    const version = await this.memberships.addSubscription(manager, {
      userId: intent.userId,
      paymentIntentId: intent.id,
      amountCents: intent.amountCents,
      currency: intent.currency,
      startsAt,
      expiresAt,
      paidAt: now,
      renewal,
      subscriptionId,
    });
    await this.memberships.record(manager, {
      userId: intent.userId,
      kind: renewal ? 'renewal' : 'payment',
      key: `payment:${intent.id}`,
      paymentIntentId: intent.id,
      amountCents: intent.amountCents,
      currency: intent.currency,
      paidThrough: expiresAt,
      occurredAt: now,
    });
    emit('payment.succeeded', version, {
      paymentIntentId: intent.id,
      userId: intent.userId,
      amountCents: intent.amountCents,
      currency: intent.currency,
      succeededAt: now.toISOString(),
      premiumExpiresAt: expiresAt.toISOString(),
      renewal,
    });
    return expiresAt;
  }
}
