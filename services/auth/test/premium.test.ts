import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { AnyEvent, EventEnvelope } from '@garage/contracts';
import { startService, type RunningService } from '@garage/service-kit';
import { serviceQueueReady, serviceTestEnv, testBus, testEvent, waitFor, type ServiceTestEnv, type TestBus } from '@garage/testing';
import { authService } from '../src/index.js';

/**
 * Premium status in auth follows `payment.succeeded` (published here straight onto the exchange,
 * as the payments service's outbox relay would): the expiry it carries, applied once per payment.
 */
let testEnv: ServiceTestEnv;
let auth: RunningService<unknown>;
let bus: TestBus;
let events: AnyEvent[];
let ipCounter = 0;

const api = () => request(auth.url);

async function register(): Promise<{ token: string; userId: number }> {
  ipCounter += 1;
  const response = await api()
    .post('/api/auth/register')
    .set('x-forwarded-for', `10.7.0.${ipCounter}`)
    .send({ firstName: 'Ada', lastName: 'Lovelace', email: `ada.${randomUUID()}@example.com`, password: 'analytical' })
    .expect(201);
  return { token: response.body.token, userId: response.body.user.id };
}

function payment(userId: number, premiumExpiresAt: string, paymentIntentId = `pi_${randomUUID()}`): EventEnvelope<'payment.succeeded'> {
  return testEvent('payment.succeeded', 1, {
    paymentIntentId,
    userId,
    amountCents: 199,
    currency: 'usd',
    succeededAt: new Date().toISOString(),
    premiumExpiresAt,
  });
}

/** Publishes and waits until auth's inbox has the message: applied and committed, whatever it changed. */
async function deliver(...messages: EventEnvelope[]): Promise<void> {
  await bus.publishEnvelopes(messages);
  const ids = messages.map((message) => message.id);
  await waitFor(
    async () => {
      const rows: unknown[] = await auth.dataSource.query(`SELECT 1 FROM inbox WHERE message_id = ANY($1::uuid[])`, [ids]);
      return rows.length === new Set(ids).size;
    },
    5000,
    'auth to apply the payments',
  );
}

async function me(token: string) {
  return (await api().get('/api/users/me').set('authorization', `Bearer ${token}`).expect(200)).body;
}

const activationsOf = (userId: number) => events.filter((e) => e.type === 'user.premium_activated' && e.data.id === userId);
const inYears = (years: number) => new Date(Date.now() + years * 365 * 24 * 3600 * 1000).toISOString();

beforeAll(async () => {
  testEnv = await serviceTestEnv();
  auth = await startService(authService, { env: testEnv.env });
  bus = await testBus(testEnv.env, { listen: ['user.*'] });
  events = bus.received;
  // Auth binds its queue in the background once connected: until then a payment would be routed nowhere.
  await serviceQueueReady(testEnv.env, 'auth');
});

afterAll(async () => {
  await bus.close();
  await auth.close();
  await testEnv.cleanup();
});

