import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { saleStatsSchema, wallClockAt, type SaleStats } from '@garage/contracts';
import type { RunningService } from '@garage/service-kit';
import { waitFor } from '@garage/testing';
import { gatewayClient } from './gateway-client.js';
import { startProduct, type RunningProduct } from './product.js';

/**
 * What a listing did (`GET /api/sales/{id}/stats`), against every service behind the real gateway
 * and the real Redis: sales counts the reads of the sale and their viewers, items the reads of each
 * item, the reservations and pickups, shopper the saves, plans and alert matches; each number here
 * is what the test did, and the host's own reads count for nothing.
 */
let sales: RunningService<unknown>;

let product: RunningProduct;

beforeAll(async () => {
  product = await startProduct();
  sales = product.service('sales');
}, 120_000);

afterAll(() => product?.stop());

const client = gatewayClient(() => product.gateway.url, { firstName: 'Sam', lastName: 'Stats' });
const { register, premium } = client;
/** The status and body alone: the checks here compare whole answers. */
async function api(...call: Parameters<typeof client.api>): Promise<{ status: number; body: any }> {
  const { status, body } = await client.api(...call);
  return { status, body };
}

// Springfield, IL: the sale's clock is Chicago's.
const SALE = {
  title: 'Stats test sale',
  description: 'Everything must go',
  address: '12 Oak St',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  startDate: '2099-05-03',
  endDate: '2099-05-04',
  startTime: '08:00',
  endTime: '12:00',
};

const item = (saleId: number, title: string, price = 5) => ({ title, category: 'Other', price, condition: 'good', garageSaleId: saleId });

async function stats(saleId: number, auth: { authorization: string }): Promise<SaleStats> {
  const response = await api('GET', `/api/sales/${saleId}/stats`, { headers: auth });
  expect(response.status).toBe(200);
  return saleStatsSchema.parse(response.body);
}

