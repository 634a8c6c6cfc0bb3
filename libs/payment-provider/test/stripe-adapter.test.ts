import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ProviderUnavailableError } from '../src/payment-provider.port.js';
import { StripePaymentProvider } from '../src/stripe-payment-provider.js';
import { StripeStandIn } from '@garage/testing';

/**
 * The calls reservations make through the Stripe adapter (refunds, Connect Express accounts and
 * onboarding links, transfers, cancelling an unpaid intent), with the real Stripe SDK against the
 * local stand-in: each carries its idempotency key, so a retry never moves money twice.
 */
const stripe = new StripeStandIn();
let provider: StripePaymentProvider;

beforeAll(async () => {
  await stripe.start();
  provider = new StripePaymentProvider({
    secretKey: 'sk_test_garage',
    webhookSecret: 'whsec_x',
    publishableKey: 'pk_test_garage',
    webhookToleranceSeconds: 300,
    api: { host: '127.0.0.1', port: stripe.port, protocol: 'http' },
  });
});

afterAll(async () => {
  await stripe.stop();
});

const lastRequest = (path: string) => [...stripe.requests].reverse().find((r) => r.path === path)!;

describe('Stripe adapter: reservation money', () => {
  it('refunds a succeeded intent once per idempotency key', async () => {
    const intent = stripe.createIntent({ amount: 2000, currency: 'usd', metadata: { purpose: 'reservation' }, status: 'succeeded' });
    const first = await provider.refund({ paymentIntentId: intent.id, amountCents: 2000, idempotencyKey: 'reservation-refund-1' });
    const again = await provider.refund({ paymentIntentId: intent.id, amountCents: 2000, idempotencyKey: 'reservation-refund-1' });
    expect(first.id).toMatch(/^re_/);
    expect(again.id).toBe(first.id);
    const request = lastRequest('/v1/refunds');
    expect(request.idempotencyKey).toBe('reservation-refund-1');
    expect(Object.fromEntries(request.form)).toEqual({ payment_intent: intent.id, amount: '2000' });
    expect([...stripe.objects.values()].filter((o) => o.object === 'refund' && o.payment_intent === intent.id)).toHaveLength(1);
  });

  it('reports a refund Stripe refuses as a failure to retry, never as success', async () => {
    const unpaid = stripe.createIntent({ amount: 500, currency: 'usd', metadata: {} });
    await expect(
      provider.refund({ paymentIntentId: unpaid.id, amountCents: 500, idempotencyKey: 'reservation-refund-2' }),
    ).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('opens an Express account for a host and links to its onboarding', async () => {
    const account = await provider.createPayoutAccount({ userId: 42, email: 'host@example.com', idempotencyKey: 'payout-account-42' });
    expect(account.id).toMatch(/^acct_/);
    const request = lastRequest('/v1/accounts');
    expect(request.idempotencyKey).toBe('payout-account-42');
    expect(Object.fromEntries(request.form)).toMatchObject({
      type: 'express',
      email: 'host@example.com',
      'capabilities[transfers][requested]': 'true',
      'metadata[userId]': '42',
    });
    expect((await provider.createPayoutAccount({ userId: 42, email: null, idempotencyKey: 'payout-account-42' })).id).toBe(account.id);

    const link = await provider.onboardingLink(account.id, 'https://garage.test/my-sales', 'https://garage.test/my-sales?again=1');
    expect(link.url).toContain(account.id);
    expect(Object.fromEntries(lastRequest('/v1/account_links').form)).toEqual({
      account: account.id,
      type: 'account_onboarding',
      return_url: 'https://garage.test/my-sales',
      refresh_url: 'https://garage.test/my-sales?again=1',
    });
  });

  it('transfers a collected reservation to the host once, in its transfer group', async () => {
    const input = {
      destination: 'acct_standin1',
      amountCents: 1234,
      currency: 'usd',
      group: 'reservation-7',
      idempotencyKey: 'reservation-transfer-7',
    };
    const first = await provider.transfer(input);
    expect((await provider.transfer(input)).id).toBe(first.id);
    expect(first.id).toMatch(/^tr_/);
    expect(Object.fromEntries(lastRequest('/v1/transfers').form)).toEqual({
      amount: '1234',
      currency: 'usd',
      destination: 'acct_standin1',
      transfer_group: 'reservation-7',
    });
    expect([...stripe.objects.values()].filter((o) => o.object === 'transfer' && o.transfer_group === 'reservation-7')).toHaveLength(1);
  });

  it('cancels an unpaid intent, and leaves a paid or unknown one alone without failing', async () => {
    const unpaid = stripe.createIntent({ amount: 800, currency: 'usd', metadata: {} });
    await provider.cancelIntent(unpaid.id);
    expect(stripe.intents.get(unpaid.id)!.status).toBe('canceled');
    const paid = stripe.createIntent({ amount: 800, currency: 'usd', metadata: {}, status: 'succeeded' });
    await provider.cancelIntent(paid.id);
    expect(stripe.intents.get(paid.id)!.status).toBe('succeeded');
    await provider.cancelIntent('pi_unknown_to_stripe');
  });

  it('creates a reservation intent with its purpose in the metadata and an idempotency key', async () => {
    const input = {
      userId: 9,
      amountCents: 1234,
      currency: 'usd',
      purpose: 'reservation',
      description: 'Garage reservation #1',
      idempotencyKey: 'reservation-1-1',
    };
    const created = await provider.createIntent(input);
    expect((await provider.createIntent(input)).id).toBe(created.id);
    expect(stripe.intents.get(created.id)).toMatchObject({ amount: 1234, metadata: { userId: '9', purpose: 'reservation' } });
  });
});

describe('Stripe adapter: yearly membership', () => {
  const start = (userId: number, key: string) =>
    provider.startMembership({
      userId,
      email: `member${userId}@example.com`,
      amountCents: 199,
      currency: 'usd',
      purpose: 'premium_membership',
      description: 'Garage Premium membership',
      idempotencyKey: key,
    });

  it('subscribes the member to one yearly price (made once, then found by lookup key) and tags the first payment', async () => {
    const first = await start(7, 'premium-7-a');
    const second = await start(8, 'premium-8-b');
    const yearly = [...stripe.prices.values()];
    expect(yearly).toEqual([
      expect.objectContaining({ unit_amount: 199, currency: 'usd', recurring: { interval: 'year' }, lookup_key: 'garage_premium_yearly' }),
    ]);
    expect(first).toMatchObject({ status: 'requires_payment_method', amountCents: 199, userId: 7, purpose: 'premium_membership' });
    expect(first.subscriptionId).toBe(stripe.subscriptionOf(first.id)!.id);
    expect(first.clientSecret).toBe(stripe.intents.get(first.id)!.client_secret);
    expect(stripe.intents.get(second.id)!.metadata).toEqual({
      userId: '8',
      purpose: 'premium_membership',
      subscriptionId: second.subscriptionId,
    });
    const again = await start(7, 'premium-7-a');
    expect(again.id).toBe(first.id);
    expect(again.subscriptionId).toBe(first.subscriptionId);
  });

  it('switches the renewal off and on, ends the subscription once, and reads a renewal invoice’s payment', async () => {
    const { subscriptionId } = await start(9, 'premium-9-c');
    await provider.setRenewal(subscriptionId, false);
    expect(stripe.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
    await provider.setRenewal(subscriptionId, true);
    expect(stripe.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(false);
    const invoice = stripe.renew(subscriptionId, true);
    expect(await provider.invoiceIntent(invoice.id)).toMatchObject({
      id: invoice.payment_intent_id,
      status: 'succeeded',
      amountCents: 199,
    });
    await provider.endSubscription(subscriptionId);
    await provider.endSubscription(subscriptionId);
    expect(stripe.subscriptions.get(subscriptionId)!.status).toBe('canceled');
  });
});
