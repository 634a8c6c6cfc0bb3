import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { zonedTimeToUtc } from '@garage/contracts';
import { startService, type RunningService } from '@garage/service-kit';
import { serviceTestEnv, testBus, testTokens, TestClock, waitFor, type ServiceTestEnv } from '@garage/testing';
import { salesService } from '../src/index.js';
import { MarkdownsJob } from '../src/markdowns/markdowns.job.js';
import { saleForm } from './harness.js';

const HOST = 901;
const STRANGER = 902;
const NEW_YORK = 'America/New_York';

let testEnv: ServiceTestEnv;
let sales: RunningService<unknown>;
let replica: RunningService<unknown>;
let bus: Awaited<ReturnType<typeof testBus>>;
const clock = new TestClock();
let sign: (userId: number) => Promise<string>;
const api = () => request(sales.url);
const as = async (userId: number) => ({ authorization: `Bearer ${await sign(userId)}` });

/**
 * A New York sale (10001) over the weekend daylight saving time ends in 2026 (Sunday 1 November:
 * 13:00 is 17:00 UTC the day before and 18:00 UTC that day), created on 20 October.
 */
async function newYorkSale(overrides: Record<string, unknown> = {}): Promise<number> {
  clock.set(new Date('2026-10-20T15:00:00Z'));
  const form = saleForm({ city: 'New York', state: 'NY', zipCode: '10001', startDate: '2026-10-31', endDate: '2026-11-01', ...overrides });
  return (
    await api()
      .post('/api/sales')
      .set(await as(HOST))
      .send(form)
      .expect(201)
  ).body.id;
}

async function schedule(saleId: number, percentOff: number, startsAt: string): Promise<{ id: number }> {
  return (
    await api()
      .post('/api/markdowns')
      .set(await as(HOST))
      .send({ saleId, percentOff, startsAt })
      .expect(201)
  ).body;
}

const applied = () => bus.received.filter((event) => event.type === 'markdown.applied');

beforeAll(async () => {
  // The schedule never ticks during the tests: they run the job at the instants they choose.
  testEnv = await serviceTestEnv({ MARKDOWN_INTERVAL_MS: '3600000' });
  sales = await startService(salesService, { env: testEnv.env, clock });
  replica = await startService(salesService, { env: testEnv.env, clock });
  bus = await testBus(testEnv.env, { listen: ['markdown.*'] });
  sign = await testTokens(testEnv.env.DATA_DIR!);
});

afterAll(async () => {
  await bus?.close();
  await replica?.close();
  await sales?.close();
  await testEnv?.cleanup();
});

