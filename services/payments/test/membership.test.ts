import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { MEMBERSHIP_ERRORS } from '@garage/contracts';
import { waitFor } from '@garage/testing';
import { PaymentProvider, SimulatedPaymentProvider } from '@garage/payment-provider';
import { MembershipRenewalsJob } from '../src/index.js';
import { addMonthsUtc } from '../src/memberships/membership-period.js';
import { startPremiumHarness, type PremiumHarness } from './harness.js';

/**
 * The yearly membership with the simulated provider, on a clock the test moves (auth and payments
 * share it): renewal, reminder, cancel and resume, the end of a cancelled period, a failed
 * renewal, and the 30-day money-back guarantee. Premium is checked where the member sees it: auth.
 */
let harness: PremiumHarness;
let provider: SimulatedPaymentProvider;
let renewals: MembershipRenewalsJob;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const payments = () => request(harness.payments.url);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function member() {
  const { token, userId } = await harness.register();
  const paymentIntentId = (await payments().post('/api/payments/subscribe').set(bearer(token)).expect(200)).body.paymentIntentId;
  const confirmed = await payments().post('/api/payments/confirm-subscription').set(bearer(token)).send({ paymentIntentId }).expect(200);
  const paidThrough = new Date(confirmed.body.premiumExpiresAt);
  await premiumUntil(token, paidThrough.toISOString());
  return { token, userId, paymentIntentId, paidThrough };
}

const membership = async (token: string) => (await payments().get('/api/payments/membership').set(bearer(token)).expect(200)).body;
const me = async (token: string) => (await request(harness.auth.url).get('/api/users/me').set(bearer(token)).expect(200)).body;

function premiumUntil(token: string, expiresAt: string) {
  return waitFor(async () => ((await me(token)).premiumExpiresAt === expiresAt ? true : undefined), 5000, `premium until ${expiresAt}`);
}

async function ledger(userId: number): Promise<string[]> {
  const rows = await harness.paymentsQuery<{ kind: string }>(`SELECT kind FROM membership_ledger WHERE user_id = $1 ORDER BY id`, [userId]);
  return rows.map((row) => row.kind);
}

async function outboxTypes(userId: number): Promise<string[]> {
  const rows = await harness.paymentsQuery<{ type: string }>(`SELECT type FROM outbox WHERE envelope->'data'->>'userId' = $1 ORDER BY id`, [
    String(userId),
  ]);
  return rows.map((row) => row.type);
}

beforeAll(async () => {
  harness = await startPremiumHarness();
  provider = harness.payments.app.get(PaymentProvider) as SimulatedPaymentProvider;
  renewals = harness.payments.app.get(MembershipRenewalsJob);
});

beforeEach(() => {
  harness.clock.set(new Date());
});

afterAll(async () => {
  await harness.close();
});

