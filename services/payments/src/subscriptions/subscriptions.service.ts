import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  PREMIUM_CURRENCY,
  PREMIUM_PRICE_CENTS,
  type ConfirmSubscriptionResponse,
  type PaymentsConfig,
  type SubscribeResponse,
} from '@garage/contracts';
import { Outbox } from '@garage/event-bus';
import { badRequest, Clock, InjectDataSource, notFound } from '@garage/service-kit';
import type { DataSource } from 'typeorm';
import { buysPremium, MembershipsService } from '../memberships/memberships.service.js';
import { MembershipSettling } from '../memberships/membership-settling.js';
import { MembershipsRepository } from '../memberships/memberships.repository.js';
import { PaymentIntentsRepository } from '../payment-intents/payment-intents.repository.js';
import { PaymentProvider, PREMIUM_PURPOSE, providerCall } from '@garage/payment-provider';

const PAYMENT_NOT_FOUND = 'Payment not found';

@Injectable()
export class SubscriptionsService {
  constructor(
    @Inject(PaymentProvider) private readonly provider: PaymentProvider,
    @Inject(PaymentIntentsRepository) private readonly intents: PaymentIntentsRepository,
    @Inject(MembershipsRepository) private readonly membershipRecords: MembershipsRepository,
    @Inject(MembershipsService) private readonly memberships: MembershipsService,
    @Inject(MembershipSettling) private readonly settling: MembershipSettling,
    @Inject(Outbox) private readonly outbox: Outbox,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** What the SPA needs to pick its card step (Stripe Elements, or the test-mode step). */
  config(): PaymentsConfig {
    return {
      provider: this.provider.name,
      publishableKey: this.provider.publishableKey,
      priceCents: PREMIUM_PRICE_CENTS,
      currency: PREMIUM_CURRENCY,
    };
  }

  /**
   * Starts a yearly membership for the caller: a provider subscription whose first payment is an
   * intent for the yearly price, recorded as an attempt. The answer is unchanged (the intent and
   * its client secret); the membership starts when that payment succeeds.
   */
  async subscribe(userId: number, email: string | null = null): Promise<SubscribeResponse> {
    // A fresh key per attempt: the provider dedupes retries of this one call, never two purchases.
    const idempotencyKey = `premium-${userId}-${randomUUID()}`;
    const created = await providerCall(() =>
      this.provider.startMembership({
        userId,
        email,
        amountCents: PREMIUM_PRICE_CENTS,
        currency: PREMIUM_CURRENCY,
        purpose: PREMIUM_PURPOSE,
        description: 'Garage Premium membership (yearly, renews until cancelled)',
        idempotencyKey,
      }),
    );
    const { clientSecret, subscriptionId, ...intent } = created;
    await this.dataSource.transaction(async (manager) => {
      await this.intents.recordCreated(
        manager,
        { intent: { ...intent, userId }, provider: this.provider.name, reportedAt: this.clock.now(), source: 'subscribe' },
        idempotencyKey,
      );
      await this.intents.rememberSubscription(manager, intent.id, subscriptionId);
    });
    return { paymentIntentId: intent.id, clientSecret };
  }

  /**
   * The buyer says they paid: check with the provider that the caller's intent succeeded, then
   * grant the year (once per intent) and publish `payment.succeeded` with the new expiry. The grant
   * is committed before the answer, so every premium-only call the member makes next (each asks
   * payments) sees it; the answer also waits, bounded, for auth's profile to show it.
   */
  async confirm(userId: number, paymentIntentId: string): Promise<ConfirmSubscriptionResponse> {
    const answer = await this.grantFor(userId, paymentIntentId);
    await this.settling.settle(userId);
    return answer;
  }

  private async grantFor(userId: number, paymentIntentId: string): Promise<ConfirmSubscriptionResponse> {
    const record = await this.intents.findById(paymentIntentId);
    // Another member's intent answers like an unknown one: ids are not confirmed to strangers.
    if (!record || record.userId !== userId) throw notFound(PAYMENT_NOT_FOUND);
    const bought = await this.membershipRecords.expiryBoughtBy(this.dataSource.manager, paymentIntentId);
    if (bought) return { success: true, premiumExpiresAt: bought.toISOString() };

    const reported = await providerCall(() => this.provider.checkPayment(paymentIntentId));
    if (!reported || (reported.userId !== null && reported.userId !== userId)) throw notFound(PAYMENT_NOT_FOUND);
    const report = {
      intent: { ...reported, userId },
      provider: this.provider.name,
      reportedAt: this.clock.now(),
      source: 'confirm' as const,
    };

    if (reported.status !== 'succeeded' || !buysPremium(reported)) {
      await this.dataSource.transaction((manager) => this.intents.recordStatus(manager, report));
      throw badRequest(reported.status === 'succeeded' ? 'Payment does not match the premium price' : 'Payment has not succeeded');
    }
    // Granting may end the member's older subscription at the provider: its outage is a 503 to retry.
    const expiresAt = await providerCall(() =>
      this.outbox.transaction(async (manager, emit) => {
        await this.intents.recordStatus(manager, report);
        return this.memberships.grant(manager, emit, report.intent, this.clock.now());
      }),
    );
    return { success: true, premiumExpiresAt: expiresAt.toISOString() };
  }
}
