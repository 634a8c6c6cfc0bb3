import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { reservationSchema } from '@garage/contracts';
import { userSnapshot } from '@garage/testing';
import { ItemsHarness, newId } from './harness.js';

/**
 * A refunded membership (auth's `user.premium_ended`, as it publishes it after payments' refund):
 * reservations the member already paid for stay valid and are collected with their pickup code,
 * but no new reservation is allowed.
 */
let h: ItemsHarness;
const host = newId();
const shopper = newId();
const sale = newId();
const as = async (userId: number) => ({ authorization: await h.bearer(userId) });

beforeAll(async () => {
  h = await ItemsHarness.launch();
  await h.user(host);
  await h.user(shopper, { premiumExpiresAt: new Date(Date.now() + 365 * 86_400_000).toISOString() });
  await h.sale(sale, host);
});

afterAll(async () => {
  await h?.close();
});

it('keeps a paid reservation and its pickup after the refund, and refuses a new reservation', async () => {
  const kept = await h.createItem(host, { garageSaleId: sale, price: 8 });
  const reserved = await h
    .api()
    .post(`/api/items/${kept.id}/reserve`)
    .set(await as(shopper))
    .expect(200);
  const reservationId = reservationSchema.parse(reserved.body.reservation).id;
  const paid = await h
    .api()
    .post(`/api/reservations/${reservationId}/pay`)
    .set(await as(shopper))
    .expect(200);
  const pickupCode = paid.body.pickup_code as string;

  // The refund ends premium now: auth's snapshot carries the refund's moment as the expiry.
  await h.publishAndApply('user.premium_ended', 2, userSnapshot(shopper, { premiumExpiresAt: new Date(Date.now() - 1000).toISOString() }));

  const another = await h.createItem(host, { garageSaleId: sale, price: 5 });
  const refused = await h
    .api()
    .post(`/api/items/${another.id}/reserve`)
    .set(await as(shopper))
    .expect(403);
  expect(refused.body).toEqual({ error: 'Premium membership required' });

  const mine = await h
    .api()
    .get(`/api/reservations/${reservationId}`)
    .set(await as(shopper))
    .expect(200);
  expect(mine.body).toMatchObject({ id: reservationId, status: 'paid', pickup_code: pickupCode });
  const collected = await h
    .api()
    .post(`/api/reservations/${reservationId}/collect`)
    .set(await as(host))
    .send({ pickupCode })
    .expect(200);
  expect(collected.body).toMatchObject({ id: reservationId, status: 'collected' });
});
