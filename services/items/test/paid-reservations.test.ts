import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { hostedReservationSchema, myReservationSchema, reservationSchema, type ReservationSnapshot } from '@garage/contracts';
import { PaymentProvider, SimulatedPaymentProvider } from '@garage/payment-provider';
import { waitFor } from '@garage/testing';
import { daysFromNow, ItemsHarness, newId } from './harness.js';

let h: ItemsHarness;
let provider: SimulatedPaymentProvider;
const host = newId();
const shopper = newId();
const stranger = newId();
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

const as = async (userId: number) => ({ authorization: await h.bearer(userId) });

/** An item of the host's in a sale of theirs, reserved by the shopper; the reserve's answer. */
async function reserved(saleId: number, price = 12.34) {
  const item = await h.createItem(host, { garageSaleId: saleId, price });
  const response = await h
    .api()
    .post(`/api/items/${item.id}/reserve`)
    .set(await as(shopper));
  expect(response.status).toBe(200);
  return { item, reservation: reservationSchema.parse(response.body.reservation) };
}

async function pay(id: number) {
  const response = await h
    .api()
    .post(`/api/reservations/${id}/pay`)
    .set(await as(shopper));
  expect(response.status).toBe(200);
  return reservationSchema.parse(response.body);
}

const eventsOf = (id: number) => h.events.filter((e) => e.type.startsWith('reservation.') && (e.data as ReservationSnapshot).id === id);
const ledger = (id: number) =>
  h.query(`SELECT kind, amount_cents, status, provider_ref FROM reservation_ledger WHERE reservation_id = $1 ORDER BY id`, [id]);
const itemOf = async (id: number) => (await h.api().get(`/api/items/${id}`)).body;

beforeAll(async () => {
  h = await ItemsHarness.launch({ RESERVATION_SWEEP_MS: '100' });
  provider = h.service.app.get(PaymentProvider) as SimulatedPaymentProvider;
  await h.user(host);
  await h.user(shopper, { premiumExpiresAt: inAMonth() });
  await h.user(stranger, { premiumExpiresAt: inAMonth() });
});

afterAll(async () => {
  await h?.close();
});

