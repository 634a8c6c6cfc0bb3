/**
 * The payment provider port: payments and items speak to the card processor only through it. Two adapters:
 * the simulated provider (development, standalone and tests; no network) and Stripe.
 */

/** What the provider says an intent is, in Stripe's vocabulary (the simulated provider uses it too). */
export type IntentStatus =
  'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'canceled' | 'succeeded';

/** A payment intent as the provider reports it. */
export interface ProviderIntent {
  id: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  /** The buyer named in the intent's metadata when we created it; null when it carries none. */
  userId: number | null;
  /** What the intent pays for (metadata `purpose`); only premium intents grant a membership. */
  purpose: string | null;
  /** The membership subscription whose first payment this is (metadata `subscriptionId`), when known. */
  subscriptionId?: string | null;
}

export interface CreatedIntent extends ProviderIntent {
  /** Handed to the browser's card step; never stored. */
  clientSecret: string;
}

export interface CreateIntentInput {
  userId: number;
  amountCents: number;
  currency: string;
  purpose: string;
  description: string;
  /** Sent with the create call, so a retried call returns the same intent instead of a second one. */
  idempotencyKey: string;
}

/** A refund, transfer or connected account as the provider names it. */
export interface ProviderRef {
  id: string;
}

export interface RefundInput {
  paymentIntentId: string;
  amountCents: number;
  /** One key per refund we mean to make, so a retry never refunds twice. */
  idempotencyKey: string;
}

export interface TransferInput {
  /** The host's connected account. */
  destination: string;
  amountCents: number;
  currency: string;
  /** Ties the transfer to the charge it pays out of (Stripe `transfer_group`). */
  group: string;
  idempotencyKey: string;
}

export interface PayoutAccountInput {
  userId: number;
  email: string | null;
  idempotencyKey: string;
}

/** The yearly subscription behind a membership, as the provider reports it. */
export interface ProviderSubscription {
  id: string;
  userId: number | null;
  /** The renewal is switched off (cancelled, effective at the end of the paid period). */
  cancelAtPeriodEnd: boolean;
  /** Stripe's words: `active`, `past_due`, `canceled`, `incomplete`… */
  status: string;
}

/** An invoice of a membership subscription (its first payment or a yearly renewal). */
export interface ProviderInvoice {
  id: string;
  subscriptionId: string | null;
  /** `subscription_create` for the first payment, `subscription_cycle` for a renewal. */
  billingReason: string | null;
  amountCents: number;
  currency: string;
  userId: number | null;
}

/** A verified provider notification about one of its objects. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** When the provider produced the event; orders events that arrive out of order. */
  createdAt: Date;
  /** The payment intent the event is about, when it is about one. */
  intent: ProviderIntent | null;
  subscription?: ProviderSubscription | null;
  invoice?: ProviderInvoice | null;
}

export interface StartMembershipInput {
  userId: number;
  email: string | null;
  amountCents: number;
  currency: string;
  purpose: string;
  description: string;
  idempotencyKey: string;
}

/** The first payment of a new yearly subscription: the intent the browser pays, and the subscription. */
export interface StartedMembership extends CreatedIntent {
  subscriptionId: string;
}

export interface RenewalInput {
  userId: number;
  subscriptionId: string;
  amountCents: number;
  currency: string;
  purpose: string;
  /** One key per paid period, so a retried renewal charges once. */
  idempotencyKey: string;
}

/** The signature of a webhook is missing, wrong or too old. */
export class WebhookSignatureError extends Error {}
/** This provider sends no webhooks (the simulated one). */
export class WebhooksDisabledError extends Error {}
/** The provider could not be reached or failed; the caller may retry. */
export class ProviderUnavailableError extends Error {}

export abstract class PaymentProvider {
  abstract readonly name: 'simulated' | 'stripe';
  /** The key the browser's card step needs (Stripe); null when there is no card step. */
  abstract readonly publishableKey: string | null;

  abstract createIntent(input: CreateIntentInput): Promise<CreatedIntent>;

  /**
   * Whether the provider charges renewals on its own schedule and reports them by webhook
   * (Stripe); otherwise payments' renewal job asks it to charge each one (`chargeRenewal`).
   */
  abstract readonly renewsItself: boolean;

  /** Starts a yearly subscription; its first payment is an intent the browser pays as before. */
  abstract startMembership(input: StartMembershipInput): Promise<StartedMembership>;

  /** Switches the renewal off (`false`: cancel at the end of the paid period) or on again. */
  abstract setRenewal(subscriptionId: string, renews: boolean): Promise<void>;

  /** Ends the subscription now, with no further charge (after a refund). */
  abstract endSubscription(subscriptionId: string): Promise<void>;

  /** Charges one renewal (only for providers that do not renew by themselves). */
  abstract chargeRenewal(input: RenewalInput): Promise<ProviderIntent>;

  /** The payment intent that paid an invoice, or null when it has none yet. */
  abstract invoiceIntent(invoiceId: string): Promise<ProviderIntent | null>;

  /**
   * The intent's state when the buyer says they paid (confirm-subscription), or null when the
   * provider does not know it. Stripe only reads it: the card step happened in the browser. The
   * simulated provider has no card step, so this is where its intents succeed.
   */
  abstract checkPayment(paymentIntentId: string): Promise<ProviderIntent | null>;

  /** Gives the money of a succeeded intent back (all of it unless `amountCents` is less). */
  abstract refund(input: RefundInput): Promise<ProviderRef>;

  /** Stops an intent nobody paid (a lapsed hold), so it can no longer be paid; unknown ones are ignored. */
  abstract cancelIntent(paymentIntentId: string): Promise<void>;

  /** Opens a payout account for a host (Stripe Connect Express). */
  abstract createPayoutAccount(input: PayoutAccountInput): Promise<ProviderRef>;

  /** Where the host completes the payout account's onboarding (the provider's hosted page). */
  abstract onboardingLink(accountId: string, returnUrl: string, refreshUrl: string): Promise<{ url: string }>;

  /** Moves a collected reservation's money to the host's payout account. */
  abstract transfer(input: TransferInput): Promise<ProviderRef>;

  /** Verifies a webhook on its raw bytes and reads it; throws `WebhookSignatureError` when it is not genuine. */
  abstract parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}