describe('GET /api/sales/{id}/stats', () => {
  it('counts what was done: views but the host’s, viewers once a day, items, saves, plans, matches, reservations, pickups', async () => {
    const host = await register();
    const shopper = await register();
    await premium(shopper.auth);
    const sale = await api('POST', '/api/sales', { headers: host.auth, body: SALE });
    expect(sale.status).toBe(201);
    const saleId = sale.body.id as number;
    const table = await api('POST', '/api/items', { headers: host.auth, body: item(saleId, 'Oak table') });
    const chair = await api('POST', '/api/items', { headers: host.auth, body: item(saleId, 'Rocking chair', 0) });
    expect([table.status, chair.status]).toEqual([201, 201]);

    const empty = await stats(saleId, host.auth);
    expect(empty).toEqual({
      views: 0,
      uniqueViewers: 0,
      saves: 0,
      plans: 0,
      alertMatches: 0,
      reservations: 0,
      pickups: 0,
      checkIns: { going: 0, notGoing: 0 },
      items: [],
      byDay: [],
    });

    // The host's own reads: none counts.
    for (let n = 0; n < 3; n += 1) expect((await api('GET', `/api/sales/${saleId}`, { headers: host.auth })).status).toBe(200);
    expect((await api('GET', `/api/items/${table.body.id}`, { headers: host.auth })).status).toBe(200);
    // Two visitors (one address, two browsers), one twice; a member twice: 5 views, 3 viewers.
    const firefox = { 'user-agent': 'Mozilla/5.0 Firefox/140.0' };
    const safari = { 'user-agent': 'Mozilla/5.0 Safari/605.1.15' };
    expect((await api('GET', `/api/sales/${saleId}`, { headers: firefox })).status).toBe(200);
    expect((await api('GET', `/api/sales/${saleId}`, { headers: firefox })).status).toBe(200);
    expect((await api('GET', `/api/sales/${saleId}`, { headers: safari })).status).toBe(200);
    expect((await api('GET', `/api/sales/${saleId}`, { headers: { ...firefox, ...shopper.auth } })).status).toBe(200);
    expect((await api('GET', `/api/sales/${saleId}`, { headers: { ...safari, ...shopper.auth } })).status).toBe(200);
    // Item reads: the table twice by a visitor, the chair once by the member.
    expect((await api('GET', `/api/items/${table.body.id}`, { headers: firefox })).status).toBe(200);
    expect((await api('GET', `/api/items/${table.body.id}`, { headers: safari })).status).toBe(200);
    expect((await api('GET', `/api/items/${chair.body.id}`, { headers: shopper.auth })).status).toBe(200);

    // A save, a route plan, a saved search that a new item matches.
    expect((await api('POST', `/api/favorites/sales/${saleId}`, { headers: shopper.auth })).status).toBe(201);
    const plan = { saleIds: [saleId], date: '2099-05-03', startTime: '08:00', start: { zipCode: '62701' } };
    expect((await api('POST', '/api/route-plans', { headers: shopper.auth, body: plan })).status).toBe(201);
    expect((await api('POST', '/api/saved-searches', { headers: shopper.auth, body: { name: 'Lamps', q: 'lamp' } })).status).toBe(201);
    expect((await api('POST', '/api/items', { headers: host.auth, body: item(saleId, 'Brass lamp') })).status).toBe(201);

    // Two reservations: the table (pending payment) and the free chair, collected with its code.
    expect((await api('POST', `/api/items/${table.body.id}/reserve`, { headers: shopper.auth })).status).toBe(200);
    expect((await api('POST', `/api/items/${chair.body.id}/reserve`, { headers: shopper.auth })).status).toBe(200);
    const mine = await api('GET', '/api/reservations/mine', { headers: shopper.auth });
    const chairHold = (mine.body as Array<{ id: number; item_id: number; pickup_code: string | null }>).find(
      (reservation) => reservation.item_id === chair.body.id,
    )!;
    expect(chairHold.pickup_code).toEqual(expect.any(String));
    const collected = await api('POST', `/api/reservations/${chairHold.id}/collect`, {
      headers: host.auth,
      body: { pickupCode: chairHold.pickup_code },
    });
    expect(collected.status).toBe(200);

    // "Still going?": two yes, one no (rows as the check-ins feature writes them).
    await sales.dataSource.query(
      `INSERT INTO sale_check_ins (sale_id, user_id, going, latitude, longitude, sale_date, created_at)
       SELECT $1, shopper, going, latitude, longitude, start_date, now()
         FROM sales, (VALUES (1, true), (2, true), (3, false)) AS said (shopper, going) WHERE id = $1`,
      [saleId],
    );

    // Counting is in the background, and the match travels as an event: wait for the last of each.
    let answer = empty;
    await waitFor(
      async () => {
        answer = await stats(saleId, host.auth);
        return answer.views === 5 && answer.items.length === 2 && answer.alertMatches === 1;
      },
      20_000,
      'the counts',
    );
    const today = wallClockAt(new Date(), 'America/Chicago').date;
    expect(answer).toEqual({
      views: 5,
      uniqueViewers: 3,
      saves: 1,
      plans: 1,
      alertMatches: 1,
      reservations: 2,
      pickups: 1,
      checkIns: { going: 2, notGoing: 1 },
      items: [
        { itemId: table.body.id, views: 2 },
        { itemId: chair.body.id, views: 1 },
      ],
      byDay: [{ date: today, views: 5, uniqueViewers: 3 }],
    });

    // A visitor seen again the same day is still one viewer; the views go on counting.
    expect((await api('GET', `/api/sales/${saleId}`, { headers: safari })).status).toBe(200);
    await waitFor(async () => (await stats(saleId, host.auth)).views === 6, 10_000, 'the sixth view');
    expect((await stats(saleId, host.auth)).byDay).toEqual([{ date: today, views: 6, uniqueViewers: 3 }]);
  }, 90_000);

  it('is the host’s only: another member 404, a visitor 401, a bad id 400, an unknown one 404', async () => {
    const host = await register();
    const other = await register();
    const sale = await api('POST', '/api/sales', { headers: host.auth, body: SALE });
    expect(sale.status).toBe(201);
    expect(await api('GET', `/api/sales/${sale.body.id}/stats`, { headers: other.auth })).toEqual({
      status: 404,
      body: { error: 'Sale not found' },
    });
    expect((await api('GET', `/api/sales/${sale.body.id}/stats`)).status).toBe(401);
    expect((await api('GET', '/api/sales/abc/stats', { headers: host.auth })).status).toBe(400);
    expect(await api('GET', '/api/sales/987654321/stats', { headers: host.auth })).toEqual({
      status: 404,
      body: { error: 'Sale not found' },
    });
  }, 30_000);
});
