import { Inject, Injectable } from '@nestjs/common';
import {
  MEMBERSHIP_ERRORS,
  MEMBERSHIP_REFUND_DAYS,
  PREMIUM_CURRENCY,
  PREMIUM_PRICE_CENTS,
  type Membership as MembershipView,
  type MembershipRefund,
  type ReceiptList,
} from '@garage/contracts';
import { Outbox, type Emit } from '@garage/event-bus';
import { ApiError, Clock, InjectDataSource } from '@garage/service-kit';
import type { DataSource, EntityManager } from 'typeorm';
import { PaymentProvider, providerCall } from '@garage/payment-provider';
import { MembershipSettling } from './membership-settling.js';
import { MembershipsRepository, type Membership, type PaidPeriod } from './memberships.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const conflict = (error: string) => new ApiError(409, error);

/** The last moment a paid period can be refunded under the 30-day guarantee. */
export const refundableUntil = (period: PaidPeriod) => new Date(period.paidAt.getTime() + MEMBERSHIP_REFUND_DAYS * DAY_MS);

/** What the member sees of their membership at `now` (`ended` is read from the date, never stored). */
export function membershipView(membership: Membership | null, latest: PaidPeriod | null, now: Date): MembershipView {
  const paidThrough = membership?.paidThrough ?? null;
  const running = paidThrough !== null && paidThrough.getTime() > now.getTime();
  const status =
    !membership || !paidThrough || membership.status === 'none'
      ? 'none'
      : membership.status === 'refunded'
        ? 'refunded'
        : running
          ? membership.status
          : 'ended';
  const refundable = latest !== null && latest.refundedAt === null && status !== 'refunded' && running;
  const until = latest ? refundableUntil(latest) : null;
  return {
    status,
    isPremium: running && status !== 'refunded',
    renewsAt: status === 'active' ? paidThrough!.toISOString() : null,
    endsAt: status === 'none' || status === 'active' ? null : paidThrough!.toISOString(),
    priceCents: PREMIUM_PRICE_CENTS,
    currency: PREMIUM_CURRENCY,
    refund: {
      eligible: refundable && until !== null && now.getTime() <= until.getTime(),
      until: until?.toISOString() ?? null,
      amountCents: latest?.amountCents ?? null,
    },
  };
}

/**
 * The member's own controls: see the membership, cancel the renewal, resume it before the paid
 * date, and the 30-day money-back refund. Every change is a ledger row and an outbox event in the
 * same transaction, under the member's row lock, so a double click or a webhook at the same moment
 * applies once.
 */
