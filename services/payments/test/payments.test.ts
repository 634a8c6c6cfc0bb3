import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { EventEnvelope } from '@garage/contracts';
import { waitFor } from '@garage/testing';
import { PaymentProvider, SimulatedPaymentProvider } from '@garage/payment-provider';
import { addMonthsUtc } from '../src/memberships/membership-period.js';
import { startPremiumHarness, type PremiumHarness } from './harness.js';

/** The simulated provider (the default): subscribe, confirm, renew, and premium reaching auth. */
let harness: PremiumHarness;
let provider: SimulatedPaymentProvider;

const payments = () => request(harness.payments.url);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function subscribe(token: string): Promise<string> {
  const response = await payments().post('/api/payments/subscribe').set(bearer(token)).expect(200);
  return response.body.paymentIntentId;
}

function confirm(token: string, paymentIntentId: unknown) {
  return payments().post('/api/payments/confirm-subscription').set(bearer(token)).send({ paymentIntentId });
}

async function me(token: string) {
  return (await request(harness.auth.url).get('/api/users/me').set(bearer(token)).expect(200)).body;
}

/** How many paid periods and payment.succeeded events one intent produced (the durable record, not timing). */
async function effectsOf(paymentIntentId: string) {
  const [row] = await harness.paymentsQuery<{ subscriptions: number; events: number }>(
    `SELECT (SELECT count(*)::int FROM subscriptions WHERE payment_intent_id = $1) AS subscriptions,
            (SELECT count(*)::int FROM outbox WHERE type = 'payment.succeeded' AND envelope->'data'->>'paymentIntentId' = $1) AS events`,
    [paymentIntentId],
  );
  return row;
}

beforeAll(async () => {
  harness = await startPremiumHarness();
  provider = harness.payments.app.get(PaymentProvider) as SimulatedPaymentProvider;
});

afterAll(async () => {
  await harness.close();
});

describe('GET /api/payments/config', () => {
  it('tells the SPA to show the test-mode step, with the price in cents', async () => {
    const response = await payments().get('/api/payments/config').expect(200);
    expect(response.body).toEqual({ provider: 'simulated', publishableKey: null, priceCents: 199, currency: 'usd' });
  });
});

describe('POST /api/payments/subscribe', () => {
  it('answers 401 to a visitor', async () => {
    const response = await payments().post('/api/payments/subscribe').expect(401);
    expect(response.body).toEqual({ error: 'Authentication required' });
  });

  it('creates a 199-cent USD intent for the caller and records the attempt', async () => {
    const { token, userId } = await harness.register();
    const response = await payments().post('/api/payments/subscribe').set(bearer(token)).expect(200);
    expect(response.body).toEqual({ paymentIntentId: expect.stringMatching(/^pi_sim_/), clientSecret: expect.stringMatching(/_secret_/) });
    const [intent] = await harness.paymentsQuery(`SELECT * FROM payment_intents WHERE id = $1`, [response.body.paymentIntentId]);
    expect(intent).toMatchObject({
      provider: 'simulated',
      user_id: userId,
      amount_cents: 199,
      currency: 'usd',
      status: 'requires_confirmation',
    });
    const history = await harness.paymentsQuery(`SELECT status, source FROM payment_intent_history WHERE payment_intent_id = $1`, [
      intent!.id,
    ]);
    expect(history).toEqual([{ status: 'requires_confirmation', source: 'subscribe' }]);
  });
});

