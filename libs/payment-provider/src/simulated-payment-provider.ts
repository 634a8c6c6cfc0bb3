import { createHash } from 'node:crypto';
import {
  PaymentProvider,
  WebhooksDisabledError,
  type CreateIntentInput,
  type CreatedIntent,
  type IntentStatus,
  type PayoutAccountInput,
  type ProviderEvent,
  type ProviderIntent,
  type ProviderRef,
  type RefundInput,
  type RenewalInput,
  type StartedMembership,
  type StartMembershipInput,
  type TransferInput,
} from './payment-provider.port.js';

/** A simulated yearly subscription: whether it renews, and whether it was ended. */
interface SimulatedSubscription {
  id: string;
  userId: number;
  renews: boolean;
  ended: boolean;
}

/**
 * The development provider (standalone, tests, and any process without `STRIPE_SECRET_KEY`): no
 * network, no card, no money. Deterministic: an intent's id and client secret derive from the
 * idempotency key, and an intent succeeds when the buyer confirms it, unless a test held it with
 * `holdIntent`. Its intents live in this process's memory only, so after a restart an intent from
 * before is unknown and the buyer starts again, which is acceptable for a development adapter.
 */
export class SimulatedPaymentProvider extends PaymentProvider {
  readonly name = 'simulated';
  readonly publishableKey = null;
  /** Renewals are charged when payments' renewal job asks, on the service's clock (which tests move). */
  readonly renewsItself = false;
  readonly subscriptions = new Map<string, SimulatedSubscription>();
  /** Members whose next renewals are declined (a test hook: an expired card). */
  private readonly declining = new Set<number>();
  private readonly intents = new Map<string, ProviderIntent>();
  private readonly held = new Map<string, IntentStatus>();
  /** What was refunded and paid out, by idempotency key (a repeated key returns the first answer). */
  readonly refunds = new Map<string, RefundInput & ProviderRef>();
  readonly transfers = new Map<string, TransferInput & ProviderRef>();
  readonly accounts = new Map<string, PayoutAccountInput & ProviderRef>();

  async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
    const id = `pi_sim_${digest(`intent:${input.idempotencyKey}`, 24)}`;
    let intent = this.intents.get(id);
    if (!intent) {
      intent = {
        id,
        status: 'requires_confirmation',
        amountCents: input.amountCents,
        currency: input.currency,
        userId: input.userId,
        purpose: input.purpose,
      };
      this.intents.set(id, intent);
    }
    return { ...intent, clientSecret: `${id}_secret_${digest(`secret:${input.idempotencyKey}`, 16)}` };
  }

  async startMembership(input: StartMembershipInput): Promise<StartedMembership> {
    const intent = await this.createIntent(input);
    const subscriptionId = `sub_sim_${digest(`subscription:${input.idempotencyKey}`, 24)}`;
    if (!this.subscriptions.has(subscriptionId))
      this.subscriptions.set(subscriptionId, { id: subscriptionId, userId: input.userId, renews: true, ended: false });
    return { ...intent, subscriptionId };
  }

  async setRenewal(subscriptionId: string, renews: boolean): Promise<void> {
    const subscription = this.subscriptions.get(subscriptionId);
    if (subscription && !subscription.ended) subscription.renews = renews;
  }

  async endSubscription(subscriptionId: string): Promise<void> {
    const subscription = this.subscriptions.get(subscriptionId);
    if (subscription) Object.assign(subscription, { renews: false, ended: true });
  }

  async chargeRenewal(input: RenewalInput): Promise<ProviderIntent> {
    const id = `pi_sim_${digest(`intent:${input.idempotencyKey}`, 24)}`;
    const known = this.intents.get(id);
    if (known) return { ...known };
    const intent: ProviderIntent = {
      id,
      status: this.declining.has(input.userId) ? 'requires_payment_method' : 'succeeded',
      amountCents: input.amountCents,
      currency: input.currency,
      userId: input.userId,
      purpose: input.purpose,
    };
    this.intents.set(id, intent);
    return { ...intent };
  }

  async invoiceIntent(): Promise<ProviderIntent | null> {
    return null;
  }

  /** Test hook: the member's renewals are declined (`true`) or paid again (`false`). */
  declineRenewals(userId: number, declined = true): void {
    if (declined) this.declining.add(userId);
    else this.declining.delete(userId);
  }

  async checkPayment(paymentIntentId: string): Promise<ProviderIntent | null> {
    const intent = this.intents.get(paymentIntentId);
    if (!intent) return null;
    const held = this.held.get(paymentIntentId);
    if (held) return { ...intent, status: held };
    if (intent.status !== 'canceled') intent.status = 'succeeded';
    return { ...intent };
  }

  async refund(input: RefundInput): Promise<ProviderRef> {
    const known = this.refunds.get(input.idempotencyKey);
    if (known) return { id: known.id };
    const refund = { ...input, id: `re_sim_${digest(`refund:${input.idempotencyKey}`, 24)}` };
    this.refunds.set(input.idempotencyKey, refund);
    return { id: refund.id };
  }

  async cancelIntent(paymentIntentId: string): Promise<void> {
    const intent = this.intents.get(paymentIntentId);
    if (intent && intent.status !== 'succeeded') intent.status = 'canceled';
  }

  async createPayoutAccount(input: PayoutAccountInput): Promise<ProviderRef> {
    const known = this.accounts.get(input.idempotencyKey);
    if (known) return { id: known.id };
    const account = { ...input, id: `acct_sim_${digest(`account:${input.idempotencyKey}`, 16)}` };
    this.accounts.set(input.idempotencyKey, account);
    return { id: account.id };
  }

  async onboardingLink(accountId: string, returnUrl: string): Promise<{ url: string }> {
    // No hosted onboarding without a processor: the host lands straight back where they started.
    return { url: `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}account=${encodeURIComponent(accountId)}` };
  }

  async transfer(input: TransferInput): Promise<ProviderRef> {
    const known = this.transfers.get(input.idempotencyKey);
    if (known) return { id: known.id };
    const transfer = { ...input, id: `tr_sim_${digest(`transfer:${input.idempotencyKey}`, 24)}` };
    this.transfers.set(input.idempotencyKey, transfer);
    return { id: transfer.id };
  }

  parseWebhook(): ProviderEvent {
    throw new WebhooksDisabledError('The simulated payment provider sends no webhooks');
  }

  /**
   * Test hook: the intent stays in `status` (a declined card by default) when the buyer confirms,
   * so the "payment has not succeeded" path can be exercised without a card processor.
   */
  holdIntent(paymentIntentId: string, status: Exclude<IntentStatus, 'succeeded'> = 'requires_payment_method'): void {
    this.held.set(paymentIntentId, status);
  }

  /** Test hook: the held intent succeeds on its next confirmation. */
  releaseIntent(paymentIntentId: string): void {
    this.held.delete(paymentIntentId);
  }
}

function digest(value: string, length: number): string {
  return createHash('sha256').update(value).digest('hex').slice(0, length);
}