@Injectable()
export class MembershipAccountService {
  constructor(
    @Inject(MembershipsRepository) private readonly memberships: MembershipsRepository,
    @Inject(PaymentProvider) private readonly provider: PaymentProvider,
    @Inject(Outbox) private readonly outbox: Outbox,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MembershipSettling) private readonly settling: MembershipSettling,
  ) {}

  async view(userId: number, manager: EntityManager = this.dataSource.manager): Promise<MembershipView> {
    const membership = await this.memberships.find(manager, userId);
    const latest = membership ? await this.memberships.latestPeriod(manager, userId) : null;
    return membershipView(membership && this.asRenewable(membership), latest, this.clock.now());
  }

  /**
   * A year bought before memberships renewed has no Stripe subscription, so nothing will charge
   * it: it reads as cancelled (ending at its paid date). The simulated provider renews any member.
   */
  private asRenewable(membership: Membership): Membership {
    const single = this.provider.renewsItself && membership.subscriptionId === null && membership.status === 'active';
    return single ? { ...membership, status: 'cancelled' } : membership;
  }

  /** Stops the renewal; premium stays until the paid date. Cancelling again answers the same. */
  cancel(userId: number): Promise<MembershipView> {
    return providerCall(() =>
      this.outbox.transaction(async (manager, emit) => {
        const now = this.clock.now();
        const membership = await this.memberships.lock(manager, userId);
        const status = membershipView(this.asRenewable(membership), null, now).status;
        if (status === 'cancelled') return this.view(userId, manager);
        if (status !== 'active' && status !== 'past_due') throw conflict(MEMBERSHIP_ERRORS.nothingToCancel);
        if (membership.subscriptionId) await this.provider.setRenewal(membership.subscriptionId, false);
        const version = await this.memberships.update(manager, userId, { status: 'cancelled', provider_state_at: now });
        await this.changed(manager, emit, 'membership.cancelled', { ...membership, status: 'cancelled', version }, now);
        return this.view(userId, manager);
      }),
    );
  }

  /** Turns the renewal back on before the paid date. Resuming an active membership answers the same. */
  resume(userId: number): Promise<MembershipView> {
    return providerCall(() =>
      this.outbox.transaction(async (manager, emit) => {
        const now = this.clock.now();
        const membership = await this.memberships.lock(manager, userId);
        const status = membershipView(this.asRenewable(membership), null, now).status;
        if (status === 'active') return this.view(userId, manager);
        if (status !== 'cancelled') throw conflict(MEMBERSHIP_ERRORS.nothingToResume);
        if (this.provider.renewsItself && !membership.subscriptionId) throw conflict(MEMBERSHIP_ERRORS.singleYear);
        if (membership.subscriptionId) await this.provider.setRenewal(membership.subscriptionId, true);
        const version = await this.memberships.update(manager, userId, { status: 'active', provider_state_at: now });
        await this.changed(manager, emit, 'membership.resumed', { ...membership, status: 'active', version }, now);
        return this.view(userId, manager);
      }),
    );
  }

  /**
   * The 30-day money-back guarantee: the latest payment goes back in full through the provider
   * (its idempotency key is the payment's, so a retry never refunds twice), the subscription ends,
   * and premium ends now. Once per payment: asking again answers the same refund. A provider
   * failure rolls everything back (503), so nothing is half done. The end is committed before the
   * answer, so the member's next premium-only call (each asks payments) is refused; the answer
   * also waits, bounded, for auth's profile to show it.
   */
  async refund(userId: number): Promise<MembershipRefund> {
    const answer = await this.refunding(userId);
    await this.settling.settle(userId);
    return answer;
  }

  private refunding(userId: number): Promise<MembershipRefund> {
    return providerCall(() =>
      this.outbox.transaction(async (manager, emit) => {
        const now = this.clock.now();
        const membership = await this.memberships.lock(manager, userId);
        const latest = await this.memberships.latestPeriod(manager, userId);
        if (!latest) throw conflict(MEMBERSHIP_ERRORS.nothingToRefund);
        const refund = (refundedAt: Date) => ({
          paymentIntentId: latest.paymentIntentId,
          amountCents: latest.amountCents,
          currency: latest.currency,
          refundedAt: refundedAt.toISOString(),
        });
        if (latest.refundedAt) return { refund: refund(latest.refundedAt), membership: await this.view(userId, manager) };
        if (now.getTime() > refundableUntil(latest).getTime()) throw conflict(MEMBERSHIP_ERRORS.refundWindowPassed);

        const made = await this.provider.refund({
          paymentIntentId: latest.paymentIntentId,
          amountCents: latest.amountCents,
          idempotencyKey: `membership-refund-${latest.paymentIntentId}`,
        });
        if (membership.subscriptionId) await this.provider.endSubscription(membership.subscriptionId);
        await this.memberships.markRefunded(manager, latest.paymentIntentId, made.id, now);
        const version = await this.memberships.update(manager, userId, { status: 'refunded', paid_through: now });
        await this.memberships.record(manager, {
          userId,
          kind: 'refund',
          key: `refund:${latest.paymentIntentId}`,
          paymentIntentId: latest.paymentIntentId,
          amountCents: latest.amountCents,
          currency: latest.currency,
          paidThrough: now,
          occurredAt: now,
        });
        emit('membership.refunded', version, {
          userId,
          status: 'refunded',
          paidThrough: now.toISOString(),
          occurredAt: now.toISOString(),
          amountCents: latest.amountCents,
          currency: latest.currency,
          paymentIntentId: latest.paymentIntentId,
          refundedAt: now.toISOString(),
          premiumExpiresAt: now.toISOString(),
        });
        return { refund: refund(now), membership: await this.view(userId, manager) };
      }),
    );
  }

  /** Every charge and refund of the member's membership, newest first. */
  async receipts(userId: number): Promise<ReceiptList> {
    const rows = await this.memberships.money(this.dataSource.manager, userId);
    return {
      receipts: rows.map((row) => ({
        id: row.id,
        kind: row.kind === 'refund' ? 'refund' : 'charge',
        description:
          row.kind === 'refund'
            ? 'Refund of a Garage Premium payment (30-day money-back guarantee)'
            : row.kind === 'renewal'
              ? 'Garage Premium membership, yearly renewal'
              : 'Garage Premium membership, one year',
        amountCents: row.amountCents ?? 0,
        currency: row.currency ?? PREMIUM_CURRENCY,
        occurredAt: row.occurredAt.toISOString(),
        paymentIntentId: row.paymentIntentId ?? '',
      })),
    };
  }

  /** A cancellation or resumption: a ledger row and its event. */
  private async changed(
    manager: EntityManager,
    emit: Emit,
    type: 'membership.cancelled' | 'membership.resumed',
    membership: Membership,
    now: Date,
  ): Promise<void> {
    await this.memberships.record(manager, {
      userId: membership.userId,
      kind: type === 'membership.cancelled' ? 'cancellation' : 'resumption',
      key: `${type}:${membership.version}`,
      paidThrough: membership.paidThrough,
      occurredAt: now,
    });
    emit(type, membership.version, {
      userId: membership.userId,
      status: type === 'membership.cancelled' ? 'cancelled' : 'active',
      paidThrough: membership.paidThrough?.toISOString() ?? null,
      occurredAt: now.toISOString(),
    });
  }
}
