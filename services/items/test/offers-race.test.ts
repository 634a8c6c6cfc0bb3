import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Offer } from '@garage/contracts';
import { ItemsHarness, newId } from './harness.js';

/**
 * Twenty shoppers offering on one item while its host accepts and counters the offers already made,
 * all at once: exactly one reservation comes of it, no call fails with a 5xx, Postgres breaks no
 * deadlock (every path locks the item's row first), and no offer is left waiting on a reserved item.
 */
let h: ItemsHarness;
const host = newId();
const shoppers = Array.from({ length: 20 }, () => newId());
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();
const ROUNDS = 3;

beforeAll(async () => {
  h = await ItemsHarness.launch();
  await h.user(host);
  for (const shopper of shoppers) await h.user(shopper, { premiumExpiresAt: inAMonth() });
});

afterAll(async () => {
  await h?.close();
});

const as = async (userId: number) => ({ authorization: await h.bearer(userId) });
const deadlocks = async () =>
  (await h.query<{ n: number }>(`SELECT deadlocks::int AS n FROM pg_stat_database WHERE datname = current_database()`))[0]!.n;

describe('twenty offers, accepts and counters on one item at once', () => {
  it(`${ROUNDS} rounds: exactly one reservation, one accepted offer, the rest declined or refused, no 5xx`, async () => {
    const before = await deadlocks();
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const sale = newId();
      await h.sale(sale, host);
      const item = await h.createItem(host, { garageSaleId: sale, price: 100, autoAcceptPrice: 95 });
      // Ten shoppers offered already; the other ten offer now, at the auto-accept price.
      const early = shoppers.slice(0, 10);
      const late = shoppers.slice(10);
      const made: Offer[] = [];
      for (const [i, shopper] of early.entries()) {
        const response = await h
          .api()
          .post(`/api/items/${item.id}/offers`)
          .set(await as(shopper))
          .send({ amount: 50 + i });
        expect(response.status).toBe(201);
        made.push(response.body);
      }
      const hostAuth = await as(host);
      const calls = [
        ...made.map((offer) => () => h.api().post(`/api/offers/${offer.id}/accept`).set(hostAuth)),
        ...made.map((offer) => () => h.api().post(`/api/offers/${offer.id}/counter`).set(hostAuth).send({ amount: 80 })),
        ...late.map(
          (shopper) => async () =>
            h
              .api()
              .post(`/api/items/${item.id}/offers`)
              .set(await as(shopper))
              .send({ amount: 95 }),
        ),
      ];
      const answers = await Promise.all(calls.map((call) => call()));
      for (const response of answers) {
        if (response.status >= 500) failures.push(`round ${round}: ${response.status} ${JSON.stringify(response.body)}`);
        expect([200, 201, 400, 409]).toContain(response.status);
      }
      const reservations = await h.query(`SELECT status, amount_cents, user_id FROM reservations WHERE item_id = $1`, [item.id]);
      expect(reservations).toHaveLength(1);
      const offers = await h.query<{ status: string; n: number }>(
        `SELECT status, count(*)::int AS n FROM offers WHERE item_id = $1 GROUP BY status ORDER BY status`,
        [item.id],
      );
      const byStatus = Object.fromEntries(offers.map((row) => [row.status, row.n]));
      expect(byStatus.accepted).toBe(1);
      expect(byStatus.open ?? 0).toBe(0);
      expect(byStatus.countered ?? 0).toBe(0);
      const [accepted] = await h.query<{ reservation_id: number; agreed_amount_cents: number; buyer_id: number }>(
        `SELECT reservation_id, agreed_amount_cents, buyer_id FROM offers WHERE item_id = $1 AND status = 'accepted'`,
        [item.id],
      );
      expect(reservations[0]).toMatchObject({ amount_cents: accepted!.agreed_amount_cents, user_id: accepted!.buyer_id });
      const [itemRow] = await h.query(`SELECT is_reserved FROM items WHERE id = $1`, [item.id]);
      expect(itemRow).toEqual({ is_reserved: true });
    }
    // Postgres's count of the deadlocks it broke reaches the view within a second or so.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(failures).toEqual([]);
    expect((await deadlocks()) - before).toBe(0);
  }, 120_000);
});
