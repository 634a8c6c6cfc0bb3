import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { reservationSchema } from '@garage/contracts';
import { ItemsHarness, newId } from './harness.js';

/**
 * A shopper and a host acting on one paid reservation at the same moment: the shopper cancels
 * while the host deletes the item, marks it sold or collects it. Every path takes the item's row
 * before the reservation's, and a transaction that still loses a race runs again on the server, so
 * nobody gets a 5xx, and the money moves exactly once: one refund, or one payout when the pickup won.
 */
let h: ItemsHarness;
const host = newId();
const shopper = newId();
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();
const ROUNDS = 50;

type Move = 'cancel' | 'delete' | 'sold' | 'collect';
const RACES: Move[][] = [
  ['cancel', 'delete'],
  ['cancel', 'sold'],
  ['collect', 'delete'],
  ['collect', 'sold'],
  ['cancel', 'collect', 'delete'],
  ['cancel', 'collect', 'sold'],
];

beforeAll(async () => {
  h = await ItemsHarness.launch();
  await h.user(host);
  await h.user(shopper, { premiumExpiresAt: inAMonth() });
});

afterAll(async () => {
  await h?.close();
});

async function paidReservation(saleId: number) {
  const item = await h.createItem(host, { garageSaleId: saleId, price: 20 });
  const reserved = await h
    .api()
    .post(`/api/items/${item.id}/reserve`)
    .set('authorization', await h.bearer(shopper));
  expect(reserved.status).toBe(200);
  const { id } = reservationSchema.parse(reserved.body.reservation);
  const paid = await h
    .api()
    .post(`/api/reservations/${id}/pay`)
    .set('authorization', await h.bearer(shopper));
  expect(paid.status).toBe(200);
  return { item, id, code: reservationSchema.parse(paid.body).pickup_code! };
}

describe('cancel, delete, sold and collect racing on one paid reservation', () => {
  it(`${ROUNDS} rounds: no failure, and exactly one refund (or one payout, when the pickup won) each`, async () => {
    const sale = newId();
    // Far ahead: the shopper may still cancel, and the host may already collect.
    await h.sale(sale, host);
    const deadlocks = async () =>
      (await h.query<{ n: number }>(`SELECT deadlocks::int AS n FROM pg_stat_database WHERE datname = current_database()`))[0]!.n;
    const deadlocksBefore = await deadlocks();
    const statuses = new Map<string, number>();
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const moves = RACES[round % RACES.length]!;
      const { item, id, code } = await paidReservation(sale);
      const [shopperAuth, hostAuth] = [await h.bearer(shopper), await h.bearer(host)];
      const run = (move: Move) => {
        switch (move) {
          case 'cancel':
            return h.api().post(`/api/reservations/${id}/cancel`).set('authorization', shopperAuth);
          case 'collect':
            return h.api().post(`/api/reservations/${id}/collect`).set('authorization', hostAuth).send({ pickupCode: code });
          case 'delete':
            return h.api().delete(`/api/items/${item.id}`).set('authorization', hostAuth);
          case 'sold':
            return h
              .api()
              .put(`/api/items/${item.id}`)
              .set('authorization', hostAuth)
              .send({ title: 'Oak side table', category: 'Furniture', price: 20, condition: 'good', garageSaleId: sale, isSold: true });
        }
      };
      const answers = await Promise.all(moves.map(async (move) => ({ move, response: await run(move) })));
      for (const { move, response } of answers) {
        statuses.set(`${move} ${response.status}`, (statuses.get(`${move} ${response.status}`) ?? 0) + 1);
        if (response.status >= 500) failures.push(`round ${round} ${move}: ${response.status} ${JSON.stringify(response.body)}`);
      }
      const [reservation] = await h.query(`SELECT status FROM reservations WHERE id = $1`, [id]);
      const money = await h.query<{ kind: string; n: number }>(
        `SELECT kind, count(*)::int AS n FROM reservation_ledger WHERE reservation_id = $1 AND kind <> 'charge' GROUP BY kind`,
        [id],
      );
      const refunds = money.find((row) => row.kind === 'refund')?.n ?? 0;
      const transfers = money.find((row) => row.kind === 'transfer')?.n ?? 0;
      if (reservation!.status === 'collected') {
        expect({ round, refunds, transfers }).toEqual({ round, refunds: 0, transfers: 1 });
      } else {
        expect({ round, status: reservation!.status, refunds, transfers }).toEqual({ round, status: 'refunded', refunds: 1, transfers: 0 });
      }
      if (!moves.includes('collect')) expect(refunds).toBe(1);
    }
    // The lock order, not only the retry: Postgres counts the deadlocks it broke (its statistics
    // reach the view within a second or so).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const broken = (await deadlocks()) - deadlocksBefore;
    process.stdout.write(
      `[races] ${ROUNDS} rounds: ${[...statuses].map(([key, n]) => `${key}×${n}`).join(', ')}; deadlocks broken by Postgres: ${broken}\n`,
    );
    expect(failures).toEqual([]);
    expect(broken).toBe(0);
  }, 180_000);
});