describe('a yearly membership that renews unless cancelled', () => {
  it('subscribe → reminder → renew → cancel → resume → cancel → period ends → free', async () => {
    const { token, userId, paidThrough } = await member();
    expect(await membership(token)).toEqual({
      status: 'active',
      isPremium: true,
      renewsAt: paidThrough.toISOString(),
      endsAt: null,
      priceCents: 199,
      currency: 'usd',
      refund: { eligible: true, until: expect.any(String), amountCents: 199 },
    });

    // Seven days before the paid date: one reminder, however often the job runs.
    harness.clock.set(new Date(paidThrough.getTime() - 7 * DAY + HOUR));
    await renewals.runDue();
    await renewals.runDue();
    await waitFor(() => harness.events.find((e) => e.type === 'membership.renewal_due' && e.data.userId === userId));
    expect((await outboxTypes(userId)).filter((t) => t === 'membership.renewal_due')).toHaveLength(1);

    // A day before the paid date the simulated provider charges the renewal.
    harness.clock.set(new Date(paidThrough.getTime() - 12 * HOUR));
    await renewals.runDue();
    const renewedThrough = addMonthsUtc(paidThrough, 12).toISOString();
    const renewed = await waitFor(() =>
      harness.events.find((e) => e.type === 'payment.succeeded' && e.data.userId === userId && e.data.renewal === true),
    );
    expect(renewed.data).toMatchObject({ amountCents: 199, currency: 'usd', premiumExpiresAt: renewedThrough });
    await premiumUntil(token, renewedThrough);
    expect(await membership(token)).toMatchObject({ status: 'active', renewsAt: renewedThrough, endsAt: null });

    const cancelled = await payments().post('/api/payments/membership/cancel').set(bearer(token)).expect(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', isPremium: true, renewsAt: null, endsAt: renewedThrough });
    expect((await payments().post('/api/payments/membership/cancel').set(bearer(token)).expect(200)).body).toEqual(cancelled.body);

    const resumed = await payments().post('/api/payments/membership/resume').set(bearer(token)).expect(200);
    expect(resumed.body).toMatchObject({ status: 'active', renewsAt: renewedThrough, endsAt: null });
    await payments().post('/api/payments/membership/cancel').set(bearer(token)).expect(200);

    // A cancelled membership is neither reminded nor charged.
    harness.clock.set(new Date(new Date(renewedThrough).getTime() - 12 * HOUR));
    await renewals.runDue();
    expect(await membership(token)).toMatchObject({ status: 'cancelled', isPremium: true, endsAt: renewedThrough });

    harness.clock.set(new Date(new Date(renewedThrough).getTime() + 60_000));
    expect(await membership(token)).toMatchObject({ status: 'ended', isPremium: false, renewsAt: null, endsAt: renewedThrough });
    expect((await me(token)).isPremium).toBe(false);
    const refused = await payments().post('/api/payments/membership/resume').set(bearer(token)).expect(409);
    expect(refused.body).toEqual({ error: MEMBERSHIP_ERRORS.nothingToResume });

    expect(await ledger(userId)).toEqual(['payment', 'reminder', 'renewal', 'cancellation', 'resumption', 'cancellation']);
    // One event per ledger row (the outbox is not ordered by its key; consumers order by version).
    expect((await outboxTypes(userId)).sort()).toEqual(
      [
        'payment.succeeded',
        'membership.renewal_due',
        'payment.succeeded',
        'membership.cancelled',
        'membership.resumed',
        'membership.cancelled',
      ].sort(),
    );
    const receipts = (await payments().get('/api/payments/receipts').set(bearer(token)).expect(200)).body.receipts;
    expect(receipts.map((r: { kind: string; description: string }) => [r.kind, r.description])).toEqual([
      ['charge', 'Garage Premium membership, yearly renewal'],
      ['charge', 'Garage Premium membership, one year'],
    ]);
  });

  it('keeps a member whose renewal failed premium until the paid date, tells them once, then ends', async () => {
    const { token, userId, paidThrough } = await member();
    provider.declineRenewals(userId);
    harness.clock.set(new Date(paidThrough.getTime() - 12 * HOUR));
    await renewals.runDue();
    await renewals.runDue();
    expect(await membership(token)).toMatchObject({
      status: 'past_due',
      isPremium: true,
      renewsAt: null,
      endsAt: paidThrough.toISOString(),
    });
    expect((await me(token)).isPremium).toBe(true);
    const failed = await waitFor(() => harness.events.find((e) => e.type === 'membership.renewal_failed' && e.data.userId === userId));
    expect(failed.data).toMatchObject({ status: 'past_due', paidThrough: paidThrough.toISOString(), amountCents: 199 });
    expect((await outboxTypes(userId)).filter((t) => t === 'membership.renewal_failed')).toHaveLength(1);
    expect(await ledger(userId)).toEqual(['payment', 'reminder', 'renewal_failed']);

    harness.clock.set(new Date(paidThrough.getTime() + 60_000));
    expect(await membership(token)).toMatchObject({ status: 'ended', isPremium: false });
    expect((await me(token)).isPremium).toBe(false);
  });

  it('answers 409 to cancel or resume without a membership, and 401 to a visitor', async () => {
    const { token } = await harness.register();
    expect((await payments().post('/api/payments/membership/cancel').set(bearer(token)).expect(409)).body).toEqual({
      error: MEMBERSHIP_ERRORS.nothingToCancel,
    });
    await payments().post('/api/payments/membership/resume').set(bearer(token)).expect(409);
    expect((await membership(token)).status).toBe('none');
    await payments().get('/api/payments/membership').expect(401);
    await payments().post('/api/payments/membership/refund').expect(401);
  });
});

describe('30-day money-back guarantee', () => {
  it('refunds in full on day 29, ends premium at once everywhere, and answers the same when asked again', async () => {
    const { token, userId, paymentIntentId } = await member();
    harness.clock.advanceDays(29);
    const refunded = await payments().post('/api/payments/membership/refund').set(bearer(token)).expect(200);
    expect(refunded.body).toEqual({
      refund: { paymentIntentId, amountCents: 199, currency: 'usd', refundedAt: expect.any(String) },
      membership: expect.objectContaining({
        status: 'refunded',
        isPremium: false,
        renewsAt: null,
        refund: expect.objectContaining({ eligible: false }),
      }),
    });
    const refunds = [...provider.refunds.values()].filter((r) => r.paymentIntentId === paymentIntentId);
    expect(refunds).toEqual([expect.objectContaining({ amountCents: 199, idempotencyKey: `membership-refund-${paymentIntentId}` })]);

    // Auth follows within a second, and tells every service with user.premium_ended.
    const started = Date.now();
    await waitFor(async () => ((await me(token)).isPremium === false ? true : undefined), 1000, 'auth to end premium');
    expect(Date.now() - started).toBeLessThan(1000);
    const ended = await waitFor(() => harness.events.find((e) => e.type === 'user.premium_ended' && e.data.id === userId));
    expect(ended.data.premiumExpiresAt).toBe(refunded.body.refund.refundedAt);

    const again = await payments().post('/api/payments/membership/refund').set(bearer(token)).expect(200);
    expect(again.body).toEqual(refunded.body);
    expect([...provider.refunds.values()].filter((r) => r.paymentIntentId === paymentIntentId)).toHaveLength(1);
    expect(await ledger(userId)).toEqual(['payment', 'refund']);
    expect((await outboxTypes(userId)).filter((t) => t === 'membership.refunded')).toHaveLength(1);
    // No renewal after a refund, however the clock moves.
    harness.clock.advanceDays(400);
    await renewals.runDue();
    expect(await ledger(userId)).toEqual(['payment', 'refund']);

    const receipts = (await payments().get('/api/payments/receipts').set(bearer(token)).expect(200)).body.receipts;
    expect(receipts.map((r: { kind: string; amountCents: number }) => [r.kind, r.amountCents])).toEqual([
      ['refund', 199],
      ['charge', 199],
    ]);
  });

  it('refunds once when asked twice at the same moment', async () => {
    const { token, paymentIntentId } = await member();
    const [a, b] = await Promise.all([
      payments().post('/api/payments/membership/refund').set(bearer(token)),
      payments().post('/api/payments/membership/refund').set(bearer(token)),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect([...provider.refunds.values()].filter((r) => r.paymentIntentId === paymentIntentId)).toHaveLength(1);
  });

  it('answers 409 with a clear text on day 31 and changes nothing', async () => {
    const { token, userId, paidThrough, paymentIntentId } = await member();
    harness.clock.advanceDays(31);
    const refused = await payments().post('/api/payments/membership/refund').set(bearer(token)).expect(409);
    expect(refused.body).toEqual({ error: MEMBERSHIP_ERRORS.refundWindowPassed });
    expect(refused.body.error).toMatch(/30-day money-back guarantee has passed/);
    expect(await membership(token)).toMatchObject({ status: 'active', isPremium: true, refund: { eligible: false, amountCents: 199 } });
    expect((await me(token)).premiumExpiresAt).toBe(paidThrough.toISOString());
    expect([...provider.refunds.values()].filter((r) => r.paymentIntentId === paymentIntentId)).toHaveLength(0);
    expect(await ledger(userId)).toEqual(['payment']);
  });

  it("refunds only the caller's own payment: another member has nothing to refund", async () => {
    const owner = await member();
    const other = await harness.register();
    const response = await payments().post('/api/payments/membership/refund').set(bearer(other.token)).expect(409);
    expect(response.body).toEqual({ error: MEMBERSHIP_ERRORS.nothingToRefund });
    expect(await membership(owner.token)).toMatchObject({ status: 'active', isPremium: true });
  });
});
