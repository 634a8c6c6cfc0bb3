import Stripe from 'stripe';
import {
  PaymentProvider,
  ProviderUnavailableError,
  WebhookSignatureError,
  type CreateIntentInput,
  type CreatedIntent,
  type IntentStatus,
  type PayoutAccountInput,
  type ProviderEvent,
  type ProviderIntent,
  type ProviderRef,
  type RefundInput,
  type TransferInput,
} from './payment-provider.port.js';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  /** Seconds a signed webhook stays acceptable; older ones are refused as replays. */
  webhookToleranceSeconds: number;
  /** Overrides of Stripe's API address, to reach a local stand-in in tests. */
  api?: { host?: string; port?: number; protocol?: 'http' | 'https' };
}

/**
 * Stripe: PaymentIntents created with an idempotency key and the buyer in their metadata; the card
 * step runs in the browser (Stripe.js), so this adapter only reads the outcome; webhooks are
 * verified with the endpoint's signing secret on the exact bytes Stripe sent.
 */
export class StripePaymentProvider extends PaymentProvider {
  readonly name = 'stripe';
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeOptions) {
    super();
    this.publishableKey = options.publishableKey;
    this.stripe = new Stripe(options.secretKey, {
      ...options.api,
      // The SDK retries connection failures with the same idempotency key, so a retry never charges twice.
      maxNetworkRetries: 2,
      timeout: 15_000,
      appInfo: { name: 'garage-payments' },
    });
  }

  async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
    const intent = await this.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          description: input.description,
          // The SPA's card step (CardElement) pays by card, which the account's automatic payment methods include.
          automatic_payment_methods: { enabled: true },
          metadata: { userId: String(input.userId), purpose: input.purpose },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    if (!intent.client_secret) throw new ProviderUnavailableError('Stripe returned a payment intent without a client secret');
    return { ...toProviderIntent(intent), clientSecret: intent.client_secret };
  }

  async checkPayment(paymentIntentId: string): Promise<ProviderIntent | null> {
    // Stripe ids are short ASCII tokens; anything else cannot be one and is not worth a call.
    if (!/^pi_[A-Za-z0-9_]{1,250}$/.test(paymentIntentId)) return null;
    try {
      return toProviderIntent(await this.stripe.paymentIntents.retrieve(paymentIntentId));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && (error.code === 'resource_missing' || error.statusCode === 404))
        return null;
      throw unavailable(error);
    }
  }

  async refund(input: RefundInput): Promise<ProviderRef> {
    const refund = await this.call(() =>
      this.stripe.refunds.create(
        { payment_intent: input.paymentIntentId, amount: input.amountCents },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: refund.id };
  }

  async cancelIntent(paymentIntentId: string): Promise<void> {
    if (!/^pi_[A-Za-z0-9_]{1,250}$/.test(paymentIntentId)) return;
    try {
      await this.stripe.paymentIntents.cancel(paymentIntentId);
    } catch (error) {
      // Already paid, already cancelled or unknown: the caller's state machine decides what that means.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw unavailable(error);
    }
  }

  async createPayoutAccount(input: PayoutAccountInput): Promise<ProviderRef> {
    const account = await this.call(() =>
      this.stripe.accounts.create(
        {
          type: 'express',
          ...(input.email ? { email: input.email } : {}),
          capabilities: { transfers: { requested: true } },
          metadata: { userId: String(input.userId) },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: account.id };
  }

  async onboardingLink(accountId: string, returnUrl: string, refreshUrl: string): Promise<{ url: string }> {
    const link = await this.call(() =>
      this.stripe.accountLinks.create({ account: accountId, type: 'account_onboarding', return_url: returnUrl, refresh_url: refreshUrl }),
    );
    return { url: link.url };
  }

  async transfer(input: TransferInput): Promise<ProviderRef> {
    const transfer = await this.call(() =>
      this.stripe.transfers.create(
        { amount: input.amountCents, currency: input.currency, destination: input.destination, transfer_group: input.group },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: transfer.id };
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret, this.options.webhookToleranceSeconds);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
    }
    const object = event.data.object as { object?: string };
    return {
      id: event.id,
      type: event.type,
      createdAt: new Date(event.created * 1000),
      intent: object.object === 'payment_intent' ? toProviderIntent(object as Stripe.PaymentIntent) : null,
    };
  }

  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw unavailable(error);
    }
  }
}

function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  const userId = Number(intent.metadata?.userId);
  return {
    id: intent.id,
    status: intent.status as IntentStatus,
    amountCents: intent.amount,
    currency: intent.currency,
    userId: Number.isInteger(userId) && userId > 0 ? userId : null,
    purpose: intent.metadata?.purpose ?? null,
  };
}

/** Stripe failures reach the caller as "try again", never with Stripe's wording or request ids. */
function unavailable(error: unknown): ProviderUnavailableError {
  const message = error instanceof Error ? error.message : String(error);
  return Object.assign(new ProviderUnavailableError(`Stripe call failed: ${message}`), { cause: error });
}
