import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { StripeStandIn, type StandInIntent, waitFor } from '@garage/testing';
import { startPremiumHarness, type PremiumHarness } from './harness.js';

/**
 * The Stripe adapter, through the real Stripe SDK against a local stand-in of Stripe's API, and
 * webhooks signed with the SDK's test helper: signature checks on the raw body, duplicates,
 * reordering, and intents the service has never seen.
 */
const SECRET = 'whsec_garage_test_secret';
let harness: PremiumHarness;
const stripe = new StripeStandIn();

const payments = () => request(harness.payments.url);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const premiumMetadata = (userId: number) => ({ userId: String(userId), purpose: 'premium_membership' });

function deliver(webhook: { payload: string; signature: string }) {
  return payments()
    .post('/api/payments/webhook')
    .set('content-type', 'application/json; charset=utf-8')
    .set('stripe-signature', webhook.signature)
    .send(webhook.payload);
}

async function subscribe(token: string): Promise<StandInIntent> {
  const response = await payments().post('/api/payments/subscribe').set(bearer(token)).expect(200);
  const intent = stripe.intents.get(response.body.paymentIntentId);
  expect(intent).toBeDefined();
  expect(response.body.clientSecret).toBe(intent!.client_secret);
  return intent!;
}

async function stateOf(paymentIntentId: string) {
  const [row] = await harness.paymentsQuery<{ status: string | null; subscriptions: number; events: number; history: string[] }>(
    `SELECT (SELECT status FROM payment_intents WHERE id = $1) AS status,
            (SELECT count(*)::int FROM subscriptions WHERE payment_intent_id = $1) AS subscriptions,
            (SELECT count(*)::int FROM outbox WHERE type = 'payment.succeeded' AND envelope->'data'->>'paymentIntentId' = $1) AS events,
            (SELECT coalesce(array_agg(status ORDER BY id), '{}') FROM payment_intent_history WHERE payment_intent_id = $1) AS history`,
    [paymentIntentId],
  );
  return row!;
}

async function premiumOf(token: string, expected: string) {
  return waitFor(
    async () => {
      const me = (await request(harness.auth.url).get('/api/users/me').set(bearer(token)).expect(200)).body;
      return me.isPremium && me.premiumExpiresAt === expected ? me : undefined;
    },
    5000,
    `premium until ${expected} in auth`,
  );
}

async function paidThrough(userId: number): Promise<string> {
  const [row] = await harness.paymentsQuery<{ paid_through: Date }>(`SELECT paid_through FROM memberships WHERE user_id = $1`, [userId]);
  return row!.paid_through.toISOString();
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

describe('Stripe payment intents', () => {
  it('tells the SPA to show the Stripe card step with the publishable key', async () => {
    const response = await payments().get('/api/payments/config').expect(200);
    expect(response.body).toEqual({ provider: 'stripe', publishableKey: 'pk_test_garage', priceCents: 199, currency: 'usd' });
  });

  it('creates the intent at Stripe with an idempotency key, the price in cents and the buyer in its metadata', async () => {
    const { token, userId } = await harness.register();
    const intent = await subscribe(token);
    expect(intent).toMatchObject({ amount: 199, currency: 'usd', metadata: premiumMetadata(userId) });
    // A yearly Stripe Subscription whose first invoice's intent is the one the browser pays.
    const call = stripe.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/subscriptions' && r.form.get('metadata[userId]') === String(userId),
    );
    expect(call?.idempotencyKey).toMatch(/^premium-\d+-[0-9a-f-]{36}-subscription$/);
    expect(call?.authorization).toBe('Bearer sk_test_garage');
    expect(call?.form.get('payment_behavior')).toBe('default_incomplete');
    const price = stripe.prices.get(call!.form.get('items[0][price]')!);
    expect(price).toMatchObject({ unit_amount: 199, currency: 'usd', recurring: { interval: 'year' } });
    expect(stripe.subscriptionOf(intent.id)?.metadata).toEqual(premiumMetadata(userId));
    expect((await stateOf(intent.id)).status).toBe('requires_payment_method');
  });

  it('refuses to confirm before the card is paid, then grants the year once Stripe says it succeeded', async () => {
    const { token } = await harness.register();
    const intent = await subscribe(token);
    const refused = await payments()
      .post('/api/payments/confirm-subscription')
      .set(bearer(token))
      .send({ paymentIntentId: intent.id })
      .expect(400);
    expect(refused.body).toEqual({ error: 'Payment has not succeeded' });

    stripe.setStatus(intent.id, 'succeeded');
    const confirmed = await payments()
      .post('/api/payments/confirm-subscription')
      .set(bearer(token))
      .send({ paymentIntentId: intent.id })
      .expect(200);
    await premiumOf(token, confirmed.body.premiumExpiresAt);
    expect(await stateOf(intent.id)).toMatchObject({ status: 'succeeded', subscriptions: 1, events: 1 });
  });

  it('answers 503 while Stripe is unreachable, without recording an attempt or leaking its words', async () => {
    const { token, userId } = await harness.register();
    stripe.failNext();
    const response = await payments().post('/api/payments/subscribe').set(bearer(token)).expect(503);
    expect(response.body).toEqual({ error: 'The payment provider is unavailable. Try again shortly.' });
    expect(await harness.paymentsQuery(`SELECT id FROM payment_intents WHERE user_id = $1`, [userId])).toEqual([]);
  });

  it("answers 404 for an intent Stripe does not know, and for another member's", async () => {
    const owner = await harness.register();
    const other = await harness.register();
    const intent = await subscribe(owner.token);
    stripe.setStatus(intent.id, 'succeeded');
    await payments().post('/api/payments/confirm-subscription').set(bearer(other.token)).send({ paymentIntentId: intent.id }).expect(404);
    await payments()
      .post('/api/payments/confirm-subscription')
      .set(bearer(owner.token))
      .send({ paymentIntentId: 'pi_unknown123' })
      .expect(404);
  });
});

