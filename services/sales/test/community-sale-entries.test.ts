import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { communitySaleEntrySchema, eventDataSchemas, VISITOR_HIDDEN_SALE_FIELDS } from '@garage/contracts';
import { startService, type RunningService } from '@garage/service-kit';
import { itemSnapshot, serviceQueueReady, serviceTestEnv, testBus, testTokens, waitFor, type ServiceTestEnv } from '@garage/testing';
import { salesService } from '../src/index.js';
import { communitySaleForm, dayFromToday, saleForm, userSnapshot } from './harness.js';

/** The sales of a community sale: join, approve, leave, remove, stable numbers, who sees what. */

let testEnv: ServiceTestEnv;
let sales: RunningService<unknown>;
let bus: Awaited<ReturnType<typeof testBus>>;
const ORGANIZER = 301;
const HOST = 302;
const SECOND_HOST = 303;
const SHOPPER = 304;
const tokens: Record<number, string> = {};

const api = () => request(sales.url);
const as = (userId: number) => ({ authorization: `Bearer ${tokens[userId]}` });

async function organise(overrides: Record<string, unknown> = {}) {
  return (await api().post('/api/community-sales').set(as(ORGANIZER)).send(communitySaleForm(overrides)).expect(201)).body;
}

async function hostSale(host = HOST, overrides: Record<string, unknown> = {}) {
  return (await api().post('/api/sales').set(as(host)).send(saleForm(overrides)).expect(201)).body;
}

const join = (communitySaleId: number, saleId: unknown, host = HOST) =>
  api().post(`/api/community-sales/${communitySaleId}/sales`).set(as(host)).send({ saleId });

const listOf = async (communitySaleId: number, userId?: number) => {
  const call = api().get(`/api/community-sales/${communitySaleId}/sales`);
  return (await (userId ? call.set(as(userId)) : call).expect(200)).body as Array<{
    number: number | null;
    status: string;
    sale: Record<string, unknown>;
  }>;
};

beforeAll(async () => {
  testEnv = await serviceTestEnv();
  sales = await startService(salesService, { env: testEnv.env });
  bus = await testBus(testEnv.env, { listen: ['sale.*', 'community_sale.*'] });
  const signFor = await testTokens(testEnv.env.DATA_DIR!);
  for (const id of [ORGANIZER, HOST, SECOND_HOST, SHOPPER]) tokens[id] = await signFor(id);
  await serviceQueueReady(testEnv.env, 'sales');
  await bus.publish('user.registered', 1, userSnapshot(HOST, { firstName: 'Grace', lastName: 'Hopper', phone: '555-0101' }));
  await bus.publish('user.registered', 1, userSnapshot(SECOND_HOST, { firstName: 'Alan', lastName: 'Turing' }));
  await waitFor(async () => (await sales.dataSource.query(`SELECT 1 FROM users`)).length === 2, 5000, 'the user projection');
});

afterAll(async () => {
  await bus?.close();
  await sales?.close();
  await testEnv?.cleanup();
});