describe('POST /api/payments/confirm-subscription', () => {
  it('makes the caller premium for a year, publishes payment.succeeded, and auth shows it with user.premium_activated', async () => {
    const { token, userId } = await harness.register();
    const paymentIntentId = await subscribe(token);
    const before = new Date();
    const response = await confirm(token, paymentIntentId).expect(200);
    const after = new Date();

    expect(response.body).toEqual({ success: true, premiumExpiresAt: expect.any(String) });
    const expiresAt = new Date(response.body.premiumExpiresAt);
    expect(expiresAt.getTime()).toBeGreaterThanOrEqual(addMonthsUtc(before, 12).getTime());
    expect(expiresAt.getTime()).toBeLessThanOrEqual(addMonthsUtc(after, 12).getTime());

    const paid = await waitFor(() =>
      harness.events.find((e) => e.type === 'payment.succeeded' && e.data.paymentIntentId === paymentIntentId),
    );
    expect(paid.version).toBe(1);
    expect(paid.data).toEqual({
      paymentIntentId,
      userId,
      amountCents: 199,
      currency: 'usd',
      succeededAt: expect.any(String),
      premiumExpiresAt: response.body.premiumExpiresAt,
      renewal: false,
    });

    const user = await waitFor(async () => {
      const body = await me(token);
      return body.isPremium ? body : undefined;
    });
    expect(user.premiumExpiresAt).toBe(response.body.premiumExpiresAt);
    const activated = await waitFor(() =>
      harness.events.find((e): e is EventEnvelope<'user.premium_activated'> => e.type === 'user.premium_activated' && e.data.id === userId),
    );
    expect(activated.version).toBe(2);
    expect(activated.data.premiumExpiresAt).toBe(response.body.premiumExpiresAt);

    const [intent] = await harness.paymentsQuery(`SELECT status, succeeded_at FROM payment_intents WHERE id = $1`, [paymentIntentId]);
    expect(intent).toMatchObject({ status: 'succeeded', succeeded_at: expect.any(Date) });
  });

  it('renews from the current expiry, not from now', async () => {
    const { token } = await harness.register();
    const first = (await confirm(token, await subscribe(token)).expect(200)).body.premiumExpiresAt;
    const second = (await confirm(token, await subscribe(token)).expect(200)).body.premiumExpiresAt;
    expect(second).toBe(addMonthsUtc(new Date(first), 12).toISOString());
    await waitFor(async () => (await me(token)).premiumExpiresAt === second, 5000, 'the renewal to reach auth');
  });

  it('answers a repeated confirmation with the same expiry and extends once', async () => {
    const { token } = await harness.register();
    const paymentIntentId = await subscribe(token);
    const first = (await confirm(token, paymentIntentId).expect(200)).body;
    const again = (await confirm(token, paymentIntentId).expect(200)).body;
    expect(again).toEqual(first);
    expect(await effectsOf(paymentIntentId)).toEqual({ subscriptions: 1, events: 1 });
  });

  it('extends once when the same intent is confirmed twice at the same moment', async () => {
    const { token } = await harness.register();
    const paymentIntentId = await subscribe(token);
    const [a, b] = await Promise.all([confirm(token, paymentIntentId), confirm(token, paymentIntentId)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.premiumExpiresAt).toBe(b.body.premiumExpiresAt);
    expect(await effectsOf(paymentIntentId)).toEqual({ subscriptions: 1, events: 1 });
  });

  it("answers 404 for someone else's intent and grants the caller nothing", async () => {
    const owner = await harness.register();
    const other = await harness.register();
    const paymentIntentId = await subscribe(owner.token);
    const response = await confirm(other.token, paymentIntentId).expect(404);
    expect(response.body).toEqual({ error: 'Payment not found' });
    expect(await effectsOf(paymentIntentId)).toEqual({ subscriptions: 0, events: 0 });
    expect((await me(other.token)).isPremium).toBe(false);
  });

  it('answers 404 for an unknown intent', async () => {
    const { token } = await harness.register();
    const response = await confirm(token, 'pi_sim_doesnotexist').expect(404);
    expect(response.body).toEqual({ error: 'Payment not found' });
  });

  it('answers 400 while the payment has not succeeded, records that, and grants once it has', async () => {
    const { token } = await harness.register();
    const paymentIntentId = await subscribe(token);
    provider.holdIntent(paymentIntentId);
    const refused = await confirm(token, paymentIntentId).expect(400);
    expect(refused.body).toEqual({ error: 'Payment has not succeeded' });
    expect(await effectsOf(paymentIntentId)).toEqual({ subscriptions: 0, events: 0 });
    const [intent] = await harness.paymentsQuery(`SELECT status FROM payment_intents WHERE id = $1`, [paymentIntentId]);
    expect(intent).toEqual({ status: 'requires_payment_method' });

    provider.releaseIntent(paymentIntentId);
    await confirm(token, paymentIntentId).expect(200);
    const history = await harness.paymentsQuery(
      `SELECT status, source FROM payment_intent_history WHERE payment_intent_id = $1 ORDER BY id`,
      [paymentIntentId],
    );
    expect(history).toEqual([
      { status: 'requires_confirmation', source: 'subscribe' },
      { status: 'requires_payment_method', source: 'confirm' },
      { status: 'succeeded', source: 'confirm' },
    ]);
  });

  it('answers 400 with details for a missing or blank paymentIntentId, and for malformed JSON', async () => {
    const { token } = await harness.register();
    const missing = await payments().post('/api/payments/confirm-subscription').set(bearer(token)).send({}).expect(400);
    expect(missing.body.details).toContainEqual({ field: 'paymentIntentId', message: 'paymentIntentId is required' });
    await confirm(token, '   ').expect(400);
    await confirm(token, 42).expect(400);
    const malformed = await payments()
      .post('/api/payments/confirm-subscription')
      .set(bearer(token))
      .set('content-type', 'application/json')
      .send('{"paymentIntentId":')
      .expect(400);
    expect(typeof malformed.body.error).toBe('string');
  });

  it('answers 401 to a visitor', async () => {
    await payments().post('/api/payments/confirm-subscription').send({ paymentIntentId: 'pi_sim_x' }).expect(401);
  });
});

describe('POST /api/payments/webhook', () => {
  it('is not enabled with the simulated provider', async () => {
    const response = await payments().post('/api/payments/webhook').set('stripe-signature', 't=1,v1=x').send({ id: 'evt_1' }).expect(404);
    expect(response.body).toEqual({ error: 'Webhooks are not enabled' });
  });
});
