import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, saleStatsSchema, zonedTimeToUtc, type SaleStats } from '@garage/contracts';
import { waitFor } from '@garage/testing';
import { HOST, LA, liveStatusWorld, NEAR, OTHER, shopper, type LiveStatusWorld } from './live-status.harness.js';

/**
 * A sale's stats from the sales service on a clock the test sets: its own part (views, viewers,
 * "Still going?" answers made through the real call) counted on the sale's day, not UTC's. Items
 * and shopper are stood in by servers that answer their part as zeros. Views go to the memory store,
 * which leaves nothing behind: the Redis store is tested with the whole product
 * (deploy/standalone/test/sale-stats.test.ts) and on its own (service-kit's view-counter.spec.ts).
 */
let world: LiveStatusWorld;
const owners: Server[] = [];

/** An owner's `GET /internal/sales/{id}/stats`, answering `part` for every sale. */
async function ownerAnswering(part: object): Promise<string> {
  const server = createServer((request, response) => {
    const found = /^\/internal\/sales\/\d+\/stats$/.test(request.url ?? '');
    response.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(found ? part : { error: 'Not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  owners.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const bearer = async (userId: number) => ({ authorization: `Bearer ${await world.token(userId)}` });
const FIREFOX = { 'user-agent': 'Mozilla/5.0 Firefox/140.0' };

async function stats(id: number): Promise<SaleStats> {
  const response = await world
    .api()
    .get(`/api/sales/${id}/stats`)
    .set(await bearer(HOST))
    .expect(200);
  return saleStatsSchema.strict().parse(response.body);
}

/** Views are counted after the answer is sent: wait for the count before the clock moves on. */
async function viewsReach(id: number, views: number): Promise<void> {
  await waitFor(async () => (await stats(id)).views === views, 5000, `${views} views`);
}

beforeAll(async () => {
  world = await liveStatusWorld({
    RATE_LIMIT_STORE: 'memory',
    ITEMS_URL: await ownerAnswering({ items: [], reservations: 0, pickups: 0 }),
    SHOPPER_URL: await ownerAnswering({ saves: 0, plans: 0, alertMatches: 0 }),
  });
});

afterAll(async () => {
  await world?.close();
  for (const server of owners) await new Promise((resolve) => server.close(resolve));
});

describe('GET /api/sales/{id}/stats on the sale’s clock', () => {
  it('counts the check-ins made, and each view and viewer on the sale’s day, not UTC’s', async () => {
    const sale = await world.createSale();
    const [first, second] = [sale.start_date, sale.end_date];
    expect(second).toBe(addDays(first, 1));

    // "Still going?" through the real call: two yes, one no.
    world.at(first, '10:00');
    for (const [n, going] of [
      [1, true],
      [2, true],
      [3, false],
    ] as const) {
      await world
        .api()
        .post(`/api/sales/${sale.id}/check-ins`)
        .set(await bearer(shopper(n)))
        .send({ going, ...NEAR })
        .expect(201);
    }

    // 23:30 in Los Angeles is already the next day in UTC: still the first day of the sale.
    world.at(first, '23:30');
    expect(zonedTimeToUtc(first, '23:30', LA).toISOString().slice(0, 10)).toBe(second);
    await world
      .api()
      .get(`/api/sales/${sale.id}`)
      .set(await bearer(HOST))
      .expect(200);
    await world
      .api()
      .get(`/api/sales/${sale.id}`)
      .set(await bearer(shopper(1)))
      .expect(200);
    await world.api().get(`/api/sales/${sale.id}`).set(FIREFOX).expect(200);
    await world.api().get(`/api/sales/${sale.id}`).set(FIREFOX).expect(200);
    await viewsReach(sale.id, 3);

    // After midnight on the sale's clock: the same member is a viewer of the new day.
    world.at(second, '00:30');
    await world
      .api()
      .get(`/api/sales/${sale.id}`)
      .set(await bearer(shopper(1)))
      .expect(200);
    await viewsReach(sale.id, 4);

    expect(await stats(sale.id)).toEqual({
      views: 4,
      uniqueViewers: 3,
      saves: 0,
      plans: 0,
      alertMatches: 0,
      reservations: 0,
      pickups: 0,
      checkIns: { going: 2, notGoing: 1 },
      items: [],
      byDay: [
        { date: first, views: 3, uniqueViewers: 2 },
        { date: second, views: 1, uniqueViewers: 1 },
      ],
    });
  });

  it('is the host’s only: another member 404, a visitor 401', async () => {
    const sale = await world.createSale();
    const other = await world
      .api()
      .get(`/api/sales/${sale.id}/stats`)
      .set(await bearer(OTHER))
      .expect(404);
    expect(other.body).toEqual({ error: 'Sale not found' });
    await world.api().get(`/api/sales/${sale.id}/stats`).expect(401);
  });
});