describe('POST /api/payments/webhook', () => {
  it('applies a correctly signed payment_intent.succeeded on its raw bytes; the later confirmation answers the same expiry', async () => {
    const { token, userId } = await harness.register();
    const intent = await subscribe(token);
    const webhook = stripe.webhook('payment_intent.succeeded', stripe.setStatus(intent.id, 'succeeded'), { secret: SECRET });
    const response = await deliver(webhook).expect(200);
    expect(response.body).toEqual({ received: true });

    const expiry = await paidThrough(userId);
    await premiumOf(token, expiry);
    const paid = await waitFor(() => harness.events.find((e) => e.type === 'payment.succeeded' && e.data.paymentIntentId === intent.id));
    expect(paid.data).toMatchObject({ userId, amountCents: 199, currency: 'usd', premiumExpiresAt: expiry });

    const confirmed = await payments()
      .post('/api/payments/confirm-subscription')
      .set(bearer(token))
      .send({ paymentIntentId: intent.id })
      .expect(200);
    expect(confirmed.body).toEqual({ success: true, premiumExpiresAt: expiry });
    expect(await stateOf(intent.id)).toMatchObject({ subscriptions: 1, events: 1 });
  });

  it('answers 400 to a wrong signature, a missing one, or one signed too long ago, and applies none of them', async () => {
    const { userId } = await harness.register();
    const intent = stripe.createIntent({ amount: 199, currency: 'usd', metadata: premiumMetadata(userId), status: 'succeeded' });
    const forged = stripe.webhook('payment_intent.succeeded', intent, { secret: 'whsec_someone_else' });
    expect((await deliver(forged).expect(400)).body).toEqual({ error: 'Invalid webhook signature' });

    const unsigned = stripe.webhook('payment_intent.succeeded', intent, { secret: SECRET });
    await payments().post('/api/payments/webhook').set('content-type', 'application/json').send(unsigned.payload).expect(400);

    const stale = stripe.webhook('payment_intent.succeeded', intent, { secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect((await deliver(stale).expect(400)).body).toEqual({ error: 'Invalid webhook signature' });

    const tampered = stripe.webhook('payment_intent.succeeded', intent, { secret: SECRET });
    await deliver({ ...tampered, payload: tampered.payload.replace('"amount": 199', '"amount": 1') }).expect(400);

    const seen = await harness.paymentsQuery(`SELECT id FROM webhook_events WHERE id = ANY($1)`, [
      [forged.id, unsigned.id, stale.id, tampered.id],
    ]);
    expect(seen).toEqual([]);
    expect(await stateOf(intent.id)).toMatchObject({ status: null, subscriptions: 0 });
  });

  it('applies a redelivered event once, and a second event about the same payment extends nothing', async () => {
    const { token, userId } = await harness.register();
    const intent = await subscribe(token);
    stripe.setStatus(intent.id, 'succeeded');
    const webhook = stripe.webhook('payment_intent.succeeded', intent, { secret: SECRET });
    await deliver(webhook).expect(200);
    await deliver(webhook).expect(200);
    const expiry = await paidThrough(userId);
    await deliver(stripe.webhook('payment_intent.succeeded', intent, { secret: SECRET })).expect(200);

    expect(await paidThrough(userId)).toBe(expiry);
    expect(await stateOf(intent.id)).toMatchObject({
      subscriptions: 1,
      events: 1,
      history: ['requires_payment_method', 'succeeded', 'succeeded'],
    });
    await premiumOf(token, expiry);
  });

  it('keeps succeeded when older events arrive after it', async () => {
    const { token, userId } = await harness.register();
    const intent = await subscribe(token);
    const now = Math.floor(Date.now() / 1000);
    const succeeded = stripe.webhook('payment_intent.succeeded', { ...intent, status: 'succeeded' }, { secret: SECRET, created: now });
    const processing = stripe.webhook(
      'payment_intent.processing',
      { ...intent, status: 'processing' },
      { secret: SECRET, created: now - 20 },
    );
    const failed = stripe.webhook(
      'payment_intent.payment_failed',
      { ...intent, status: 'requires_payment_method' },
      { secret: SECRET, created: now - 30 },
    );
    await deliver(succeeded).expect(200);
    await deliver(processing).expect(200);
    await deliver(failed).expect(200);

    expect(await stateOf(intent.id)).toMatchObject({
      status: 'succeeded',
      subscriptions: 1,
      history: ['requires_payment_method', 'succeeded', 'processing', 'requires_payment_method'],
    });
    await premiumOf(token, await paidThrough(userId));
  });

  it('moves a pending intent forward in Stripe time only', async () => {
    const { token } = await harness.register();
    const intent = await subscribe(token);
    const now = Math.floor(Date.now() / 1000);
    await deliver(
      stripe.webhook('payment_intent.requires_action', { ...intent, status: 'requires_action' }, { secret: SECRET, created: now + 5 }),
    ).expect(200);
    await deliver(
      stripe.webhook('payment_intent.processing', { ...intent, status: 'processing' }, { secret: SECRET, created: now + 1 }),
    ).expect(200);
    expect((await stateOf(intent.id)).status).toBe('requires_action');
  });

  it('records and grants a succeeded intent it has never seen, once its earlier events are in too', async () => {
    const { token, userId } = await harness.register();
    const intent = stripe.createIntent({ amount: 199, currency: 'usd', metadata: premiumMetadata(userId) });
    const now = Math.floor(Date.now() / 1000);
    await deliver(
      stripe.webhook('payment_intent.processing', { ...intent, status: 'processing' }, { secret: SECRET, created: now - 5 }),
    ).expect(200);
    expect(await stateOf(intent.id)).toMatchObject({ status: 'processing', subscriptions: 0 });

    await deliver(
      stripe.webhook('payment_intent.succeeded', stripe.setStatus(intent.id, 'succeeded'), { secret: SECRET, created: now }),
    ).expect(200);
    expect(await stateOf(intent.id)).toMatchObject({ status: 'succeeded', subscriptions: 1, events: 1 });
    await premiumOf(token, await paidThrough(userId));
  });

  it('ignores payments that are not premium purchases by a member', async () => {
    const { userId } = await harness.register();
    const foreign = stripe.createIntent({ amount: 199, currency: 'usd', metadata: {}, status: 'succeeded' });
    const otherProduct = stripe.createIntent({ amount: 5000, currency: 'usd', metadata: { userId: String(userId) }, status: 'succeeded' });
    await deliver(stripe.webhook('payment_intent.succeeded', foreign, { secret: SECRET })).expect(200);
    await deliver(stripe.webhook('payment_intent.succeeded', otherProduct, { secret: SECRET })).expect(200);
    expect(await stateOf(foreign.id)).toMatchObject({ status: null, subscriptions: 0 });
    expect(await stateOf(otherProduct.id)).toMatchObject({ status: 'succeeded', subscriptions: 0, events: 0 });
  });
});

describe('reservation payments (the items service owns reservations)', () => {
  const reservationMetadata = (userId: number) => ({ userId: String(userId), purpose: 'reservation' });

  async function forwarded(paymentIntentId: string) {
    const rows = await harness.paymentsQuery<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE type = 'payment.intent_succeeded' AND envelope->'data'->>'paymentIntentId' = $1`,
      [paymentIntentId],
    );
    return rows[0]!.n;
  }

  it('passes a succeeded reservation payment on once, however often and in whatever order Stripe sends it', async () => {
    const { userId } = await harness.register();
    const intent = stripe.createIntent({ amount: 1234, currency: 'usd', metadata: reservationMetadata(userId) });
    const now = Math.floor(Date.now() / 1000);
    const succeeded = stripe.webhook('payment_intent.succeeded', { ...intent, status: 'succeeded' }, { secret: SECRET, created: now });
    const processing = stripe.webhook(
      'payment_intent.processing',
      { ...intent, status: 'processing' },
      { secret: SECRET, created: now - 10 },
    );
    await deliver(succeeded).expect(200);
    await deliver(succeeded).expect(200);
    await deliver(processing).expect(200);
    expect(await forwarded(intent.id)).toBe(1);
    expect(await stateOf(intent.id)).toMatchObject({ status: 'succeeded', subscriptions: 0, events: 0 });
    const [row] = await harness.paymentsQuery<{ envelope: { data: object } }>(
      `SELECT envelope FROM outbox WHERE type = 'payment.intent_succeeded' AND envelope->'data'->>'paymentIntentId' = $1`,
      [intent.id],
    );
    expect(row!.envelope.data).toMatchObject({
      paymentIntentId: intent.id,
      userId,
      amountCents: 1234,
      currency: 'usd',
      purpose: 'reservation',
    });
  });

  it('passes nothing on for a reservation payment that has not succeeded', async () => {
    const { userId } = await harness.register();
    const intent = stripe.createIntent({ amount: 500, currency: 'usd', metadata: reservationMetadata(userId) });
    await deliver(stripe.webhook('payment_intent.payment_failed', intent, { secret: SECRET })).expect(200);
    expect(await forwarded(intent.id)).toBe(0);
  });
});
