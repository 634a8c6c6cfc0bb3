import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Offer } from '@garage/contracts';
import { ItemsHarness, newId } from './harness.js';

/**
 * Twenty shoppers offering on one item while its host accepts and counters the offers already made
 * and their shoppers accept the counters, all at once: exactly one reservation comes of it, no call fails with a 5xx, Postgres breaks no
 * deadlock (every path locks the item's row first), and no offer is left waiting on a reserved item.
 */
let h: ItemsHarness;
const host = newId();
const shoppers = Array.from({ length: 20 }, () => newId());
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();
const ROUNDS = 5;

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

describe('twenty shoppers’ offers and accepts and the host’s accepts and counters on one item at once', () => {
  it(`${ROUNDS} rounds: exactly one reservation, one accepted offer, the rest declined or refused, no 5xx`, async () => {
    const before = await deadlocks();
    const failures: string[] = [];
    const outcomes = new Map<string, number>();
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
      const auths = new Map<number, { authorization: string }>();
      for (const shopper of shoppers) auths.set(shopper, await as(shopper));
      const calls: Array<[string, () => PromiseLike<{ status: number; body: unknown }>]> = [
        ...made.map((offer) => ['host accept', () => h.api().post(`/api/offers/${offer.id}/accept`).set(hostAuth)] as const),
        ...made.map(
          (offer) => ['host counter', () => h.api().post(`/api/offers/${offer.id}/counter`).set(hostAuth).send({ amount: 80 })] as const,
        ),
        // Each early shopper accepts the counter that may or may not have come yet.
        ...made.map(
          (offer, i) => ['shopper accept', () => h.api().post(`/api/offers/${offer.id}/accept`).set(auths.get(early[i]!)!)] as const,
        ),
        ...late.map(
          (shopper) =>
            [
              'auto-accepted offer',
              () => h.api().post(`/api/items/${item.id}/offers`).set(auths.get(shopper)!).send({ amount: 95 }),
            ] as const,
        ),
      ];
      // In a different order each round, so each kind of call gets to be first.
      const shuffled = calls
        .map((call) => ({ call, key: Math.random() }))
        .sort((a, b) => a.key - b.key)
        .map(({ call }) => call);
      const answers = await Promise.all(shuffled.map(async ([kind, call]) => ({ kind, response: await call() })));
      for (const { kind, response } of answers) {
        outcomes.set(`${kind} ${response.status}`, (outcomes.get(`${kind} ${response.status}`) ?? 0) + 1);
        if (response.status >= 500) failures.push(`round ${round}: ${kind} ${response.status} ${JSON.stringify(response.body)}`);
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
    process.stdout.write(`[offer races] ${ROUNDS} rounds: ${[...outcomes].map(([key, n]) => `${key}×${n}`).join(', ')}\n`);
    expect(failures).toEqual([]);
    expect((await deadlocks()) - before).toBe(0);
  }, 120_000);
});
