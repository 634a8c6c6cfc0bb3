import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { MEMBERSHIP_ERRORS } from '@garage/contracts';
import { StripeStandIn, waitFor } from '@garage/testing';
import { MembershipRenewalsJob } from '../src/index.js';
import { addMonthsUtc } from '../src/memberships/membership-period.js';
import { startPremiumHarness, type PremiumHarness } from './harness.js';

/**
 * The yearly membership as a real Stripe Subscription (the SDK against the local stand-in):
 * cancel and resume switch `cancel_at_period_end`, Stripe's renewals and failed renewals arrive
 * as verified webhooks applied once whatever the order, and the refund goes back through Stripe.
 */
const SECRET = 'whsec_garage_membership_secret';
let harness: PremiumHarness;
const stripe = new StripeStandIn();

const payments = () => request(harness.payments.url);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function deliver(webhook: { payload: string; signature: string }) {
  return payments()
    .post('/api/payments/webhook')
    .set('content-type', 'application/json; charset=utf-8')
    .set('stripe-signature', webhook.signature)
    .send(webhook.payload);
}

/** A member who subscribed and paid the first invoice in the browser. */
async function member() {
  const { token, userId } = await harness.register();
  const { paymentIntentId } = (await payments().post('/api/payments/subscribe').set(bearer(token)).expect(200)).body;
  stripe.setStatus(paymentIntentId, 'succeeded');
  const confirmed = await payments().post('/api/payments/confirm-subscription').set(bearer(token)).send({ paymentIntentId }).expect(200);
  const subscription = stripe.subscriptionOf(paymentIntentId)!;
  subscription.status = 'active';
  const paid = confirmed.body.premiumExpiresAt;
  await waitFor(async () => ((await me(token)).premiumExpiresAt === paid ? true : undefined), 5000, 'premium in auth');
  return { token, userId, paymentIntentId, subscription, paidThrough: confirmed.body.premiumExpiresAt as string };
}

const membership = async (token: string) => (await payments().get('/api/payments/membership').set(bearer(token)).expect(200)).body;
const me = async (token: string) => (await request(harness.auth.url).get('/api/users/me').set(bearer(token)).expect(200)).body;

async function ledger(userId: number): Promise<string[]> {
  const rows = await harness.paymentsQuery<{ kind: string }>(`SELECT kind FROM membership_ledger WHERE user_id = $1 ORDER BY id`, [userId]);
  return rows.map((row) => row.kind);
}

beforeAll(async () => {
  await stripe.start();
  harness = await startPremiumHarness({
    STRIPE_SECRET_KEY: 'sk_test_garage',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_garage',
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(stripe.port),
    STRIPE_API_PROTOCOL: 'http',
  });
});

afterAll(async () => {
  await harness.close();
  await stripe.stop();
});