describe('payment.succeeded', () => {
  it('makes the buyer premium until the expiry payments computed, bumps the version and publishes user.premium_activated', async () => {
    const { token, userId } = await register();
    const expiry = inYears(1);
    await deliver(payment(userId, expiry));

    expect(await me(token)).toMatchObject({ id: userId, isPremium: true, premiumExpiresAt: expiry });
    const [activated] = await waitFor(() => (activationsOf(userId).length ? activationsOf(userId) : undefined));
    expect(activated!.version).toBe(2);
    expect(activated!.data).toMatchObject({ id: userId, firstName: 'Ada', premiumExpiresAt: expiry });
  });

  it('extends once when the same payment arrives as two different messages', async () => {
    const { token, userId } = await register();
    const intent = `pi_${randomUUID()}`;
    const first = payment(userId, inYears(1), intent);
    // Were the copy applied, its (different) expiry would show: it must not.
    const copy = payment(userId, inYears(2), intent);
    await deliver(first);
    await deliver(copy);

    expect((await me(token)).premiumExpiresAt).toBe(first.data.premiumExpiresAt);
    const [applied] = await auth.dataSource.query(`SELECT count(*)::int AS n FROM applied_payments WHERE payment_intent_id = $1`, [intent]);
    expect(applied.n).toBe(1);
    const [user] = await auth.dataSource.query(`SELECT version FROM users WHERE id = $1`, [userId]);
    expect(user.version).toBe(2);
  });

  it('keeps the later expiry when payments arrive out of order, and a renewal moves it on', async () => {
    const { token, userId } = await register();
    const later = payment(userId, inYears(2));
    const earlier = payment(userId, inYears(1));
    await deliver(later);
    await deliver(earlier);
    expect((await me(token)).premiumExpiresAt).toBe(later.data.premiumExpiresAt);

    const renewal = payment(userId, inYears(3));
    await deliver(renewal);
    expect((await me(token)).premiumExpiresAt).toBe(renewal.data.premiumExpiresAt);
    await waitFor(() => activationsOf(userId).length === 2, 5000, 'the renewal to be published');
    expect(activationsOf(userId).map((e) => e.version)).toEqual([2, 3]);
  });

  it('shows a member whose paid year is over as not premium', async () => {
    const { token, userId } = await register();
    const lapsed = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
    await deliver(payment(userId, lapsed));
    expect(await me(token)).toMatchObject({ isPremium: false, premiumExpiresAt: lapsed });
  });

  it('acknowledges a payment of an unknown user without changing anyone', async () => {
    const message = payment(1_999_999_999, inYears(1));
    await deliver(message);
    const [row] = await auth.dataSource.query(`SELECT count(*)::int AS n FROM users WHERE id = $1`, [1_999_999_999]);
    expect(row.n).toBe(0);
  });
});

describe('membership.refunded', () => {
  function refunded(userId: number, paymentIntentId: string, version: number, at = new Date()): EventEnvelope<'membership.refunded'> {
    return testEvent('membership.refunded', version, {
      userId,
      status: 'refunded',
      paidThrough: at.toISOString(),
      occurredAt: at.toISOString(),
      amountCents: 199,
      currency: 'usd',
      paymentIntentId,
      refundedAt: at.toISOString(),
      premiumExpiresAt: at.toISOString(),
    });
  }
  const versioned = (event: EventEnvelope<'payment.succeeded'>, version: number) => ({ ...event, version });

  it('ends premium at the refund, publishes user.premium_ended once, and a late copy of the refunded payment revives nothing', async () => {
    const { token, userId } = await register();
    const paid = versioned(payment(userId, inYears(1)), 1);
    await deliver(paid);
    expect((await me(token)).isPremium).toBe(true);

    const refund = refunded(userId, paid.data.paymentIntentId, 2);
    await deliver(refund, { ...refund, id: randomUUID() });
    const user = await me(token);
    expect(user.isPremium).toBe(false);
    expect(user.premiumExpiresAt).toBe(refund.data.premiumExpiresAt);
    const ended = await waitFor(() => events.find((e) => e.type === 'user.premium_ended' && e.data.id === userId));
    expect(ended.data.premiumExpiresAt).toBe(refund.data.premiumExpiresAt);
    expect(events.filter((e) => e.type === 'user.premium_ended' && e.data.id === userId)).toHaveLength(1);

    await deliver({ ...paid, id: randomUUID() });
    expect((await me(token)).isPremium).toBe(false);
  });

  it('lets an older payment arriving after the refund change nothing, and a newer one (subscribed again) count', async () => {
    const { token, userId } = await register();
    const first = versioned(payment(userId, inYears(1)), 1);
    const second = versioned(payment(userId, inYears(2)), 2);
    await deliver(first);
    await deliver(refunded(userId, `pi_${randomUUID()}`, 3));
    // The renewal of version 2 arrives only now: the refund (version 3) came after it and ended it too.
    await deliver(second);
    expect((await me(token)).isPremium).toBe(false);
    const again = versioned(payment(userId, inYears(1)), 4);
    await deliver(again);
    expect((await me(token)).premiumExpiresAt).toBe(again.data.premiumExpiresAt);
  });
});