describe('joining without approval', () => {
  it('numbers each sale as it joins (201), answers the same entry to a second join (200), and announces it', async () => {
    const communitySale = await organise();
    const first = await hostSale();
    const second = await hostSale(SECOND_HOST);
    const joined = (await join(communitySale.id, first.id).expect(201)).body;
    expect(communitySaleEntrySchema.strict().parse(joined)).toEqual(joined);
    expect(joined).toMatchObject({ number: 1, status: 'approved', sale: { id: first.id, address: '1 Main St', first_name: 'Grace' } });
    expect((await join(communitySale.id, first.id).expect(200)).body).toMatchObject({ number: 1, status: 'approved' });
    expect((await join(communitySale.id, second.id, SECOND_HOST).expect(201)).body).toMatchObject({ number: 2 });

    const joinedEvent = await waitFor(() =>
      bus.received.find((e) => e.type === 'community_sale.sale_joined' && e.data.saleId === first.id),
    );
    expect(eventDataSchemas['community_sale.sale_joined'].parse(joinedEvent.data)).toEqual({
      communitySaleId: communitySale.id,
      saleId: first.id,
      hostId: HOST,
      status: 'approved',
      number: 1,
    });
    const saleEvent = await waitFor(() =>
      bus.received.find((e) => e.type === 'sale.updated' && e.data.id === first.id && e.version === joinedEvent.version),
    );
    expect(saleEvent.data).toMatchObject({
      community_sale_id: communitySale.id,
      community_sale_status: 'approved',
      community_sale_number: 1,
      cause: { communitySaleId: communitySale.id, change: 'joined' },
    });
    expect((await api().get(`/api/community-sales/${communitySale.id}`).expect(200)).body.saleCount).toBe(2);
  });

  it('never gives a number twice: a sale that leaves takes its number with it', async () => {
    const communitySale = await organise();
    const [a, b, c] = [await hostSale(), await hostSale(), await hostSale()];
    await join(communitySale.id, a.id).expect(201);
    await join(communitySale.id, b.id).expect(201);
    await api().delete(`/api/community-sales/${communitySale.id}/sales/${b.id}`).set(as(HOST)).expect(204);
    await api().delete(`/api/community-sales/${communitySale.id}/sales/${b.id}`).set(as(HOST)).expect(404);
    expect((await join(communitySale.id, c.id).expect(201)).body.number).toBe(3);
    // Joining again after leaving is a new number too.
    expect((await join(communitySale.id, b.id).expect(201)).body.number).toBe(4);
    expect((await listOf(communitySale.id)).map((entry) => [entry.number, entry.sale.id])).toEqual([
      [1, a.id],
      [3, c.id],
      [4, b.id],
    ]);
    const left = await waitFor(() => bus.received.find((e) => e.type === 'community_sale.sale_left' && e.data.saleId === b.id));
    expect(left.data).toEqual({ communitySaleId: communitySale.id, saleId: b.id, hostId: HOST, status: 'approved', number: 2, by: 'host' });
    const leftSale = await waitFor(() =>
      bus.received.find(
        (e) => e.type === 'sale.updated' && e.data.id === b.id && (e.data as { cause?: { change: string } }).cause?.change === 'left',
      ),
    );
    expect(leftSale.data).toMatchObject({ community_sale_id: null, community_sale_status: null, community_sale_number: null });
  });

  it('numbers two hosts joining at the same moment one after the other', async () => {
    const communitySale = await organise();
    const hosts = [HOST, SECOND_HOST, HOST, SECOND_HOST, HOST, SECOND_HOST];
    const saleIds = await Promise.all(hosts.map(async (host) => (await hostSale(host)).id));
    const answers = await Promise.all(saleIds.map((saleId, i) => join(communitySale.id, saleId, hosts[i])));
    expect(answers.map((answer) => answer.status)).toEqual(hosts.map(() => 201));
    expect(answers.map((answer) => answer.body.number).sort((x: number, y: number) => x - y)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('lets a deleted sale leave with its number', async () => {
    const communitySale = await organise();
    const sale = await hostSale();
    await join(communitySale.id, sale.id).expect(201);
    await api().delete(`/api/sales/${sale.id}`).set(as(HOST)).expect(204);
    expect(await listOf(communitySale.id)).toEqual([]);
    const left = await waitFor(() => bus.received.find((e) => e.type === 'community_sale.sale_left' && e.data.saleId === sale.id));
    expect(left.data).toMatchObject({ communitySaleId: communitySale.id, number: 1, by: 'host' });
  });
});

describe('joining with approval', () => {
  it('keeps a sale pending, numberless and seen only by the organiser and its host, until approved', async () => {
    const communitySale = await organise({ requiresApproval: true });
    const pending = await hostSale();
    const entry = (await join(communitySale.id, pending.id).expect(201)).body;
    expect(entry).toMatchObject({ number: null, status: 'pending' });
    expect((await listOf(communitySale.id, ORGANIZER)).map((e) => e.sale.id)).toEqual([pending.id]);
    expect((await listOf(communitySale.id, HOST)).map((e) => e.sale.id)).toEqual([pending.id]);
    expect(await listOf(communitySale.id, SECOND_HOST)).toEqual([]);
    expect(await listOf(communitySale.id, SHOPPER)).toEqual([]);
    expect(await listOf(communitySale.id)).toEqual([]);
    expect((await api().get(`/api/community-sales/${communitySale.id}`).expect(200)).body.saleCount).toBe(0);

    await api().post(`/api/community-sales/${communitySale.id}/sales/${pending.id}/approve`).set(as(HOST)).expect(403);
    await api().post(`/api/community-sales/${communitySale.id}/sales/999999/approve`).set(as(ORGANIZER)).expect(404);
    const approved = (
      await api().post(`/api/community-sales/${communitySale.id}/sales/${pending.id}/approve`).set(as(ORGANIZER)).expect(200)
    ).body;
    expect(approved).toMatchObject({ number: 1, status: 'approved', sale: { id: pending.id } });
    expect(
      (await api().post(`/api/community-sales/${communitySale.id}/sales/${pending.id}/approve`).set(as(ORGANIZER)).expect(200)).body,
    ).toEqual(approved);
    expect((await listOf(communitySale.id)).map((e) => [e.number, e.sale.id])).toEqual([[1, pending.id]]);
    const event = await waitFor(() => bus.received.find((e) => e.type === 'community_sale.sale_approved' && e.data.saleId === pending.id));
    expect(event.data).toMatchObject({ status: 'approved', number: 1 });
  });

  it('lists approved sales by number, then the pending ones, and lets the organiser remove one', async () => {
    const communitySale = await organise({ requiresApproval: true });
    const [a, b, c] = [await hostSale(), await hostSale(SECOND_HOST), await hostSale()];
    for (const [sale, host] of [
      [a, HOST],
      [b, SECOND_HOST],
      [c, HOST],
    ] as const)
      await join(communitySale.id, sale.id, host).expect(201);
    await api().post(`/api/community-sales/${communitySale.id}/sales/${c.id}/approve`).set(as(ORGANIZER)).expect(200);
    await api().post(`/api/community-sales/${communitySale.id}/sales/${a.id}/approve`).set(as(ORGANIZER)).expect(200);
    expect((await listOf(communitySale.id, ORGANIZER)).map((e) => [e.number, e.status, e.sale.id])).toEqual([
      [1, 'approved', c.id],
      [2, 'approved', a.id],
      [null, 'pending', b.id],
    ]);
    // Neither the shopper nor another host may remove it; the organiser may.
    await api().delete(`/api/community-sales/${communitySale.id}/sales/${b.id}`).set(as(SHOPPER)).expect(403);
    await api().delete(`/api/community-sales/${communitySale.id}/sales/${b.id}`).set(as(HOST)).expect(403);
    await api().delete(`/api/community-sales/${communitySale.id}/sales/${b.id}`).set(as(ORGANIZER)).expect(204);
    const removed = await waitFor(() => bus.received.find((e) => e.type === 'community_sale.sale_left' && e.data.saleId === b.id));
    expect(removed.data).toMatchObject({ by: 'organizer', status: 'pending', number: null });
  });
});

describe('who may join, and what fits', () => {
  it('answers 400 on saleId to a sale outside the area, off the days, in another one, or not active', async () => {
    const communitySale = await organise();
    const other = await organise();
    const cases: Array<[string, Record<string, unknown>]> = [
      ['outside the radius', { zipCode: '90401', city: 'Santa Monica' }],
      ['off the days', { startDate: dayFromToday(20), endDate: dayFromToday(21) }],
    ];
    for (const [, overrides] of cases) {
      const sale = await hostSale(HOST, overrides);
      const response = await join(communitySale.id, sale.id).expect(400);
      expect(response.body.details).toEqual([{ field: 'saleId', message: response.body.error }]);
    }
    const elsewhere = await hostSale();
    await join(other.id, elsewhere.id).expect(201);
    expect((await join(communitySale.id, elsewhere.id).expect(400)).body.details[0].field).toBe('saleId');
    const cancelled = await hostSale();
    await api()
      .put(`/api/sales/${cancelled.id}`)
      .set(as(HOST))
      .send({ ...saleForm(), status: 'cancelled' })
      .expect(200);
    expect((await join(communitySale.id, cancelled.id).expect(400)).body.details[0].field).toBe('saleId');
  });

  it('fits a ZIP-list area by the sale’s ZIP', async () => {
    const byZip = await organise({ latitude: null, longitude: null, radiusMiles: null, zipCodes: ['90211'] });
    const inside = await hostSale(HOST, { zipCode: '90211' });
    const outside = await hostSale(HOST, { zipCode: '90210' });
    await join(byZip.id, inside.id).expect(201);
    await join(byZip.id, outside.id).expect(400);
  });

  it('lets only a sale’s host join with it; 401, 404 and 400 for the rest', async () => {
    const communitySale = await organise();
    const sale = await hostSale();
    expect((await join(communitySale.id, sale.id, SECOND_HOST).expect(403)).body).toEqual({
      error: 'Only the host of this sale can do this',
    });
    await api().post(`/api/community-sales/${communitySale.id}/sales`).send({ saleId: sale.id }).expect(401);
    expect((await join(999999, sale.id).expect(404)).body).toEqual({ error: 'Community sale not found' });
    await join(communitySale.id, 999999).expect(404);
    for (const saleId of [undefined, 'abc', 0, -1, 1.5]) {
      expect((await join(communitySale.id, saleId).expect(400)).body.details[0].field).toBe('saleId');
    }
    await api().get('/api/community-sales/999999/sales').expect(404);
    await api().delete(`/api/community-sales/${communitySale.id}/sales/abc`).set(as(HOST)).expect(400);
  });

  it('answers 409 to joining a cancelled one', async () => {
    const communitySale = await organise();
    await api().post(`/api/community-sales/${communitySale.id}/cancel`).set(as(ORGANIZER)).expect(200);
    await join(communitySale.id, (await hostSale()).id).expect(409);
  });
});

describe('what a visitor sees', () => {
  it('gives visitors each sale without its address or host, and members the whole sale', async () => {
    const communitySale = await organise();
    const sale = await hostSale();
    await join(communitySale.id, sale.id).expect(201);
    const [visitorEntry] = await listOf(communitySale.id);
    for (const field of VISITOR_HIDDEN_SALE_FIELDS) expect(visitorEntry!.sale[field]).toBeNull();
    expect(visitorEntry!.sale).toMatchObject({ id: sale.id, title: 'Moving sale', city: 'Beverly Hills', latitude: 34.0901 });
    const [memberEntry] = await listOf(communitySale.id, SHOPPER);
    expect(memberEntry!.sale).toMatchObject({
      address: '1 Main St',
      zip_code: '90210',
      first_name: 'Grace',
      last_name: 'Hopper',
      phone: '555-0101',
    });
  });
});

describe('the answer on the wire', () => {
  it('sends the list compressed to a client that takes br, the same list as plain JSON', async () => {
    const communitySale = await organise();
    for (let n = 0; n < 5; n += 1) await join(communitySale.id, (await hostSale()).id).expect(201);
    const plain = await listOf(communitySale.id);
    const response = await fetch(`${sales.url}/api/community-sales/${communitySale.id}/sales`, { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(await response.json()).toEqual(plain);
    const one = await fetch(`${sales.url}/api/community-sales/${communitySale.id}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(one.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await one.json()).saleCount).toBe(5);
  });
});

describe('kept answers', () => {
  it('shows a change this replica did not make (another replica’s) within the time-to-live', async () => {
    const communitySale = await organise();
    const sale = await hostSale();
    await join(communitySale.id, sale.id).expect(201);
    expect((await listOf(communitySale.id))[0]!.sale.title).toBe('Moving sale');
    await sales.dataSource.query(`UPDATE sales SET title = 'Renamed elsewhere' WHERE id = $1`, [sale.id]);
    // Two seconds fresh, then one rebuild while the old answer still goes out.
    await waitFor(async () => (await listOf(communitySale.id))[0]!.sale.title === 'Renamed elsewhere', 6000, 'the change');
  });

  it('shows a host’s own change at once', async () => {
    const communitySale = await organise();
    const sale = await hostSale();
    await join(communitySale.id, sale.id).expect(201);
    await listOf(communitySale.id);
    await api()
      .put(`/api/sales/${sale.id}`)
      .set(as(HOST))
      .send(saleForm({ title: 'Renamed by its host' }))
      .expect(200);
    expect((await listOf(communitySale.id))[0]!.sale.title).toBe('Renamed by its host');
  });
});

describe('what each sale has', () => {
  it('lists the categories of its unsold items, once each, alphabetical', async () => {
    const communitySale = await organise();
    const sale = await hostSale();
    await join(communitySale.id, sale.id).expect(201);
    expect((await listOf(communitySale.id))[0]!.categories).toEqual([]);
    await bus.publish('item.created', 1, itemSnapshot(9001, HOST, sale.id, { category: 'Toys' }));
    await bus.publish('item.created', 1, itemSnapshot(9002, HOST, sale.id, { category: 'Books' }));
    await bus.publish('item.created', 1, itemSnapshot(9003, HOST, sale.id, { category: 'Toys' }));
    await bus.publish('item.created', 1, itemSnapshot(9004, HOST, sale.id, { category: 'Furniture', is_sold: true }));
    const entry = await waitFor(async () => {
      const [first] = await listOf(communitySale.id);
      return first!.sale.item_count === 4 && first;
    });
    expect(entry.categories).toEqual(['Books', 'Toys']);
  });
});

describe('a full community sale', () => {
  it('holds 400 sales, answers them all in one list, and refuses the 401st on saleId', async () => {
    const communitySale = await organise();
    // 400 sales, joined as the service would join them, in one statement: this is about the list's size.
    const rows = await sales.dataSource.query(
      `INSERT INTO sales (user_id, title, address, city, state, zip_code, start_date, end_date, start_time, end_time, ends_at,
         latitude, longitude, community_sale_id, community_sale_status, community_sale_number, community_sale_joined_at)
       SELECT $1, 'Sale ' || n, n || ' Elm St', 'Beverly Hills', 'CA', '90210', $2::date, $2::date, '08:00', '12:00', now() + interval '30 days',
         34.0901, -118.4065, $3, 'approved', n, now()
       FROM generate_series(1, 400) AS n RETURNING id`,
      [HOST, dayFromToday(7), communitySale.id],
    );
    await sales.dataSource.query(`UPDATE community_sales SET next_number = 401 WHERE id = $1`, [communitySale.id]);
    expect(rows).toHaveLength(400);
    const list = await listOf(communitySale.id);
    expect(list).toHaveLength(400);
    expect(list.map((entry) => entry.number)).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
    const response = await join(communitySale.id, (await hostSale()).id).expect(400);
    expect(response.body.details[0]).toEqual({ field: 'saleId', message: 'This community sale is full (400 sales)' });
  });
});
