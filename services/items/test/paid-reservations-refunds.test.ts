import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@garage/testing';
import { daysFromNow, newId } from './harness.js';
import { PaidReservations } from './paid-reservations.harness.js';

/** Refunds made without being asked: whatever ends a paid reservation before pickup refunds it, once. */

const w = new PaidReservations();
const { host, shopper, as, reserved, pay, eventsOf, ledger, itemOf } = w;

beforeAll(async () => {
  await w.start();
});

afterAll(async () => {
  await w.close();
});

describe('automatic refunds', () => {
  /** A paid reservation in a fresh sale of the host's. */
  async function paidReservation(saleOverrides: object = {}) {
    const sale = newId();
    await w.h.sale(sale, host, saleOverrides);
    const { item, reservation } = await reserved(sale, 20);
    await pay(reservation.id);
    return { sale, item, reservation };
  }

  async function expectRefunded(reservationId: number, reason: string) {
    // Most causes end it at once; the sale's end is noticed by the next sweep.
    const row = await waitFor(async () => {
      const [found] = await w.h.query(`SELECT status, end_reason FROM reservations WHERE id = $1`, [reservationId]);
      return found!.status === 'paid' ? undefined : found;
    });
    expect(row).toEqual({ status: 'refunded', end_reason: reason });
    await waitFor(async () => (await ledger(reservationId)).some((r) => r.kind === 'refund' && r.status === 'done'), 5000, 'refund made');
    const refunds = [...w.provider.refunds.values()].filter((r) => r.idempotencyKey === `reservation-refund-${reservationId}`);
    expect(refunds).toEqual([expect.objectContaining({ amountCents: 2000 })]);
    const event = await waitFor(() => eventsOf(reservationId).find((e) => e.type === 'reservation.refunded'));
    expect(event.data).toMatchObject({ status: 'refunded', end_reason: reason, user_id: shopper, amount_cents: 2000 });
  }

  it('when the host deletes the sale, and frees the item', async () => {
    const { sale, item, reservation } = await paidReservation();
    await w.h.publishAndApply('sale.deleted', 2, { id: sale, user_id: host });
    await expectRefunded(reservation.id, 'sale_deleted');
    expect(await itemOf(item.id)).toMatchObject({ is_reserved: false });
  });

  it('when the host cancels the sale', async () => {
    const { sale, reservation } = await paidReservation();
    await w.h.sale(sale, host, { status: 'cancelled' }, 2);
    await expectRefunded(reservation.id, 'sale_cancelled');
  });

  it('when the host deletes the item', async () => {
    const { item, reservation } = await paidReservation();
    expect(
      (
        await w.h
          .api()
          .delete(`/api/items/${item.id}`)
          .set(await as(host))
      ).status,
    ).toBeLessThan(300);
    await expectRefunded(reservation.id, 'item_deleted');
  });

  it('when the host marks it sold to someone else', async () => {
    const { item, reservation } = await paidReservation();
    const edit = await w.h
      .api()
      .put(`/api/items/${item.id}`)
      .set(await as(host))
      .send({ title: 'Oak side table', category: 'Furniture', price: 20, condition: 'good', isReserved: true, isSold: true });
    expect(edit.status).toBe(200);
    await expectRefunded(reservation.id, 'item_sold_elsewhere');
  });

  it('when the host takes the item out of the sale', async () => {
    const { item, reservation } = await paidReservation();
    const edit = await w.h
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
    await w.h.sale(other, host);
    const assign = await w.h
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
    const cancel = await w.h
      .api()
      .post(`/api/reservations/${reservation.id}/cancel`)
      .set(await as(shopper));
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ status: 'refunded', pickup_code: null });
    await expectRefunded(reservation.id, 'shopper_cancelled');
    expect(await itemOf(item.id)).toMatchObject({ is_reserved: false });
    expect(
      (
        await w.h
          .api()
          .post(`/api/reservations/${reservation.id}/cancel`)
          .set(await as(shopper))
      ).status,
    ).toBe(409);

    const started = await paidReservation({ start_date: daysFromNow(-1), end_date: daysFromNow(2) });
    const late = await w.h
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
    await w.h.sale(sale, host, { status: 'cancelled' }, 2);
    await w.h.publishAndApply('sale.deleted', 3, { id: sale, user_id: host });
    await expectRefunded(reservation.id, 'sale_cancelled');
    expect(eventsOf(reservation.id).filter((e) => e.type === 'reservation.refunded')).toHaveLength(1);
  });
});
