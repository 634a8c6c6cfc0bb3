import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startService, type RunningService } from '@garage/service-kit';
import { serviceTestEnv, testBus, testTokens, waitFor, type ServiceTestEnv } from '@garage/testing';
import { salesService } from '../src/index.js';
import { SaleLifecycleJob } from '../src/sales/sale-lifecycle.job.js';
import { dayFromToday, saleForm } from './harness.js';

const HOST = 401;
let testEnv: ServiceTestEnv;
let sales: RunningService<unknown>;
let bus: Awaited<ReturnType<typeof testBus>>;
let token: string;
const api = () => request(sales.url);
const bearer = () => ({ authorization: `Bearer ${token}` });
const statusOf = async (id: number) => (await api().get(`/api/sales/${id}`).expect(200)).body.status;

/** Inserts sales that ended yesterday but are still marked active (as after a pause of the job). */
async function insertEnded(count: number): Promise<number[]> {
  const rows = await sales.dataSource.query(
    `INSERT INTO sales (user_id, title, address, city, state, zip_code, start_date, end_date, start_time, end_time, ends_at, latitude, longitude)
     SELECT $1, 'Ended ' || n, '1 Main St', 'Beverly Hills', 'CA', '90210', $2::date, $2::date, '08:00', '16:00',
       ($2::date + time '16:00') AT TIME ZONE 'America/Los_Angeles', 34.0901, -118.4065
     FROM generate_series(1, $3::int) AS n
     RETURNING id`,
    [HOST, dayFromToday(-2), count],
  );
  return rows.map((row: { id: number }) => row.id);
}

beforeAll(async () => {
  testEnv = await serviceTestEnv({ SALE_LIFECYCLE_INTERVAL_MS: '200' });
  sales = await startService(salesService, { env: testEnv.env });
  bus = await testBus(testEnv.env, { listen: ['sale.*'] });
  token = await (await testTokens(testEnv.env.DATA_DIR!))(HOST);
});

afterAll(async () => {
  await bus?.close();
  await sales?.close();
  await testEnv?.cleanup();
});

describe('the lifecycle job', () => {
  it('runs on its schedule and completes a sale whose end has passed, with sale.updated', async () => {
    const [id] = await insertEnded(1);
    await waitFor(async () => (await statusOf(id!)) === 'completed', 5000, 'the sale to complete');
    const event = await waitFor(() => bus.received.find((e) => e.type === 'sale.updated' && e.data.id === id));
    expect(event.version).toBe(2);
    expect(event.data.status).toBe('completed');
    const browse = await api().get('/api/sales').expect(200);
    expect(browse.body.map((sale: { id: number }) => sale.id)).not.toContain(id);
    const mine = await api().get('/api/sales/my-sales').set(bearer()).expect(200);
    expect(mine.body.find((sale: { id: number }) => sale.id === id).status).toBe('completed');
  });

  it("reads the end time in the sale's local zone, derived from its state", async () => {
    const job = sales.app.get(SaleLifecycleJob);
    const create = async (state: string, zipCode: string, city: string) =>
      (
        await api()
          .post('/api/sales')
          .set(bearer())
          .send(saleForm({ state, zipCode, city, startDate: '2031-06-01', endDate: '2031-06-01', startTime: '08:00', endTime: '16:00' }))
          .expect(201)
      ).body.id as number;
    const newYork = await create('NY', '10001', 'New York');
    const texas = await create('TX', '77002', 'Houston'); // the state's westernmost zone (Mountain) is used
    const hawaii = await create('HI', '96813', 'Honolulu');
    const cancelled = await create('NY', '10001', 'New York');
    await api()
      .put(`/api/sales/${cancelled}`)
      .set(bearer())
      .send({ ...saleForm({ state: 'NY', zipCode: '10001', startDate: '2031-06-01', endDate: '2031-06-01' }), status: 'cancelled' })
      .expect(200);

    const statuses = async () => [await statusOf(newYork), await statusOf(texas), await statusOf(hawaii)];
    await job.completeEnded(new Date('2031-06-01T19:59:59Z'));
    expect(await statuses()).toEqual(['active', 'active', 'active']);
    await job.completeEnded(new Date('2031-06-01T20:00:00Z')); // 16:00 EDT
    expect(await statuses()).toEqual(['completed', 'active', 'active']);
    await job.completeEnded(new Date('2031-06-01T22:00:00Z')); // 16:00 MDT
    expect(await statuses()).toEqual(['completed', 'completed', 'active']);
    await job.completeEnded(new Date('2031-06-02T01:59:59Z'));
    expect(await statuses()).toEqual(['completed', 'completed', 'active']);
    await job.completeEnded(new Date('2031-06-02T02:00:00Z')); // 16:00 HST
    expect(await statuses()).toEqual(['completed', 'completed', 'completed']);
    expect(await statusOf(cancelled)).toBe('cancelled');

    // A completed sale the host moves to new dates is active again; an edit that keeps them is not.
    const same = saleForm({
      state: 'HI',
      zipCode: '96813',
      city: 'Honolulu',
      title: 'Renamed',
      startDate: '2031-06-01',
      endDate: '2031-06-01',
    });
    expect((await api().put(`/api/sales/${hawaii}`).set(bearer()).send(same).expect(200)).body.status).toBe('completed');
    const moved = { ...same, startDate: '2031-07-01', endDate: '2031-07-01' };
    expect((await api().put(`/api/sales/${hawaii}`).set(bearer()).send(moved).expect(200)).body.status).toBe('active');
  });

  it('completes each sale exactly once when several replicas run it at the same time', async () => {
    const replica = await startService(salesService, { env: testEnv.env });
    try {
      const ids = await insertEnded(60);
      const jobs = [sales.app.get(SaleLifecycleJob), replica.app.get(SaleLifecycleJob)];
      await Promise.all([...jobs, ...jobs].map((job) => job.completeEnded()));
      // A scheduled run may still hold the rows the explicit calls skipped; it completes them.
      await waitFor(
        async () => {
          const [{ n }] = await sales.dataSource.query(`SELECT count(*)::int AS n FROM sales WHERE id = ANY($1) AND status = 'completed'`, [
            ids,
          ]);
          return n === ids.length;
        },
        5000,
        'every sale to complete',
      );
      const events: Array<{ id: number; n: number; version: number }> = await sales.dataSource.query(
        `SELECT (envelope->'data'->>'id')::int AS id, count(*)::int AS n, max((envelope->>'version')::int) AS version
         FROM outbox WHERE type = 'sale.updated' AND (envelope->'data'->>'id')::int = ANY($1) GROUP BY 1`,
        [ids],
      );
      expect(events).toHaveLength(ids.length);
      expect(events.every((event) => event.n === 1 && event.version === 2)).toBe(true);
    } finally {
      await replica.close();
    }
  });
});
