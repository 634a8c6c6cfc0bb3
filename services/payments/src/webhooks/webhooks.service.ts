import { Inject, Injectable } from '@nestjs/common';
import { Outbox } from '@garage/event-bus';
import { badRequest, Clock, LOGGER, notFound, type Logger } from '@garage/service-kit';
import type { EntityManager } from 'typeorm';
import type { Emit } from '@garage/event-bus';
import { renewalFailed } from '../memberships/membership-renewals.job.js';
import { MembershipsRepository } from '../memberships/memberships.repository.js';
import { buysPremium, MembershipsService } from '../memberships/memberships.service.js';
import { PaymentIntentsRepository } from '../payment-intents/payment-intents.repository.js';
import {
  PaymentProvider,
  PREMIUM_PURPOSE,
  providerCall,
  RESERVATION_PURPOSE,
  WebhooksDisabledError,
  WebhookSignatureError,
  type ProviderEvent,
} from '@garage/payment-provider';
import { WebhookEventsRepository } from './webhook-events.repository.js';

@Injectable()
export class WebhooksService {
  constructor(
    @Inject(PaymentProvider) private readonly provider: PaymentProvider,
    @Inject(WebhookEventsRepository) private readonly webhookEvents: WebhookEventsRepository,
    @Inject(PaymentIntentsRepository) private readonly intents: PaymentIntentsRepository,
    @Inject(MembershipsService) private readonly memberships: MembershipsService,
    @Inject(MembershipsRepository) private readonly membershipRecords: MembershipsRepository,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Applies a provider notification once. Providers deliver at least once and in no particular
   * order, so: a repeated event id changes nothing; a status older than the one recorded is kept in
   * the history only; and a succeeded intent grants its year even when the buyer never came back
   * to confirm (closed tab) or the intent was never seen here before.
   */
  async receive(rawBody: Buffer, signature: string | undefined): Promise<{ received: true }> {
    const event = this.verify(rawBody, signature);
    // Reading a renewal's payment asks Stripe: its outage answers 503, and Stripe delivers again later.
    await providerCall(() => this.apply(event));
    return { received: true };
  }

  private apply(event: ProviderEvent): Promise<void> {
    return this.outbox.transaction(async (manager, emit) => {
      if (!(await this.webhookEvents.markReceived(manager, this.provider.name, event))) return;
      if (event.invoice && event.type.startsWith('invoice.')) return this.applyInvoice(manager, emit, event);
      if (event.subscription && event.type.startsWith('customer.subscription.')) return this.applySubscription(manager, emit, event);
      const intent = event.intent;
      if (!intent || !event.type.startsWith('payment_intent.')) return;
      const known = await this.intents.findById(intent.id, manager);
      const userId = known?.userId ?? intent.userId;
      if (userId === null || (known && intent.userId !== null && intent.userId !== known.userId)) {
        // Not one of ours (another integration on the same account), or its metadata was altered.
        this.logger.warn({ eventId: event.id, paymentIntentId: intent.id }, 'webhook about a payment intent of no known member ignored');
        return;
      }
      const owned = { ...intent, userId };
      await this.intents.recordStatus(manager, {
        intent: owned,
        provider: this.provider.name,
        reportedAt: event.createdAt,
        source: 'webhook',
        event: { id: event.id, type: event.type },
      });
      if (intent.status === 'succeeded' && buysPremium(intent)) {
        await this.memberships.grant(manager, emit, owned, this.clock.now());
      } else if (intent.status === 'succeeded' && intent.purpose === RESERVATION_PURPOSE) {
        // A reservation's money: items owns the reservation and marks it paid on this (idempotently).
        emit('payment.intent_succeeded', 1, {
          paymentIntentId: intent.id,
          userId,
          amountCents: intent.amountCents,
          currency: intent.currency,
          purpose: intent.purpose,
          succeededAt: event.createdAt.toISOString(),
        });
      }
    });
  }

  /**
   * A membership invoice: `invoice.paid` grants the period its payment bought (once per payment
   * intent, so the first invoice and its `payment_intent.succeeded` grant once together), a
   * renewal when Stripe charged it on its cycle; `invoice.payment_failed` on a renewal keeps the
   * member premium until the paid date and tells them.
   */
  private async applyInvoice(manager: EntityManager, emit: Emit, event: ProviderEvent): Promise<void> {
    const invoice = event.invoice!;
    if (!invoice.subscriptionId) return;
    const membership = await this.membershipRecords.findBySubscription(manager, invoice.subscriptionId);
    const userId = membership?.userId ?? invoice.userId;
    if (userId === null) {
      this.logger.warn({ eventId: event.id, invoiceId: invoice.id }, 'webhook about an invoice of no known member ignored');
      return;
    }
    const renewal = invoice.billingReason === 'subscription_cycle';
    if (event.type === 'invoice.payment_failed') {
      if (!renewal || !membership) return;
      // Stripe retries a declined renewal; a failure delivered after the retry succeeded is stale.
      const latest = await this.provider.invoiceIntent(invoice.id);
      if (latest?.status === 'succeeded') return;
      await renewalFailed(this.membershipRecords, manager, emit, await this.membershipRecords.lock(manager, userId), this.clock.now());
      return;
    }
    if (event.type !== 'invoice.paid') return;
    const paid = await this.provider.invoiceIntent(invoice.id);
    if (!paid || paid.status !== 'succeeded') return;
    // Stripe makes renewal intents itself, without our metadata: the subscription says whose and what for.
    const intent = { ...paid, userId, purpose: PREMIUM_PURPOSE, subscriptionId: invoice.subscriptionId };
    if (!buysPremium(intent)) return;
    await this.intents.recordStatus(manager, {
      intent,
      provider: this.provider.name,
      reportedAt: event.createdAt,
      source: 'webhook',
      event: { id: event.id, type: event.type },
    });
    await this.memberships.grant(manager, emit, intent, this.clock.now(), { renewal });
  }

  /**
   * The subscription changed at Stripe (also the echo of our own cancel or resume): the renewal's
   * on/off follows the newest report only, so a late, older event does not undo a newer choice.
   * `customer.subscription.deleted` ends the renewal for good; premium stays until the paid date.
   */
  private async applySubscription(manager: EntityManager, emit: Emit, event: ProviderEvent): Promise<void> {
    const subscription = event.subscription!;
    const known = await this.membershipRecords.findBySubscription(manager, subscription.id);
    if (!known) return;
    const membership = await this.membershipRecords.lock(manager, known.userId);
    if (membership.providerStateAt && membership.providerStateAt.getTime() > event.createdAt.getTime()) return;
    if (membership.status === 'refunded' || membership.status === 'none') return;
    const now = this.clock.now();
    const deleted = event.type === 'customer.subscription.deleted' || subscription.status === 'canceled';
    const wanted = deleted || subscription.cancelAtPeriodEnd ? 'cancelled' : subscription.status === 'past_due' ? 'past_due' : 'active';
    if (wanted === membership.status || (wanted === 'active' && membership.status === 'past_due')) {
      await this.membershipRecords.update(manager, membership.userId, { provider_state_at: event.createdAt });
      return;
    }
    if (wanted === 'past_due') return renewalFailed(this.membershipRecords, manager, emit, membership, now);
    const version = await this.membershipRecords.update(manager, membership.userId, { status: wanted, provider_state_at: event.createdAt });
    const type = wanted === 'cancelled' ? 'membership.cancelled' : 'membership.resumed';
    await this.membershipRecords.record(manager, {
      userId: membership.userId,
      kind: wanted === 'cancelled' ? 'cancellation' : 'resumption',
      key: `${type}:${version}`,
      paidThrough: membership.paidThrough,
      occurredAt: now,
    });
    emit(type, version, {
      userId: membership.userId,
      status: wanted,
      paidThrough: membership.paidThrough?.toISOString() ?? null,
      occurredAt: now.toISOString(),
    });
  }

  private verify(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    try {
      return this.provider.parseWebhook(rawBody, signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw badRequest('Invalid webhook signature');
      if (error instanceof WebhooksDisabledError) throw notFound('Webhooks are not enabled');
      throw error;
    }
  }
}