describe('reserve → pay → pickup code → collected → rated', () => {
  it('runs the whole flow, with every step in events, the ledger and the payout', async () => {
    const sale = newId();
    await h.sale(sale, host);
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
        await h
          .api()
          .get(`/api/reservations/${reservation.id}`)
          .set(await as(stranger))
      ).status,
    ).toBe(404);
    expect(
      (
        await h
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

    const mine = await h
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
    const hosted = await h
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
        await h
          .api()
          .get(`/api/reservations/by-sale/${sale}`)
          .set(await as(stranger))
      ).status,
    ).toBe(404);

    // Only the host collects, only with the right code.
    const collectAs = async (userId: number, pickupCode: string) =>
      h
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
    const transfer = [...provider.transfers.values()].find((t) => t.group === `reservation-${reservation.id}`);
    expect(transfer).toMatchObject({ amountCents: 1234, currency: 'usd', destination: expect.stringMatching(/^acct_sim_/) });

    // The shopper rates the host once.
    const rate = async (body: object) =>
      h
        .api()
        .post(`/api/reservations/${reservation.id}/rating`)
        .set(await as(shopper))
        .send(body);
    expect((await rate({ stars: 6 })).status).toBe(400);
    expect((await rate({ stars: 5, review: 'Lovely table, easy pickup' })).status).toBe(201);
    const again = await rate({ stars: 1 });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'You have already rated this reservation' });
    const rated = await waitFor(() => h.events.find((e) => e.type === 'reservation.rated' && e.data.reservation_id === reservation.id));
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
    await h.sale(sale, host);
    const { reservation } = await reserved(sale);
    const rating = await h
      .api()
      .post(`/api/reservations/${reservation.id}/rating`)
      .set(await as(shopper))
      .send({ stars: 4 });
    expect(rating.status).toBe(409);
    provider.holdIntent(reservation.paymentIntentId!);
    const declined = await h
      .api()
      .post(`/api/reservations/${reservation.id}/pay`)
      .set(await as(shopper));
    expect(declined.status).toBe(400);
    expect(declined.body).toEqual({ error: 'Payment has not succeeded' });
    provider.releaseIntent(reservation.paymentIntentId!);
    expect((await pay(reservation.id)).status).toBe('paid');
  });

  it('gives a free item its pickup code at once', async () => {
    const sale = newId();
    await h.sale(sale, host);
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
    await h.sale(sale, host);
    const { reservation } = await reserved(sale, 5);
    const data = succeeded({ id: reservation.paymentIntentId!, amountCents: 500 });
    const first = await h.publishAndApply('payment.intent_succeeded', 1, data);
    await h.publishAndApply('payment.intent_succeeded', 1, data);
    await h.publish('payment.intent_succeeded', 1, data, first.id); // the same message redelivered
    await pay(reservation.id); // and the shopper comes back to the pay step after all
    await waitFor(() => eventsOf(reservation.id).some((e) => e.type === 'reservation.paid'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(eventsOf(reservation.id).filter((e) => e.type === 'reservation.paid')).toHaveLength(1);
    expect(await ledger(reservation.id)).toEqual([expect.objectContaining({ kind: 'charge', amount_cents: 500 })]);
  });

  it('refunds a payment that arrives after the reservation ended (reordered: the cancel came first)', async () => {
    const sale = newId();
    await h.sale(sale, host);
    const { reservation } = await reserved(sale, 7);
    expect(
      (
        await h
          .api()
          .post(`/api/reservations/${reservation.id}/cancel`)
          .set(await as(shopper))
      ).body.status,
    ).toBe('cancelled');
    await h.publishAndApply('payment.intent_succeeded', 1, succeeded({ id: reservation.paymentIntentId!, amountCents: 700 }));
    const [row] = await h.query(`SELECT status, end_reason FROM reservations WHERE id = $1`, [reservation.id]);
    expect(row).toEqual({ status: 'refunded', end_reason: 'paid_after_lapse' });
    await waitFor(async () => (await ledger(reservation.id)).some((r) => r.kind === 'refund' && r.status === 'done'), 5000, 'refund');
    expect(await ledger(reservation.id)).toEqual([
      expect.objectContaining({ kind: 'charge', amount_cents: 700, status: 'done' }),
      expect.objectContaining({ kind: 'refund', amount_cents: 700, status: 'done', provider_ref: expect.stringMatching(/^re_sim_/) }),
    ]);
  });

  it('ignores a payment whose amount differs from the reservation', async () => {
    const sale = newId();
    await h.sale(sale, host);
    const { reservation } = await reserved(sale, 9);
    await h.publishAndApply('payment.intent_succeeded', 1, succeeded({ id: reservation.paymentIntentId!, amountCents: 1 }));
    const [row] = await h.query(`SELECT status FROM reservations WHERE id = $1`, [reservation.id]);
    expect(row).toEqual({ status: 'pending' });
  });
});

