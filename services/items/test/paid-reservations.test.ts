import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { hostedReservationSchema, myReservationSchema } from '@garage/contracts';
import { waitFor } from '@garage/testing';
import { newId } from './harness.js';
import { PaidReservations } from './paid-reservations.harness.js';

/** Paying for a reservation: the whole flow to the payout and the rating, the payment webhook, payout onboarding. */

const w = new PaidReservations();
const { host, shopper, stranger, as, reserved, pay, eventsOf, ledger, itemOf } = w;

beforeAll(async () => {
  await w.start();
});

afterAll(async () => {
  await w.close();
});

describe('reserve → pay → pickup code → collected → rated', () => {
  it('runs the whole flow, with every step in events, the ledger and the payout', async () => {
    const sale = newId();
    await w.h.sale(sale, host);
    const { item, reservation } = await reserved(sale, 12.34);
    expect(reservation).toMatchObject({ status: 'pending', amount_cents: 1234, currency: 'usd', pickup_code: null });
    expect(reservation.paymentIntentId).toMatch(/^pi_sim_/);
    expect(reservation.clientSecret).toMatch(/_secret_/);
    const hold = new Date(reservation.expiresAt).getTime() - Date.now();
    expect(hold).toBeGreaterThan(14 * 60_000);
    expect(hold).toBeLessThanOrEqual(15 * 60_000);

    // Nobody but the shopper sees or pays it.
    expect(
      (
        await w.h
          .api()
          .get(`/api/reservations/${reservation.id}`)
          .set(await as(stranger))
      ).status,
    ).toBe(404);
    expect(
      (
        await w.h
          .api()
          .post(`/api/reservations/${reservation.id}/pay`)
          .set(await as(stranger))
      ).status,
    ).toBe(404);

    const paid = await pay(reservation.id);
    expect(paid.status).toBe('paid');
    expect(paid.pickup_code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    expect(paid.clientSecret).toBeNull();
    // Paying again is harmless and keeps the code.
    expect((await pay(reservation.id)).pickup_code).toBe(paid.pickup_code);
    expect(await ledger(reservation.id)).toEqual([
      { kind: 'charge', amount_cents: 1234, status: 'done', provider_ref: paid.paymentIntentId },
    ]);

    const mine = await w.h
      .api()
      .get('/api/reservations/mine')
      .set(await as(shopper));
    const listed = mine.body
      .map((r: unknown) => myReservationSchema.strict().parse(r))
      .find((r: { id: number }) => r.id === reservation.id);
    expect(listed).toMatchObject({
      pickup_code: paid.pickup_code,
      item: { id: item.id, title: 'Oak side table' },
      sale: { id: sale, address: '12 Oak St', city: 'Springfield', start_date: '2099-05-03', start_time: '08:00', end_time: '12:00' },
    });

    // The host's list: item, shopper name, amount; never the code.
    const hosted = await w.h
      .api()
      .get(`/api/reservations/by-sale/${sale}`)
      .set(await as(host));
    expect(hosted.status).toBe(200);
    expect(hosted.body.map((r: unknown) => hostedReservationSchema.strict().parse(r))).toEqual([
      expect.objectContaining({
        id: reservation.id,
        item_title: 'Oak side table',
        status: 'paid',
        amount_cents: 1234,
        shopper_first_name: `First${shopper}`,
      }),
    ]);
    expect(
      (
        await w.h
          .api()
          .get(`/api/reservations/by-sale/${sale}`)
          .set(await as(stranger))
      ).status,
    ).toBe(404);

    // Only the host collects, only with the right code.
    const collectAs = async (userId: number, pickupCode: string) =>
      w.h
        .api()
        .post(`/api/reservations/${reservation.id}/collect`)
        .set(await as(userId))
        .send({ pickupCode });
    expect((await collectAs(stranger, paid.pickup_code!)).status).toBe(404);
    const wrong = await collectAs(host, paid.pickup_code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: 'Pickup code does not match' });
    expect((await collectAs(host, '')).status).toBe(400);
    const collected = await collectAs(host, paid.pickup_code!.toLowerCase());
    expect(collected.status).toBe(200);
    expect(collected.body).toMatchObject({ id: reservation.id, status: 'collected' });
    expect((await collectAs(host, paid.pickup_code!)).status).toBe(409);
    expect(await itemOf(item.id)).toMatchObject({ is_sold: true });

    // The payout: the simulated provider opens the host's account on the first one and records the transfer.
    await waitFor(
      async () => (await ledger(reservation.id)).some((row) => row.kind === 'transfer' && row.status === 'done'),
      5000,
      'payout',
    );
    const transfer = [...w.provider.transfers.values()].find((t) => t.group === `reservation-${reservation.id}`);
    expect(transfer).toMatchObject({ amountCents: 1234, currency: 'usd', destination: expect.stringMatching(/^acct_sim_/) });

    // The shopper rates the host once.
    const rate = async (body: object) =>
      w.h
        .api()
        .post(`/api/reservations/${reservation.id}/rating`)
        .set(await as(shopper))
        .send(body);
    expect((await rate({ stars: 6 })).status).toBe(400);
    expect((await rate({ stars: 5, review: 'Lovely table, easy pickup' })).status).toBe(201);
    const again = await rate({ stars: 1 });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'You have already rated this reservation' });
    const rated = await waitFor(() => w.h.events.find((e) => e.type === 'reservation.rated' && e.data.reservation_id === reservation.id));
    expect(rated.data).toEqual({
      reservation_id: reservation.id,
      host_id: host,
      user_id: shopper,
      stars: 5,
      review: 'Lovely table, easy pickup',
    });

    await waitFor(() => eventsOf(reservation.id).length >= 3);
    expect(eventsOf(reservation.id).map((e) => [e.type, e.version])).toEqual([
      ['reservation.created', 1],
      ['reservation.paid', 2],
      ['reservation.collected', 3],
    ]);
  });

  it('refuses to rate a reservation that was not collected, and the pay of a declined card', async () => {
    const sale = newId();
    await w.h.sale(sale, host);
    const { reservation } = await reserved(sale);
    const rating = await w.h
      .api()
      .post(`/api/reservations/${reservation.id}/rating`)
      .set(await as(shopper))
      .send({ stars: 4 });
    expect(rating.status).toBe(409);
    w.provider.holdIntent(reservation.paymentIntentId!);
    const declined = await w.h
      .api()
      .post(`/api/reservations/${reservation.id}/pay`)
      .set(await as(shopper));
    expect(declined.status).toBe(400);
    expect(declined.body).toEqual({ error: 'Payment has not succeeded' });
    w.provider.releaseIntent(reservation.paymentIntentId!);
    expect((await pay(reservation.id)).status).toBe('paid');
  });

  it('gives a free item its pickup code at once', async () => {
    const sale = newId();
    await w.h.sale(sale, host);
    const { reservation } = await reserved(sale, 0);
    expect(reservation).toMatchObject({ status: 'paid', amount_cents: 0, paymentIntentId: null, clientSecret: null });
    expect(reservation.pickup_code).toMatch(/^[A-Z2-9]{6}$/);
  });
});

