import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { authService } from '@garage/auth';
import { itemsService } from '@garage/items';
import { MEMBERSHIP_ERRORS } from '@garage/contracts';
import { paymentsService } from '@garage/payments';
import { salesService } from '@garage/sales';
import { startService, type RunningService } from '@garage/service-kit';
import { shopperService } from '@garage/shopper';
import { serviceQueueReady, serviceTestEnv, TestClock, waitFor, type ServiceTestEnv } from '@garage/testing';

/**
 * The 30-day money-back guarantee across the real services, on one clock they share: a member
 * who paid a reservation asks for the refund on day 29. The money goes back, premium ends in
 * auth, items and shopper within a second, the paid reservation stays valid and is collected with
 * its code, and asking again answers the same. On day 31 another member is refused with 409.
 */
let testEnv: ServiceTestEnv;
const clock = new TestClock();
const services: Record<string, RunningService<unknown>> = {};
const DAY = 86_400_000;
let ip = 0;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

async function register(name: string) {
  ip += 1;
  const response = await request(services.auth!.url)
    .post('/api/auth/register')
    .set('x-forwarded-for', `10.30.0.${ip}`)
    .send({ firstName: name, lastName: 'Tester', email: `${name.toLowerCase()}.${randomUUID()}@example.com`, password: 'refund123' })
    .expect(201);
  return { token: response.body.token as string, userId: response.body.user.id as number };
}

async function subscribe(token: string) {
  const payments = () => request(services.payments!.url);
  const { paymentIntentId } = (await payments().post('/api/payments/subscribe').set(bearer(token)).expect(200)).body;
  await payments().post('/api/payments/confirm-subscription').set(bearer(token)).send({ paymentIntentId }).expect(200);
  return paymentIntentId as string;
}

/** An item in the host's sale, once items has heard of the sale (it answers 503 until then). */
async function item(token: string, saleId: number, title: string) {
  return waitFor(async () => {
    const response = await request(services.items!.url)
      .post('/api/items')
      .set(bearer(token))
      .send({ garageSaleId: saleId, title, category: 'Other', price: 9.5, condition: 'good' });
    return response.status === 201 ? (response.body as { id: number }) : undefined;
  });
}

beforeAll(async () => {
  testEnv = await serviceTestEnv({ PROJECTION_WAIT_MS: '300' });
  for (const definition of [authService, paymentsService, salesService, itemsService, shopperService])
    services[definition.name] = await startService(definition as never, { env: testEnv.env, clock });
  for (const name of ['auth', 'sales', 'items', 'shopper']) await serviceQueueReady(testEnv.env, name);
});

afterAll(async () => {
  for (const service of Object.values(services).reverse()) await service.close();
  await testEnv?.cleanup();
});

it('refunds on day 29: premium ends everywhere within a second, the paid reservation stays and is collected', async () => {
  const host = await register('Hana');
  const shopper = await register('Sam');
  const paymentIntentId = await subscribe(shopper.token);
  const sale = await request(services.sales!.url)
    .post('/api/sales')
    .set(bearer(host.token))
    .send({
      title: 'Refund Sale',
      description: 'Lamps and vases.',
      address: '100 N 5th St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      startDate: day(25),
      endDate: day(35),
      startTime: '08:00',
      endTime: '16:00',
    })
    .expect(201);
  const lamp = await item(host.token, sale.body.id, 'Brass lamp');
  const vase = await item(host.token, sale.body.id, 'Glass vase');
  const reserved = await waitFor(async () => {
    const response = await request(services.items!.url).post(`/api/items/${lamp.id}/reserve`).set(bearer(shopper.token));
    return response.status === 200 ? response.body : undefined;
  }, 10_000);
  const reservationId = reserved.reservation.id as number;
  const paid = await request(services.items!.url).post(`/api/reservations/${reservationId}/pay`).set(bearer(shopper.token)).expect(200);

  clock.advanceDays(29);
  const refund = await request(services.payments!.url).post('/api/payments/membership/refund').set(bearer(shopper.token)).expect(200);
  expect(refund.body.refund).toMatchObject({ paymentIntentId, amountCents: 199, currency: 'usd' });
  const refundedAt = Date.now();

  // Auth, then every projection (items, shopper), within a second of the refund.
  await waitFor(
    async () => {
      const me = await request(services.auth!.url).get('/api/users/me').set(bearer(shopper.token));
      const [items] = await services.items!.dataSource.query(`SELECT premium_expires_at FROM users WHERE id = $1`, [shopper.userId]);
      const [shopperUser] = await services.shopper!.dataSource.query(`SELECT premium_expires_at FROM users WHERE id = $1`, [
        shopper.userId,
      ]);
      const [sales] = await services.sales!.dataSource.query(`SELECT premium_expires_at FROM users WHERE id = $1`, [shopper.userId]);
      const now = clock.now().getTime();
      const ended = (row: { premium_expires_at: Date | null } | undefined) =>
        row !== undefined && row.premium_expires_at !== null && new Date(row.premium_expires_at).getTime() <= now;
      return me.body.isPremium === false && ended(items) && ended(shopperUser) && ended(sales) ? true : undefined;
    },
    1000,
    'auth, items, shopper and sales to end premium',
  );
  expect(Date.now() - refundedAt).toBeLessThan(1000);

  // No new reservation, no saved search; the paid reservation is kept and its pickup works.
  const refused = await request(services.items!.url).post(`/api/items/${vase.id}/reserve`).set(bearer(shopper.token)).expect(403);
  expect(refused.body).toEqual({ error: 'Premium membership required' });
  await request(services.shopper!.url)
    .post('/api/saved-searches')
    .set(bearer(shopper.token))
    .send({ name: 'Lamps', q: 'lamp', frequency: 'instant' })
    .expect(403);
  const kept = await request(services.items!.url).get(`/api/reservations/${reservationId}`).set(bearer(shopper.token)).expect(200);
  expect(kept.body).toMatchObject({ status: 'paid', pickup_code: paid.body.pickup_code });
  const collected = await request(services.items!.url)
    .post(`/api/reservations/${reservationId}/collect`)
    .set(bearer(host.token))
    .send({ pickupCode: paid.body.pickup_code })
    .expect(200);
  expect(collected.body).toMatchObject({ status: 'collected' });

  const again = await request(services.payments!.url).post('/api/payments/membership/refund').set(bearer(shopper.token)).expect(200);
  expect(again.body).toEqual(refund.body);
});

it('refuses the refund on day 31 with 409 and its text, and the member stays premium', async () => {
  clock.set(new Date());
  const member = await register('Dora');
  await subscribe(member.token);
  clock.advanceDays(31);
  const refused = await request(services.payments!.url).post('/api/payments/membership/refund').set(bearer(member.token)).expect(409);
  expect(refused.body).toEqual({ error: MEMBERSHIP_ERRORS.refundWindowPassed });
  await waitFor(async () =>
    (await request(services.auth!.url).get('/api/users/me').set(bearer(member.token))).body.isPremium ? true : undefined,
  );
});