describe('scheduling a markdown', () => {
  it('is the host’s: it is listed, and every sale object shows the next one', async () => {
    const saleId = await newYorkSale();
    const later = await schedule(saleId, 50, '2026-11-01T13:00');
    expect(later).toMatchObject({ saleId, percentOff: 50, startsAt: '2026-11-01T13:00', status: 'scheduled' });
    const sooner = await schedule(saleId, 25, '2026-10-31T12:30');

    const list = await api()
      .get(`/api/markdowns?saleId=${saleId}`)
      .set(await as(HOST))
      .expect(200);
    expect(list.body.map((m: { id: number }) => m.id)).toEqual([sooner.id, later.id]);

    const upcoming = { percent_off: 25, starts_at: '2026-10-31T12:30' };
    expect((await api().get(`/api/sales/${saleId}`).expect(200)).body.upcoming_markdown).toEqual(upcoming);
    const mine = await api()
      .get('/api/sales/my-sales')
      .set(await as(HOST))
      .expect(200);
    expect(mine.body.find((sale: { id: number }) => sale.id === saleId).upcoming_markdown).toEqual(upcoming);
    const browse = await api().get('/api/sales?startDate=2026-10-31&endDate=2026-11-01').expect(200);
    expect(browse.body.find((sale: { id: number }) => sale.id === saleId).upcoming_markdown).toEqual(upcoming);

    await api()
      .delete(`/api/markdowns/${sooner.id}`)
      .set(await as(HOST))
      .expect(204);
    expect((await api().get(`/api/sales/${saleId}`).expect(200)).body.upcoming_markdown).toEqual({
      percent_off: 50,
      starts_at: '2026-11-01T13:00',
    });
    const after = await api()
      .get(`/api/markdowns?saleId=${saleId}`)
      .set(await as(HOST))
      .expect(200);
    expect(after.body.map((m: { status: string }) => m.status)).toEqual(['cancelled', 'scheduled']);
  });

  it('answers anyone else 404, as if the sale or markdown did not exist', async () => {
    const saleId = await newYorkSale();
    const markdown = await schedule(saleId, 30, '2026-11-01T10:00');
    const stranger = await as(STRANGER);
    const post = await api()
      .post('/api/markdowns')
      .set(stranger)
      .send({ saleId, percentOff: 30, startsAt: '2026-11-01T11:00' })
      .expect(404);
    expect(post.body).toEqual({ error: 'Sale not found' });
    await api().get(`/api/markdowns?saleId=${saleId}`).set(stranger).expect(404);
    expect((await api().delete(`/api/markdowns/${markdown.id}`).set(stranger).expect(404)).body).toEqual({ error: 'Markdown not found' });
    await api().post('/api/markdowns').send({ saleId, percentOff: 30, startsAt: '2026-11-01T11:00' }).expect(401);
    await api()
      .post('/api/markdowns')
      .set(await as(HOST))
      .send({ saleId: 999999, percentOff: 30, startsAt: '2026-11-01T11:00' })
      .expect(404);
    const list = await api()
      .get(`/api/markdowns?saleId=${saleId}`)
      .set(await as(HOST))
      .expect(200);
    expect(list.body).toHaveLength(1);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const saleId = await newYorkSale();
    const host = await as(HOST);
    const refused = async (body: Record<string, unknown>, field: string, message?: RegExp) => {
      const response = await api().post('/api/markdowns').set(host).send(body).expect(400);
      expect(response.body.details.map((d: { field: string }) => d.field)).toContain(field);
      if (message) expect(response.body.error).toMatch(message);
    };
    const ok = { saleId, percentOff: 50, startsAt: '2026-11-01T13:00' };
    await refused({ ...ok, percentOff: 0 }, 'percentOff', /between 1 and 90/);
    await refused({ ...ok, percentOff: 91 }, 'percentOff', /between 1 and 90/);
    await refused({ ...ok, percentOff: 12.5 }, 'percentOff', /whole number/);
    await refused({ ...ok, percentOff: '50' }, 'percentOff');
    await refused({ ...ok, startsAt: '2026-11-01 13:00' }, 'startsAt', /YYYY-MM-DDTHH:MM/);
    await refused({ ...ok, startsAt: '2026-02-30T13:00' }, 'startsAt', /real date/);
    await refused({ ...ok, startsAt: '2026-11-02T13:00' }, 'startsAt', /one of the sale’s days/);
    await refused({ ...ok, startsAt: '2026-11-01T07:59' }, 'startsAt', /hours \(08:00–16:00\)/);
    await refused({ ...ok, startsAt: '2026-11-01T16:00' }, 'startsAt', /hours/);
    await refused({ ...ok, saleId: 'x' }, 'saleId');
    // On the sale's own clock: at 12:30 in New York on the Saturday, 12:00 that day is past.
    clock.set(zonedTimeToUtc('2026-10-31', '12:30', NEW_YORK));
    await refused({ ...ok, startsAt: '2026-10-31T12:00' }, 'startsAt', /in the future/);
    await api()
      .post('/api/markdowns')
      .set(host)
      .send({ ...ok, startsAt: '2026-10-31T12:31' })
      .expect(201);
    const query = await api().get('/api/markdowns?saleId=abc').set(host).expect(400);
    expect(query.body.details[0].field).toBe('saleId');
  });

  it('cancels the markdowns a new day or hour of the sale no longer holds', async () => {
    const saleId = await newYorkSale();
    const kept = await schedule(saleId, 20, '2026-10-31T09:00');
    const dropped = await schedule(saleId, 40, '2026-11-01T15:00');
    clock.set(new Date('2026-10-20T15:00:00Z'));
    const form = saleForm({
      city: 'New York',
      state: 'NY',
      zipCode: '10001',
      startDate: '2026-10-31',
      endDate: '2026-11-01',
      endTime: '14:00',
    });
    await api()
      .put(`/api/sales/${saleId}`)
      .set(await as(HOST))
      .send(form)
      .expect(200);
    const list = await api()
      .get(`/api/markdowns?saleId=${saleId}`)
      .set(await as(HOST))
      .expect(200);
    expect(list.body.map((m: { id: number; status: string }) => [m.id, m.status])).toEqual([
      [kept.id, 'scheduled'],
      [dropped.id, 'cancelled'],
    ]);
  });
});