describe('the provider webhook, through payments (payment.intent_succeeded)', () => {
  const succeeded = (intent: { id: string; amountCents: number }) => ({
    paymentIntentId: intent.id,
    userId: shopper,
    amountCents: intent.amountCents,
    currency: 'usd',
    purpose: 'reservation',
    succeededAt: new Date().toISOString(),
  });

  it('marks a reservation paid once, however often the event comes', async () => {
    const sale = newId();
    await w.h.sale(sale, host);
    const { reservation } = await reserved(sale, 5);
    const data = succeeded({ id: reservation.paymentIntentId!, amountCents: 500 });
    const first = await w.h.publishAndApply('payment.intent_succeeded', 1, data);
    await w.h.publishAndApply('payment.intent_succeeded', 1, data);
    await w.h.publish('payment.intent_succeeded', 1, data, first.id); // the same message redelivered
    await pay(reservation.id); // and the shopper comes back to the pay step after all
    await waitFor(() => eventsOf(reservation.id).some((e) => e.type === 'reservation.paid'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(eventsOf(reservation.id).filter((e) => e.type === 'reservation.paid')).toHaveLength(1);
    expect(await ledger(reservation.id)).toEqual([expect.objectContaining({ kind: 'charge', amount_cents: 500 })]);
  });

  it('refunds a payment that arrives after the reservation ended (reordered: the cancel came first)', async () => {
    const sale = newId();
    await w.h.sale(sale, host);
    const { reservation } = await reserved(sale, 7);
    expect(
      (
        await w.h
          .api()
          .post(`/api/reservations/${reservation.id}/cancel`)
          .set(await as(shopper))
      ).body.status,
    ).toBe('cancelled');
    await w.h.publishAndApply('payment.intent_succeeded', 1, succeeded({ id: reservation.paymentIntentId!, amountCents: 700 }));
    const [row] = await w.h.query(`SELECT status, end_reason FROM reservations WHERE id = $1`, [reservation.id]);
    expect(row).toEqual({ status: 'refunded', end_reason: 'paid_after_lapse' });
    await waitFor(async () => (await ledger(reservation.id)).some((r) => r.kind === 'refund' && r.status === 'done'), 5000, 'refund');
    expect(await ledger(reservation.id)).toEqual([
      expect.objectContaining({ kind: 'charge', amount_cents: 700, status: 'done' }),
      expect.objectContaining({ kind: 'refund', amount_cents: 700, status: 'done', provider_ref: expect.stringMatching(/^re_sim_/) }),
    ]);
  });

  it('ignores a payment whose amount differs from the reservation', async () => {
    const sale = newId();
    await w.h.sale(sale, host);
    const { reservation } = await reserved(sale, 9);
    await w.h.publishAndApply('payment.intent_succeeded', 1, succeeded({ id: reservation.paymentIntentId!, amountCents: 1 }));
    const [row] = await w.h.query(`SELECT status FROM reservations WHERE id = $1`, [reservation.id]);
    expect(row).toEqual({ status: 'pending' });
  });
});

describe('payout onboarding', () => {
  it('opens one payout account per host and answers its onboarding link', async () => {
    const first = await w.h
      .api()
      .post('/api/payouts/onboarding')
      .set(await as(stranger));
    expect(first.status).toBe(200);
    expect(first.body.accountId).toMatch(/^acct_sim_/);
    const second = await w.h
      .api()
      .post('/api/payouts/onboarding')
      .set(await as(stranger));
    expect(second.body.accountId).toBe(first.body.accountId);
    expect((await w.h.api().post('/api/payouts/onboarding')).status).toBe(401);
  });
});