describe('a Stripe subscription behind the membership', () => {
  it('adopts the subscription when the first invoice is paid; its invoice.paid grants nothing more', async () => {
    const { token, userId, subscription, paidThrough } = await member();
    const [row] = await harness.paymentsQuery<{ provider_subscription_id: string }>(
      `SELECT provider_subscription_id FROM memberships WHERE user_id = $1`,
      [userId],
    );
    expect(row!.provider_subscription_id).toBe(subscription.id);
    const first = stripe.firstInvoice(subscription.id)!;
    first.amount_paid = first.amount_due;
    await deliver(stripe.webhook('invoice.paid', stripe.invoiceBody(first), { secret: SECRET })).expect(200);
    expect(await membership(token)).toMatchObject({ status: 'active', renewsAt: paidThrough });
    expect(await ledger(userId)).toEqual(['payment']);
  });

  it('cancels and resumes at Stripe (cancel_at_period_end)', async () => {
    const { token, subscription, paidThrough } = await member();
    expect((await payments().post('/api/payments/membership/cancel').set(bearer(token)).expect(200)).body).toMatchObject({
      status: 'cancelled',
      endsAt: paidThrough,
    });
    expect(stripe.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(true);
    await payments().post('/api/payments/membership/resume').set(bearer(token)).expect(200);
    expect(stripe.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(false);
  });

  it('applies a renewal Stripe charged once, however often its webhook arrives', async () => {
    const { token, userId, subscription, paidThrough } = await member();
    const invoice = stripe.renew(subscription.id, true);
    const webhook = stripe.webhook('invoice.paid', stripe.invoiceBody(invoice), { secret: SECRET });
    await deliver(webhook).expect(200);
    await deliver(webhook).expect(200);
    await deliver(stripe.webhook('invoice.paid', stripe.invoiceBody(invoice), { secret: SECRET })).expect(200);
    const renewed = addMonthsUtc(new Date(paidThrough), 12).toISOString();
    expect(await membership(token)).toMatchObject({ status: 'active', renewsAt: renewed });
    expect(await ledger(userId)).toEqual(['payment', 'renewal']);
    await waitFor(async () => ((await me(token)).premiumExpiresAt === renewed ? true : undefined), 5000, 'the renewal in auth');
    const renewal = await waitFor(() =>
      harness.events.find((e) => e.type === 'payment.succeeded' && e.data.userId === userId && e.data.renewal === true),
    );
    expect(renewal.data).toMatchObject({ paymentIntentId: invoice.payment_intent_id, amountCents: 199 });
  });

  it('answers 503 to a renewal webhook while Stripe cannot be read, and applies its redelivery', async () => {
    const { userId, subscription } = await member();
    const invoice = stripe.renew(subscription.id, true);
    const webhook = stripe.webhook('invoice.paid', stripe.invoiceBody(invoice), { secret: SECRET });
    stripe.failNext(1);
    expect((await deliver(webhook).expect(503)).body).toEqual({ error: 'The payment provider is unavailable. Try again shortly.' });
    expect(await ledger(userId)).toEqual(['payment']);
    await deliver(webhook).expect(200);
    expect(await ledger(userId)).toEqual(['payment', 'renewal']);
  });

  it('keeps a member whose Stripe renewal failed premium until the paid date, and tells them once', async () => {
    const { token, userId, subscription, paidThrough } = await member();
    const invoice = stripe.renew(subscription.id, false);
    const failed = stripe.webhook('invoice.payment_failed', stripe.invoiceBody(invoice), { secret: SECRET });
    await deliver(failed).expect(200);
    await deliver(failed).expect(200);
    await deliver(stripe.webhook('invoice.payment_failed', stripe.invoiceBody(invoice), { secret: SECRET })).expect(200);
    expect(await membership(token)).toMatchObject({ status: 'past_due', isPremium: true, endsAt: paidThrough });
    expect((await me(token)).isPremium).toBe(true);
    expect(await ledger(userId)).toEqual(['payment', 'renewal_failed']);
    await waitFor(() => harness.events.find((e) => e.type === 'membership.renewal_failed' && e.data.userId === userId));
  });

  it('ignores a failed renewal delivered after Stripe’s retry of it succeeded', async () => {
    const { token, userId, subscription, paidThrough } = await member();
    const invoice = stripe.renew(subscription.id, false);
    const failed = stripe.webhook('invoice.payment_failed', stripe.invoiceBody(invoice), { secret: SECRET });
    stripe.setStatus(invoice.payment_intent_id, 'succeeded'); // Stripe's retry took the money
    invoice.amount_paid = invoice.amount_due;
    await deliver(stripe.webhook('invoice.paid', stripe.invoiceBody(invoice), { secret: SECRET })).expect(200);
    await deliver(failed).expect(200);
    expect(await membership(token)).toMatchObject({ status: 'active', renewsAt: addMonthsUtc(new Date(paidThrough), 12).toISOString() });
    expect(await ledger(userId)).toEqual(['payment', 'renewal']);
  });

  it('follows the newest subscription change only, when Stripe delivers them out of order', async () => {
    const { token, userId, subscription } = await member();
    const now = Math.floor(Date.now() / 1000) + 5;
    const cancelled = stripe.webhook(
      'customer.subscription.updated',
      { ...subscription, cancel_at_period_end: true },
      { secret: SECRET, created: now },
    );
    const resumed = stripe.webhook(
      'customer.subscription.updated',
      { ...subscription, cancel_at_period_end: false },
      { secret: SECRET, created: now + 10 },
    );
    await deliver(resumed).expect(200);
    await deliver(cancelled).expect(200);
    expect((await membership(token)).status).toBe('active');

    const later = stripe.webhook(
      'customer.subscription.updated',
      { ...subscription, cancel_at_period_end: true },
      { secret: SECRET, created: now + 20 },
    );
    await deliver(later).expect(200);
    await deliver(later).expect(200);
    expect((await membership(token)).status).toBe('cancelled');
    expect(await ledger(userId)).toEqual(['payment', 'cancellation']);

    await deliver(
      stripe.webhook('customer.subscription.deleted', { ...subscription, status: 'canceled' }, { secret: SECRET, created: now + 30 }),
    ).expect(200);
    expect((await membership(token)).status).toBe('cancelled');
  });

  it('refunds the first payment in full through Stripe and ends the subscription', async () => {
    const { token, userId, paymentIntentId, subscription } = await member();
    const refunded = await payments().post('/api/payments/membership/refund').set(bearer(token)).expect(200);
    expect(refunded.body.refund).toMatchObject({ paymentIntentId, amountCents: 199, currency: 'usd' });
    const refunds = [...stripe.objects.values()].filter((o) => o.object === 'refund' && o.payment_intent === paymentIntentId);
    expect(refunds).toEqual([expect.objectContaining({ amount: 199 })]);
    expect(stripe.requests.find((r) => r.path === '/v1/refunds' && r.form.get('payment_intent') === paymentIntentId)?.idempotencyKey).toBe(
      `membership-refund-${paymentIntentId}`,
    );
    expect(stripe.subscriptions.get(subscription.id)!.status).toBe('canceled');
    await payments().post('/api/payments/membership/refund').set(bearer(token)).expect(200);
    expect([...stripe.objects.values()].filter((o) => o.object === 'refund' && o.payment_intent === paymentIntentId)).toHaveLength(1);
    await waitFor(async () => ((await me(token)).isPremium === false ? true : undefined), 1000, 'premium to end in auth');
    expect(await ledger(userId)).toEqual(['payment', 'refund']);
  });

  it('shows a year bought before renewals (no Stripe subscription) as ending, never renewing or reminded', async () => {
    const { token, userId } = await harness.register();
    const paidThrough = new Date(Date.now() + 3 * 86_400_000);
    await harness.paymentsQuery(`INSERT INTO memberships (user_id, paid_through, status) VALUES ($1, $2, 'active')`, [userId, paidThrough]);
    expect(await membership(token)).toMatchObject({
      status: 'cancelled',
      isPremium: true,
      renewsAt: null,
      endsAt: paidThrough.toISOString(),
    });
    expect((await payments().post('/api/payments/membership/resume').set(bearer(token)).expect(409)).body).toEqual({
      error: MEMBERSHIP_ERRORS.singleYear,
    });
    await payments().post('/api/payments/membership/cancel').set(bearer(token)).expect(200);
    await harness.payments.app.get(MembershipRenewalsJob).runDue();
    expect(await ledger(userId)).toEqual([]);
  });

  it('answers 503 and changes nothing when Stripe cannot refund', async () => {
    const { token, userId } = await member();
    stripe.failNext(1);
    const response = await payments().post('/api/payments/membership/refund').set(bearer(token)).expect(503);
    expect(response.body).toEqual({ error: 'The payment provider is unavailable. Try again shortly.' });
    expect(await membership(token)).toMatchObject({ status: 'active', isPremium: true, refund: { eligible: true } });
    expect(await ledger(userId)).toEqual(['payment']);
  });
});