describe('the markdowns job', () => {
  it('applies a markdown at the sale’s local time across a daylight saving change, once', async () => {
    const saleId = await newYorkSale();
    const markdown = await schedule(saleId, 50, '2026-11-01T13:00');
    const job = sales.app.get(MarkdownsJob);
    const status = async () =>
      (
        await api()
          .get(`/api/markdowns?saleId=${saleId}`)
          .set(await as(HOST))
          .expect(200)
      ).body.find((m: { id: number }) => m.id === markdown.id).status;

    // 13:00 on daylight time would be 17:00 UTC; on the Sunday daylight time has ended, so it is 18:00 UTC.
    await job.applyDue(new Date('2026-11-01T17:00:00Z'));
    await job.applyDue(new Date('2026-11-01T17:59:59Z'));
    expect(await status()).toBe('scheduled');
    await job.applyDue(new Date('2026-11-01T18:00:00Z'));
    expect(await status()).toBe('applied');

    const event = await waitFor(() => applied().find((e) => e.data.markdownId === markdown.id));
    expect(event.data).toEqual({ markdownId: markdown.id, saleId, percentOff: 50, startsAt: '2026-11-01T13:00', hostId: HOST });
    await job.applyDue(new Date('2026-11-01T19:00:00Z'));

    clock.set(new Date('2026-11-01T18:00:30Z'));
    expect((await api().get(`/api/sales/${saleId}`).expect(200)).body.upcoming_markdown).toBeNull();
    const late = await api()
      .delete(`/api/markdowns/${markdown.id}`)
      .set(await as(HOST))
      .expect(409);
    expect(late.body).toEqual({ error: 'The markdown has already been applied or cancelled' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(applied().filter((e) => e.data.markdownId === markdown.id)).toHaveLength(1);
  });

  it('is run by every replica at once and still applies each markdown once', async () => {
    const saleIds = [await newYorkSale(), await newYorkSale()];
    const ids: number[] = [];
    for (const saleId of saleIds) {
      for (const startsAt of ['2026-10-31T09:00', '2026-10-31T10:00', '2026-10-31T11:00'])
        ids.push((await schedule(saleId, 10, startsAt)).id);
    }
    const at = new Date('2026-10-31T16:00:00Z');
    const jobs = [sales.app.get(MarkdownsJob), replica.app.get(MarkdownsJob)];
    const counts = await Promise.all([...jobs, ...jobs].map((job) => job.applyDue(at)));
    expect(counts.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(ids.length);
    await waitFor(() => ids.every((id) => applied().some((e) => e.data.markdownId === id)) || undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const id of ids) expect(applied().filter((e) => e.data.markdownId === id)).toHaveLength(1);
  });

  it('applies nothing for a cancelled sale', async () => {
    const saleId = await newYorkSale();
    const markdown = await schedule(saleId, 50, '2026-10-31T09:00');
    clock.set(new Date('2026-10-20T15:00:00Z'));
    const form = saleForm({ city: 'New York', state: 'NY', zipCode: '10001', startDate: '2026-10-31', endDate: '2026-11-01' });
    const cancelled = await api()
      .put(`/api/sales/${saleId}`)
      .set(await as(HOST))
      .send({ ...form, status: 'cancelled' })
      .expect(200);
    expect(cancelled.body.upcoming_markdown).toBeNull();
    await sales.app.get(MarkdownsJob).applyDue(new Date('2026-10-31T14:00:00Z'));
    const list = await api()
      .get(`/api/markdowns?saleId=${saleId}`)
      .set(await as(HOST))
      .expect(200);
    expect(list.body[0]).toMatchObject({ id: markdown.id, status: 'cancelled' });
    expect(applied().some((e) => e.data.markdownId === markdown.id)).toBe(false);
  });
});
