import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { reservationSchema } from '@garage/contracts';
import { startService, type RunningService } from '@garage/service-kit';
import request from 'supertest';
import { itemsService } from '../src/index.js';
import { ItemsHarness, newId } from './harness.js';

/**
 * Guessing pickup codes: 5 wrong codes for one reservation lock it (429 with Retry-After, the
 * shopper told), a host may enter 20 wrong codes an hour; the counts are shared by every replica
 * (Redis), so spreading the guesses over replicas gains nothing.
 */
let h: ItemsHarness;
let replica: RunningService<unknown>;
const host = newId();
const shopper = newId();
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();
const LOCK_SECONDS = 3;

beforeAll(async () => {
  h = await ItemsHarness.launch({ PICKUP_CODE_LOCK_SECONDS: String(LOCK_SECONDS) });
  // A second replica of the service: same database, same queue, same Redis.
  replica = await startService(itemsService, { env: { ...h.testEnv.env, PICKUP_CODE_LOCK_SECONDS: String(LOCK_SECONDS) } });
  await h.user(host);
  await h.user(shopper, { premiumExpiresAt: inAMonth() });
});

afterAll(async () => {
  await replica?.close();
  await h?.close();
});

async function paidReservation(saleId: number): Promise<{ id: number; code: string }> {
  const item = await h.createItem(host, { garageSaleId: saleId, price: 8 });
  const reserved = await h
    .api()
    .post(`/api/items/${item.id}/reserve`)
    .set('authorization', await h.bearer(shopper));
  const { id } = reservationSchema.parse(reserved.body.reservation);
  const paid = await h
    .api()
    .post(`/api/reservations/${id}/pay`)
    .set('authorization', await h.bearer(shopper));
  return { id, code: reservationSchema.parse(paid.body).pickup_code! };
}

const wrongCode = (code: string) => (code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');

async function collect(id: number, pickupCode: string, userId = host, on: 'first' | 'replica' = 'first') {
  return request(on === 'first' ? h.service.url : replica.url)
    .post(`/api/reservations/${id}/collect`)
    .set('authorization', await h.bearer(userId))
    .send({ pickupCode });
}

describe('POST /api/reservations/{id}/collect with wrong codes', () => {
  it('locks a reservation after 5 wrong codes over both replicas: 429 with Retry-After, even for the right code; the shopper is told once; then it unlocks', async () => {
    const sale = newId();
    await h.sale(sale, host);
    const { id, code } = await paidReservation(sale);
    const answers = [];
    for (let n = 0; n < 5; n += 1) answers.push((await collect(id, wrongCode(code), host, n % 2 ? 'replica' : 'first')).status);
    expect(answers).toEqual([400, 400, 400, 400, 400]);
    for (const on of ['first', 'replica'] as const) {
      const refused = await collect(id, code, host, on);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: 'Too many wrong pickup codes for this reservation. Try again later.' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(LOCK_SECONDS);
    }
    const [{ status }] = await h.query(`SELECT status FROM reservations WHERE id = $1`, [id]);
    expect(status).toBe('paid');
    // The shopper hears of it once (the shopper service turns it into an alert in the app).
    const notices = () => h.events.filter((e) => e.type === 'reservation.pickup_locked' && e.data.id === id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(notices()).toHaveLength(1);
    expect(notices()[0]!.data).toMatchObject({ id, user_id: shopper, host_id: host, status: 'paid', locked_until: expect.any(String) });

    await new Promise((resolve) => setTimeout(resolve, LOCK_SECONDS * 1000 + 200));
    const collected = await collect(id, code);
    expect(collected.status).toBe(200);
    expect(collected.body.status).toBe('collected');
  }, 20_000);

  it('checks at most 5 of 30 concurrent wrong codes for one reservation; the rest are 429', async () => {
    const sale = newId();
    await h.sale(sale, host);
    const { id, code } = await paidReservation(sale);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) => collect(id, wrongCode(code), host, n % 2 ? 'replica' : 'first').then((r) => r.status)),
    );
    const count = (status: number) => answers.filter((s) => s === status).length;
    expect({ 400: count(400), 429: count(429) }).toEqual({ 400: 5, 429: 25 });
  });

  it('limits a host to 20 wrong codes an hour over all their reservations', async () => {
    const otherHost = newId();
    await h.user(otherHost);
    const sale = newId();
    await h.sale(sale, otherHost);
    const reservations = [];
    for (let n = 0; n < 6; n += 1) {
      const item = await h.createItem(otherHost, { garageSaleId: sale, price: 0 });
      const reserved = await h
        .api()
        .post(`/api/items/${item.id}/reserve`)
        .set('authorization', await h.bearer(shopper));
      reservations.push(reservationSchema.parse(reserved.body.reservation));
    }
    const answers: number[] = [];
    // 4 wrong codes on each of 5 reservations (none locks): 20 in all.
    for (const reservation of reservations.slice(0, 5))
      for (let n = 0; n < 4; n += 1) answers.push((await collect(reservation.id, wrongCode(reservation.pickup_code!), otherHost)).status);
    expect(answers).toEqual(Array(20).fill(400));
    const sixth = reservations[5]!;
    const refused = await collect(sixth.id, sixth.pickup_code!, otherHost, 'replica');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too many wrong pickup codes. Try again later.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
  });

  it('counts nothing for a caller who is not the host (404), and clears the count on the right code', async () => {
    const sale = newId();
    await h.sale(sale, host);
    const { id, code } = await paidReservation(sale);
    for (let n = 0; n < 10; n += 1) expect((await collect(id, wrongCode(code), shopper)).status).toBe(404);
    for (let n = 0; n < 4; n += 1) expect((await collect(id, wrongCode(code))).status).toBe(400);
    expect((await collect(id, code)).status).toBe(200);
    expect(h.events.filter((e) => e.type === 'reservation.pickup_locked' && e.data.id === id)).toHaveLength(0);
  });
});
