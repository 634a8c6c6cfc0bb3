import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { waitFor } from '@garage/testing';
import { newId, NotificationsHarness } from './harness.js';

/**
 * Receipts for every membership charge and refund, the renewal reminder and a failed renewal reach
 * the member in the bell and by email (always: it is their money), once per fact.
 */
let h: NotificationsHarness;
const memberId = newId();
const email = `member${memberId}@example.com`;
const paidThrough = '2027-03-10T12:00:00.000Z';
const change = { userId: memberId, paidThrough, occurredAt: '2026-03-03T12:00:00.000Z' };

beforeAll(async () => {
  h = await NotificationsHarness.launch();
  await h.user(memberId, { email, premium: true });
});

afterAll(async () => {
  await h?.close();
});

it('sends a receipt for a charge and a refund, the reminder and a failed renewal, once each, in the bell and by email', async () => {
  const charge = await h.publishAndApply('payment.succeeded', 1, {
    paymentIntentId: 'pi_sim_receipt1',
    userId: memberId,
    amountCents: 199,
    currency: 'usd',
    succeededAt: '2026-03-10T12:00:00.000Z',
    premiumExpiresAt: paidThrough,
    renewal: false,
  });
  await h.publish(charge.type, charge.version, charge.data); // the same payment again, as another message
  await h.publishAndApply('membership.renewal_due', 2, { ...change, status: 'active', amountCents: 199, currency: 'usd' });
  await h.publishAndApply('membership.renewal_failed', 3, { ...change, status: 'past_due', amountCents: 199, currency: 'usd' });
  await h.publishAndApply('membership.refunded', 4, {
    ...change,
    status: 'refunded',
    amountCents: 199,
    currency: 'usd',
    paymentIntentId: 'pi_sim_receipt1',
    refundedAt: '2026-04-01T09:00:00.000Z',
    premiumExpiresAt: '2026-04-01T09:00:00.000Z',
  });

  const bell = await h
    .api()
    .get('/api/alerts')
    .set('authorization', await h.bearer(memberId))
    .expect(200);
  const alerts = (bell.body.alerts as Array<{ kind: string; title: string; message: string; link: string }>).filter(
    (a) => a.kind === 'membership',
  );
  expect(alerts.map((a) => a.title).sort()).toEqual(
    [
      'Receipt: $1.99 for Garage Premium',
      'Refund receipt: $1.99 for Garage Premium',
      'Your Garage Premium membership renews in 7 days',
      'Your Garage Premium renewal payment failed',
    ].sort(),
  );
  expect(alerts.every((a) => a.link === '/profile')).toBe(true);
  const receipt = alerts.find((a) => a.title.startsWith('Receipt'))!;
  expect(receipt.message).toBe(
    'Receipt: you paid $1.99 on March 10, 2026 for one year of Garage Premium membership. Premium until March 10, 2027. Payment pi_sim_receipt1.',
  );
  expect(alerts.find((a) => a.title.includes('renews in 7 days'))!.message).toContain('renews on March 10, 2027 for $1.99 a year');
  expect(alerts.find((a) => a.title.includes('failed'))!.message).toContain('You stay premium until March 10, 2027');
  expect(alerts.find((a) => a.title.startsWith('Refund'))!.message).toContain('refunded in full on April 1, 2026');

  const mails = await waitFor(() => {
    const found = h.mailbox.messages().filter((m) => m.to === email);
    return found.length >= 4 ? found : undefined;
  });
  expect(mails.map((m) => m.subject).sort()).toEqual(alerts.map((a) => a.title).sort());
  const receiptMail = mails.find((m) => m.subject.startsWith('Receipt'))!;
  expect(receiptMail.text).toContain('$1.99');
  expect(receiptMail.text).toContain('March 10, 2026');
  expect(receiptMail.text).toContain('https://garage.test/profile');
  expect(receiptMail.headers ?? {}).not.toHaveProperty('List-Unsubscribe');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(h.mailbox.messages().filter((m) => m.to === email)).toHaveLength(4);
});
