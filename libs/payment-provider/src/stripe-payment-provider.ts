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
  type ProviderInvoice,
  type ProviderSubscription,
  type RefundInput,
  type StartedMembership,
  type StartMembershipInput,
  type TransferInput,
} from './payment-provider.port.js';

/** The yearly membership price is found by this lookup key, and made once when the account has none. */
export const PREMIUM_PRICE_LOOKUP_KEY = 'garage_premium_yearly';

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
  /** Stripe charges each yearly renewal itself and reports it with `invoice.paid` / `invoice.payment_failed`. */
  readonly renewsItself = true;
  private readonly stripe: Stripe;
  private yearlyPrice: Promise<string> | null = null;

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

  /**
   * A Stripe Subscription on the yearly price, created `default_incomplete` so its first invoice's
   * PaymentIntent is paid by the browser's card step exactly as before (the subscribe contract
   * keeps `paymentIntentId` and `clientSecret`). The intent gets the member and purpose in its
   * metadata, so confirm-subscription and `payment_intent.succeeded` treat it as any premium payment.
   */
  async startMembership(input: StartMembershipInput): Promise<StartedMembership> {
    const price = await this.premiumPrice(input);
    const metadata = { userId: String(input.userId), purpose: input.purpose };
    const customer = await this.call(() =>
      this.stripe.customers.create(
        { ...(input.email ? { email: input.email } : {}), metadata: { userId: String(input.userId) } },
        { idempotencyKey: `${input.idempotencyKey}-customer` },
      ),
    );
    const subscription = await this.call(() =>
      this.stripe.subscriptions.create(
        {
          customer: customer.id,
          items: [{ price }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          metadata,
          expand: ['latest_invoice.payments', 'latest_invoice.confirmation_secret'],
        },
        { idempotencyKey: `${input.idempotencyKey}-subscription` },
      ),
    );
    const invoice = subscription.latest_invoice as Stripe.Invoice | null;
    const paymentIntentId = invoice ? intentIdOf(invoice) : null;
    if (!paymentIntentId) throw new ProviderUnavailableError('Stripe returned a subscription without a first payment');
    const intent = await this.call(() =>
      this.stripe.paymentIntents.update(paymentIntentId, {
        metadata: { ...metadata, subscriptionId: subscription.id },
        description: input.description,
      }),
    );
    const clientSecret = intent.client_secret ?? invoice?.confirmation_secret?.client_secret;
    if (!clientSecret) throw new ProviderUnavailableError('Stripe returned a payment intent without a client secret');
    return { ...toProviderIntent(intent), clientSecret, subscriptionId: subscription.id };
  }

  async setRenewal(subscriptionId: string, renews: boolean): Promise<void> {
    await this.call(() => this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: !renews }));
  }

  async endSubscription(subscriptionId: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(subscriptionId);
    } catch (error) {
      // Already cancelled (or gone): what we asked for is already true.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw unavailable(error);
    }
  }

  chargeRenewal(): Promise<ProviderIntent> {
    return Promise.reject(new Error('Stripe charges renewals itself'));
  }

  async invoiceIntent(invoiceId: string): Promise<ProviderIntent | null> {
    const invoice = await this.call(() => this.stripe.invoices.retrieve(invoiceId, { expand: ['payments'] }));
    const id = intentIdOf(invoice);
    return id ? this.checkPayment(id) : null;
  }

  /** The yearly price's id, by lookup key; made (once per account) when missing. */
  private premiumPrice(input: StartMembershipInput): Promise<string> {
    this.yearlyPrice ??= (async () => {
      const found = await this.call(() => this.stripe.prices.list({ lookup_keys: [PREMIUM_PRICE_LOOKUP_KEY], active: true, limit: 1 }));
      if (found.data[0]) return found.data[0].id;
      const created = await this.call(() =>
        this.stripe.prices.create(
          {
            unit_amount: input.amountCents,
            currency: input.currency,
            recurring: { interval: 'year' },
            lookup_key: PREMIUM_PRICE_LOOKUP_KEY,
            product_data: { name: 'Garage Premium membership' },
          },
          { idempotencyKey: `${PREMIUM_PRICE_LOOKUP_KEY}-${input.amountCents}-${input.currency}` },
        ),
      );
      return created.id;
    })().catch((error: unknown) => {
      this.yearlyPrice = null;
      throw error;
    });
    return this.yearlyPrice;
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
      subscription: object.object === 'subscription' ? toProviderSubscription(object as Stripe.Subscription) : null,
      invoice: object.object === 'invoice' ? toProviderInvoice(object as Stripe.Invoice) : null,
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
    subscriptionId: intent.metadata?.subscriptionId ?? null,
  };
}

function memberOf(metadata: Stripe.Metadata | null | undefined): number | null {
  const userId = Number(metadata?.userId);
  return Number.isInteger(userId) && userId > 0 ? userId : null;
}

function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  return {
    id: subscription.id,
    userId: memberOf(subscription.metadata),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    status: subscription.status,
  };
}

function toProviderInvoice(invoice: Stripe.Invoice): ProviderInvoice {
  const details = invoice.parent?.subscription_details ?? null;
  const subscription = details?.subscription ?? null;
  return {
    id: invoice.id ?? '',
    subscriptionId: typeof subscription === 'string' ? subscription : (subscription?.id ?? null),
    billingReason: invoice.billing_reason ?? null,
    amountCents: invoice.amount_paid || invoice.amount_due,
    currency: invoice.currency,
    userId: memberOf(details?.metadata),
  };
}

/** The PaymentIntent of an invoice's (expanded) payments, when it has one. */
function intentIdOf(invoice: Stripe.Invoice): string | null {
  for (const payment of invoice.payments?.data ?? []) {
    const intent = payment.payment?.payment_intent;
    if (intent) return typeof intent === 'string' ? intent : intent.id;
  }
  return null;
}

/** Stripe failures reach the caller as "try again", never with Stripe's wording or request ids. */
function unavailable(error: unknown): ProviderUnavailableError {
  const message = error instanceof Error ? error.message : String(error);
  return Object.assign(new ProviderUnavailableError(`Stripe call failed: ${message}`), { cause: error });
}