describe('automatic refunds', () => {
  /** A paid reservation in a fresh sale of the host's. */
  async function paidReservation(saleOverrides: object = {}) {
    const sale = newId();
    await h.sale(sale, host, saleOverrides);
    const { item, reservation } = await reserved(sale, 20);
    await pay(reservation.id);
    return { sale, item, reservation };
  }

  async function expectRefunded(reservationId: number, reason: string) {
    // Most causes end it at once; the sale's end is noticed by the next sweep.
    const row = await waitFor(async () => {
      const [found] = await h.query(`SELECT status, end_reason FROM reservations WHERE id = $1`, [reservationId]);
      return found!.status === 'paid' ? undefined : found;
    });
    expect(row).toEqual({ status: 'refunded', end_reason: reason });
    await waitFor(async () => (await ledger(reservationId)).some((r) => r.kind === 'refund' && r.status === 'done'), 5000, 'refund made');
    const refunds = [...provider.refunds.values()].filter((r) => r.idempotencyKey === `reservation-refund-${reservationId}`);
    expect(refunds).toEqual([expect.objectContaining({ amountCents: 2000 })]);
    const event = await waitFor(() => eventsOf(reservationId).find((e) => e.type === 'reservation.refunded'));
    expect(event.data).toMatchObject({ status: 'refunded', end_reason: reason, user_id: shopper, amount_cents: 2000 });
  }

  it('when the host deletes the sale, and frees the item', async () => {
    const { sale, item, reservation } = await paidReservation();
    await h.publishAndApply('sale.deleted', 2, { id: sale, user_id: host });
    await expectRefunded(reservation.id, 'sale_deleted');
    expect(await itemOf(item.id)).toMatchObject({ is_reserved: false });
  });

  it('when the host cancels the sale', async () => {
    const { sale, reservation } = await paidReservation();
    await h.sale(sale, host, { status: 'cancelled' }, 2);
    await expectRefunded(reservation.id, 'sale_cancelled');
  });

  it('when the host deletes the item', async () => {
    const { item, reservation } = await paidReservation();
    expect(
      (
        await h
          .api()
          .delete(`/api/items/${item.id}`)
          .set(await as(host))
      ).status,
    ).toBeLessThan(300);
    await expectRefunded(reservation.id, 'item_deleted');
  });

  it('when the host marks it sold to someone else', async () => {
    const { item, reservation } = await paidReservation();
    const edit = await h
      .api()
      .put(`/api/items/${item.id}`)
      .set(await as(host))
      .send({ title: 'Oak side table', category: 'Furniture', price: 20, condition: 'good', isReserved: true, isSold: true });
    expect(edit.status).toBe(200);
    await expectRefunded(reservation.id, 'item_sold_elsewhere');
  });

  it('when the host takes the item out of the sale', async () => {
    const { item, reservation } = await paidReservation();
    const edit = await h
      .api()
      .put(`/api/items/${item.id}`)
      .set(await as(host))
      .send({ title: 'Oak side table', category: 'Furniture', price: 20, condition: 'good', garageSaleId: null });
    expect(edit.status).toBe(200);
    await expectRefunded(reservation.id, 'item_removed');
    expect(await itemOf(item.id)).toMatchObject({ is_reserved: false, garage_sale_id: null });
  });

  it('when the host moves the item to another of their sales', async () => {
    const { item, reservation } = await paidReservation();
    const other = newId();
    await h.sale(other, host);
    const assign = await h
      .api()
      .post('/api/sales/assign-items')
      .set(await as(host))
      .send({ saleId: other, itemIds: [item.id] });
    expect(assign.status).toBe(200);
    await expectRefunded(reservation.id, 'item_removed');
    expect(await itemOf(item.id)).toMatchObject({ is_reserved: false, garage_sale_id: other });
  });

  it('when the shopper cancels before the sale starts (and not after it started)', async () => {
    const { item, reservation } = await paidReservation();
    const cancel = await h
      .api()
      .post(`/api/reservations/${reservation.id}/cancel`)
      .set(await as(shopper));
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ status: 'refunded', pickup_code: null });
    await expectRefunded(reservation.id, 'shopper_cancelled');
    expect(await itemOf(item.id)).toMatchObject({ is_reserved: false });
    expect(
      (
        await h
          .api()
          .post(`/api/reservations/${reservation.id}/cancel`)
          .set(await as(shopper))
      ).status,
    ).toBe(409);

    const started = await paidReservation({ start_date: daysFromNow(-1), end_date: daysFromNow(2) });
    const late = await h
      .api()
      .post(`/api/reservations/${started.reservation.id}/cancel`)
      .set(await as(shopper));
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ error: 'A reservation can only be cancelled before the sale starts' });
  });

  it('when nobody collects by the end of the sale', async () => {
    const { reservation } = await paidReservation({ start_date: daysFromNow(-3), end_date: daysFromNow(-2) });
    await expectRefunded(reservation.id, 'not_collected');
  });

  it('refunds once even when two causes meet (sale cancelled, then deleted)', async () => {
    const { sale, reservation } = await paidReservation();
    await h.sale(sale, host, { status: 'cancelled' }, 2);
    await h.publishAndApply('sale.deleted', 3, { id: sale, user_id: host });
    await expectRefunded(reservation.id, 'sale_cancelled');
    expect(eventsOf(reservation.id).filter((e) => e.type === 'reservation.refunded')).toHaveLength(1);
  });
});

describe('payout onboarding', () => {
  it('opens one payout account per host and answers its onboarding link', async () => {
    const first = await h
      .api()
      .post('/api/payouts/onboarding')
      .set(await as(stranger));
    expect(first.status).toBe(200);
    expect(first.body.accountId).toMatch(/^acct_sim_/);
    const second = await h
      .api()
      .post('/api/payouts/onboarding')
      .set(await as(stranger));
    expect(second.body.accountId).toBe(first.body.accountId);
    expect((await h.api().post('/api/payouts/onboarding')).status).toBe(401);
  });
});
