import { afterAll, beforeAll, expect, it } from '@jest/globals';
// The local stand-in of Stripe's API: the real Stripe SDK runs end to end offline.
import { StripeStandIn, waitFor } from '@garage/testing';
import { ItemsHarness, newId } from './harness.js';

/** Reservations with the Stripe adapter: intents, the card step's outcome, refunds and Connect payouts. */
const stripe = new StripeStandIn();
let h: ItemsHarness;
const host = newId();
const shopper = newId();
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();
const as = async (userId: number) => ({ authorization: await h.bearer(userId) });
const ledger = (id: number) =>
  h.query(`SELECT kind, status, provider_ref FROM reservation_ledger WHERE reservation_id = $1 ORDER BY id`, [id]);

beforeAll(async () => {
  await stripe.start();
  h = await ItemsHarness.launch({
    RESERVATION_SWEEP_MS: '100',
    STRIPE_SECRET_KEY: 'sk_test_garage',
    STRIPE_WEBHOOK_SECRET: 'whsec_garage',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_garage',
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(stripe.port),
    STRIPE_API_PROTOCOL: 'http',
  });
  await h.user(host);
  await h.user(shopper, { premiumExpiresAt: inAMonth() });
});

afterAll(async () => {
  await h?.close();
  await stripe.stop();
});

async function reserve(saleId: number) {
  const item = await h.createItem(host, { garageSaleId: saleId, price: 42.5 });
  const response = await h
    .api()
    .post(`/api/items/${item.id}/reserve`)
    .set(await as(shopper));
  expect(response.status).toBe(200);
  return response.body.reservation as { id: number; paymentIntentId: string; clientSecret: string };
}

it('pays through a Stripe PaymentIntent, pays the host out through Connect once onboarded', async () => {
  const sale = newId();
  await h.sale(sale, host);
  const reservation = await reserve(sale);
  const intent = stripe.intents.get(reservation.paymentIntentId)!;
  expect(intent).toMatchObject({ amount: 4250, currency: 'usd', metadata: { userId: String(shopper), purpose: 'reservation' } });
  expect(reservation.clientSecret).toBe(intent.client_secret);
  const create = stripe.requests.find((r) => r.path === '/v1/payment_intents' && r.form.get('amount') === '4250')!;
  expect(create.idempotencyKey).toMatch(new RegExp(`^reservation-${reservation.id}-\\d+$`));
  // Asking again (the page reloaded) gets the same intent, not a second one.
  const again = await h
    .api()
    .get(`/api/reservations/${reservation.id}`)
    .set(await as(shopper));
  expect(again.body.paymentIntentId).toBe(intent.id);

  // Before the card step in the browser, Stripe says not paid.
  const early = await h
    .api()
    .post(`/api/reservations/${reservation.id}/pay`)
    .set(await as(shopper));
  expect(early.status).toBe(400);
  stripe.setStatus(intent.id, 'succeeded');
  const paid = await h
    .api()
    .post(`/api/reservations/${reservation.id}/pay`)
    .set(await as(shopper));
  expect(paid.body).toMatchObject({ status: 'paid', pickup_code: expect.stringMatching(/^[A-Z2-9]{6}$/) });

  const collect = await h
    .api()
    .post(`/api/reservations/${reservation.id}/collect`)
    .set(await as(host))
    .send({ pickupCode: paid.body.pickup_code });
  expect(collect.status).toBe(200);
  // No payout account yet: the transfer waits (retried) until the host has finished onboarding.
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(await ledger(reservation.id)).toEqual([
    { kind: 'charge', status: 'done', provider_ref: intent.id },
    { kind: 'transfer', status: 'pending', provider_ref: null },
  ]);
  const [pendingTransfer] = await h.query(
    `SELECT attempts, last_error FROM reservation_ledger WHERE reservation_id = $1 AND kind = 'transfer'`,
    [reservation.id],
  );
  expect(pendingTransfer).toEqual({ attempts: 1, last_error: `host ${host} has not set up payouts yet` });
  const onboarding = await h
    .api()
    .post('/api/payouts/onboarding')
    .set(await as(host));
  expect(onboarding.status).toBe(200);
  expect(onboarding.body.url).toContain(onboarding.body.accountId);
  expect(stripe.requests.find((r) => r.path === '/v1/accounts')!.form.get('type')).toBe('express');
  // The back-off after the first failed attempt is 2 s.
  const [transfer] = await waitFor(
    async () => {
      const rows = (await ledger(reservation.id)).filter((r) => r.kind === 'transfer' && r.status === 'done');
      return rows.length ? rows : undefined;
    },
    8000,
    'the transfer',
  );
  expect(transfer!.provider_ref).toMatch(/^tr_/);
  const [timing] = await h.query(
    `SELECT attempts, extract(epoch FROM done_at - created_at)::float >= 2 AS after_back_off FROM reservation_ledger
     WHERE reservation_id = $1 AND kind = 'transfer'`,
    [reservation.id],
  );
  expect(timing).toEqual({ attempts: 2, after_back_off: true });
  expect(stripe.objects.get(transfer!.provider_ref)).toMatchObject({
    amount: 4250,
    destination: onboarding.body.accountId,
    transfer_group: `reservation-${reservation.id}`,
  });
});

