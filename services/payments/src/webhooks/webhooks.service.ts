import { Inject, Injectable } from '@nestjs/common';
import { Outbox } from '@garage/event-bus';
import { badRequest, Clock, LOGGER, notFound, type Logger } from '@garage/service-kit';
import { buysPremium, MembershipsService } from '../memberships/memberships.service.js';
import { PaymentIntentsRepository } from '../payment-intents/payment-intents.repository.js';
import { PaymentProvider, WebhooksDisabledError, WebhookSignatureError, type ProviderEvent } from '../providers/payment-provider.port.js';
import { WebhookEventsRepository } from './webhook-events.repository.js';

/** The metadata `purpose` of a reservation's payment intent (set by the items service). */
export const RESERVATION_PURPOSE = 'reservation';

@Injectable()
export class WebhooksService {
  constructor(
    @Inject(PaymentProvider) private readonly provider: PaymentProvider,
    @Inject(WebhookEventsRepository) private readonly webhookEvents: WebhookEventsRepository,
    @Inject(PaymentIntentsRepository) private readonly intents: PaymentIntentsRepository,
    @Inject(MembershipsService) private readonly memberships: MembershipsService,
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
    await this.outbox.transaction(async (manager, emit) => {
      if (!(await this.webhookEvents.markReceived(manager, this.provider.name, event))) return;
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
    return { received: true };
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
