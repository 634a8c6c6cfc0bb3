import { Inject, Injectable } from '@nestjs/common';
import { MEMBERSHIP_REMINDER_DAYS, PREMIUM_CURRENCY, PREMIUM_PRICE_CENTS } from '@garage/contracts';
import { Outbox, type Emit } from '@garage/event-bus';
import { Clock, LOGGER, runPeriodically, SERVICE_CONFIG, type Logger, type Periodic } from '@garage/service-kit';
import type { PaymentsConfig } from '../config.js';
import type { EntityManager } from 'typeorm';
import { PaymentIntentsRepository } from '../payment-intents/payment-intents.repository.js';
import { PaymentProvider, PREMIUM_PURPOSE } from '@garage/payment-provider';
import { MembershipsRepository, type Membership } from './memberships.repository.js';
import { MembershipsService } from './memberships.service.js';

const BATCH = 50;
/** The service charges a renewal this long before the paid period ends, so a failure leaves the member premium meanwhile. */
export const RENEWAL_LEAD_HOURS = 24;

/**
 * The membership's calendar, run every minute on the service's clock: the renewal reminder 7 days
 * before the paid date (any provider), and, for a provider that does not renew by itself (the
 * simulated one), the yearly charge a day before. Stripe charges on its own schedule and its
 * webhooks report the outcome through `renewalFailed` and `MembershipsService.grant` instead.
 * Rows are claimed with SKIP LOCKED, so replicas never remind or charge one member twice.
 */
@Injectable()
export class MembershipRenewalsJob {
  constructor(
    @Inject(MembershipsRepository) private readonly memberships: MembershipsRepository,
    @Inject(MembershipsService) private readonly grants: MembershipsService,
    @Inject(PaymentIntentsRepository) private readonly intents: PaymentIntentsRepository,
    @Inject(PaymentProvider) private readonly provider: PaymentProvider,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SERVICE_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  start(): Periodic {
    return runPeriodically('membership renewals', this.config.MEMBERSHIP_RENEWALS_INTERVAL_MS, () => this.runDue(), this.logger);
  }

  /** Sends the due reminders and charges the due renewals; returns how many of each (tests call it directly). */
  async runDue(): Promise<{ reminded: number; renewed: number; failed: number }> {
    const result = { reminded: 0, renewed: 0, failed: 0 };
    for (;;) {
      const count = await this.outbox.transaction(async (manager, emit) => {
        const now = this.clock.now();
        const due = await this.memberships.dueReminders(manager, now, MEMBERSHIP_REMINDER_DAYS, BATCH, {
          subscribedOnly: this.provider.renewsItself,
        });
        for (const membership of due) await this.remind(manager, emit, membership, now);
        return due.length;
      });
      result.reminded += count;
      if (count < BATCH) break;
    }
    if (this.provider.renewsItself) return result;
    for (;;) {
      const outcomes = await this.outbox.transaction(async (manager, emit) => {
        const now = this.clock.now();
        const due = await this.memberships.dueRenewals(manager, now, RENEWAL_LEAD_HOURS, BATCH);
        const done: boolean[] = [];
        for (const membership of due) done.push(await this.renew(manager, emit, membership, now));
        return done;
      });
      result.renewed += outcomes.filter(Boolean).length;
      result.failed += outcomes.filter((ok) => !ok).length;
      if (outcomes.length < BATCH) break;
    }
    return result;
  }

  private async remind(manager: EntityManager, emit: Emit, membership: Membership, now: Date): Promise<void> {
    const version = await this.memberships.update(manager, membership.userId, { reminded_for: membership.paidThrough });
    const paidThrough = membership.paidThrough!.toISOString();
    await this.memberships.record(manager, {
      userId: membership.userId,
      kind: 'reminder',
      key: `reminder:${membership.userId}:${paidThrough}`,
      amountCents: PREMIUM_PRICE_CENTS,
      currency: PREMIUM_CURRENCY,
      paidThrough: membership.paidThrough,
      occurredAt: now,
    });
    emit('membership.renewal_due', version, {
      userId: membership.userId,
      status: 'active',
      paidThrough,
      occurredAt: now.toISOString(),
      amountCents: PREMIUM_PRICE_CENTS,
      currency: PREMIUM_CURRENCY,
    });
  }

  /** Charges one renewal (keyed by the period, so a crash and a retry charge once). */
  private async renew(manager: EntityManager, emit: Emit, membership: Membership, now: Date): Promise<boolean> {
    const paidThrough = membership.paidThrough!.toISOString();
    const intent = await this.provider.chargeRenewal({
      userId: membership.userId,
      subscriptionId: membership.subscriptionId ?? `membership-${membership.userId}`,
      amountCents: PREMIUM_PRICE_CENTS,
      currency: PREMIUM_CURRENCY,
      purpose: PREMIUM_PURPOSE,
      idempotencyKey: `renewal-${membership.userId}-${paidThrough}`,
    });
    const owned = { ...intent, userId: membership.userId };
    await this.intents.recordStatus(manager, { intent: owned, provider: this.provider.name, reportedAt: now, source: 'renewal' });
    if (intent.status === 'succeeded') {
      await this.grants.grant(manager, emit, owned, now, { renewal: true });
      return true;
    }
    this.logger.info({ userId: membership.userId, paymentIntentId: intent.id }, 'membership renewal declined');
    await renewalFailed(this.memberships, manager, emit, membership, now);
    return false;
  }
}

/**
 * A renewal payment failed: the member stays premium until the paid date, then the membership
 * ends unless they subscribe again. Once per paid period, however often the provider says so.
 */
export async function renewalFailed(
  memberships: MembershipsRepository,
  manager: EntityManager,
  emit: Emit,
  membership: Membership,
  now: Date,
): Promise<void> {
  if (!membership.paidThrough || membership.status === 'refunded') return;
  const paidThrough = membership.paidThrough.toISOString();
  const first = await memberships.record(manager, {
    userId: membership.userId,
    kind: 'renewal_failed',
    key: `renewal_failed:${membership.userId}:${paidThrough}`,
    amountCents: PREMIUM_PRICE_CENTS,
    currency: PREMIUM_CURRENCY,
    paidThrough: membership.paidThrough,
    occurredAt: now,
  });
  if (!first) return;
  const version = await memberships.update(manager, membership.userId, { status: 'past_due', renewal_failed_for: membership.paidThrough });
  emit('membership.renewal_failed', version, {
    userId: membership.userId,
    status: 'past_due',
    paidThrough,
    occurredAt: now.toISOString(),
    amountCents: PREMIUM_PRICE_CENTS,
    currency: PREMIUM_CURRENCY,
  });
}