it('refunds a paid reservation at Stripe when the host deletes the item', async () => {
  const sale = newId();
  await h.sale(sale, host);
  const reservation = await reserve(sale);
  stripe.setStatus(reservation.paymentIntentId, 'succeeded');
  await h
    .api()
    .post(`/api/reservations/${reservation.id}/pay`)
    .set(await as(shopper))
    .expect(200);
  const [{ item_id }] = await h.query(`SELECT item_id FROM reservations WHERE id = $1`, [reservation.id]);
  await h
    .api()
    .delete(`/api/items/${item_id}`)
    .set(await as(host))
    .expect(204);
  const refund = await waitFor(async () => (await ledger(reservation.id)).find((r) => r.kind === 'refund' && r.status === 'done'));
  expect(stripe.objects.get(refund.provider_ref)).toMatchObject({
    object: 'refund',
    payment_intent: reservation.paymentIntentId,
    amount: 4250,
  });
  expect(
    stripe.requests.find((r) => r.path === '/v1/refunds' && r.form.get('payment_intent') === reservation.paymentIntentId)!.idempotencyKey,
  ).toBe(`reservation-refund-${reservation.id}`);
});

it('leaves a money movement failed for an operator after 20 failed attempts, and stops trying it', async () => {
  // A host who never sets up payouts: every transfer attempt fails.
  const unpaidHost = newId();
  await h.user(unpaidHost);
  const sale = newId();
  await h.sale(sale, unpaidHost);
  const item = await h.createItem(unpaidHost, { garageSaleId: sale, price: 12 });
  const reserved = await h
    .api()
    .post(`/api/items/${item.id}/reserve`)
    .set(await as(shopper));
  const reservation = reserved.body.reservation as { id: number; paymentIntentId: string };
  stripe.setStatus(reservation.paymentIntentId, 'succeeded');
  const paid = await h
    .api()
    .post(`/api/reservations/${reservation.id}/pay`)
    .set(await as(shopper));
  await h
    .api()
    .post(`/api/reservations/${reservation.id}/collect`)
    .set(await as(unpaidHost))
    .send({ pickupCode: paid.body.pickup_code })
    .expect(200);
  const transfer = () =>
    h
      .query(`SELECT status, attempts, last_error FROM reservation_ledger WHERE reservation_id = $1 AND kind = 'transfer'`, [
        reservation.id,
      ])
      .then((rows) => rows[0] as { status: string; attempts: number; last_error: string });
  await waitFor(async () => ((await transfer()).attempts === 1 ? true : undefined), 5000, 'the first attempt');

  // Nineteen attempts are behind it; the next one is due now and is the last.
  await h.query(`UPDATE reservation_ledger SET attempts = 19, next_attempt_at = now() WHERE reservation_id = $1 AND kind = 'transfer'`, [
    reservation.id,
  ]);
  await waitFor(async () => ((await transfer()).status === 'failed' ? true : undefined), 5000, 'the row left failed');
  expect(await transfer()).toEqual({ status: 'failed', attempts: 20, last_error: `host ${unpaidHost} has not set up payouts yet` });

  // Even when due again, a failed row is not taken: the sweep (every 100 ms) leaves it alone.
  await h.query(`UPDATE reservation_ledger SET next_attempt_at = now() WHERE reservation_id = $1 AND kind = 'transfer'`, [reservation.id]);
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(await transfer()).toMatchObject({ status: 'failed', attempts: 20 });
  expect(
    stripe.requests.filter((r) => r.path === '/v1/transfers' && r.form.get('transfer_group') === `reservation-${reservation.id}`),
  ).toEqual([]);
});
