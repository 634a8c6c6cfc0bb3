import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { waitFor } from '@garage/testing';
import { ItemsHarness, newId } from './harness.js';

let h: ItemsHarness;
const host = newId();
const shopper = newId();
const other = newId();
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

beforeAll(async () => {
  // A 0.6 s hold, swept every 100 ms, so the lapse is seen without a long sleep.
  h = await ItemsHarness.launch({ RESERVATION_HOLD_MINUTES: '0.01', RESERVATION_SWEEP_MS: '100' });
  await h.user(host);
  await h.user(shopper, { premiumExpiresAt: inAMonth() });
  await h.user(other, { premiumExpiresAt: inAMonth() });
});

afterAll(async () => {
  await h?.close();
});

it('lapses an unpaid hold: the item is free again, reservation.lapsed is announced, and paying is refused', async () => {
  const sale = newId();
  await h.sale(sale, host);
  const item = await h.createItem(host, { garageSaleId: sale, price: 8 });
  const reserve = await h
    .api()
    .post(`/api/items/${item.id}/reserve`)
    .set('authorization', await h.bearer(shopper));
  expect(reserve.status).toBe(200);
  const id = reserve.body.reservation.id;

  const lapsed = await waitFor(() => h.events.find((e) => e.type === 'reservation.lapsed' && e.data.id === id), 5000, 'lapse');
  expect(lapsed.data).toMatchObject({ status: 'lapsed', end_reason: 'hold_expired', user_id: shopper, item_title: 'Oak side table' });
  expect((await h.api().get(`/api/items/${item.id}`)).body.is_reserved).toBe(false);
  const pay = await h
    .api()
    .post(`/api/reservations/${id}/pay`)
    .set('authorization', await h.bearer(shopper));
  expect(pay.status).toBe(409);
  expect(pay.body).toEqual({ error: 'The hold on this item has lapsed' });

  // Someone else may reserve it now.
  const again = await h
    .api()
    .post(`/api/items/${item.id}/reserve`)
    .set('authorization', await h.bearer(other));
  expect(again.status).toBe(200);
});

it('keeps a hold that was paid in time', async () => {
  const item = await h.createItem(host, { price: 3 });
  const reserve = await h
    .api()
    .post(`/api/items/${item.id}/reserve`)
    .set('authorization', await h.bearer(shopper));
  const pay = await h
    .api()
    .post(`/api/reservations/${reserve.body.reservation.id}/pay`)
    .set('authorization', await h.bearer(shopper));
  expect(pay.status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 1200));
  const [row] = await h.query(`SELECT status FROM reservations WHERE id = $1`, [reserve.body.reservation.id]);
  expect(row).toEqual({ status: 'paid' });
  expect((await h.api().get(`/api/items/${item.id}`)).body.is_reserved).toBe(true);
});
