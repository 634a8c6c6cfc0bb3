import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { serviceUrlKey, type ServiceName } from '@garage/contracts';
import { InProcessBus } from '@garage/event-bus';
import { startService, type RunningService } from '@garage/service-kit';
import { serviceTestEnv, silentLogger, waitFor, type ServiceTestEnv } from '@garage/testing';
import { MarkdownsJob } from '@garage/sales';
import { startGateway, type RunningGateway } from '../src/index.js';
import { ALL_SERVICES } from './all-services.js';

/**
 * A scheduled markdown end to end, through the gateway and every service (issue 39): the host
 * schedules it on the sale's clock, every reader sees it coming, the sales job applies it at the
 * sale's local time across a daylight saving change (New York springs forward on Sunday 14 March
 * 2027: 13:00 that day is 17:00 UTC, not 18:00), items cuts the free items and keeps the old price,
 * and each follower hears once, not once per item.
 */
let testEnv: ServiceTestEnv;
const services: Array<RunningService<unknown>> = [];
let gateway: RunningGateway;

interface Member {
  id: number;
  token: string;
}

async function call(method: string, path: string, member: Member | null, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(gateway.url + path, {
    method,
    headers: {
      ...(member ? { authorization: `Bearer ${member.token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

async function register(name: string): Promise<Member> {
  const email = `${name}.${Date.now()}@example.com`;
  const { status, body } = await call('POST', '/api/auth/register', null, {
    firstName: name,
    lastName: 'Test',
    email,
    password: 'markdown-pw',
  });
  expect(status).toBe(201);
  return { id: body.user.id, token: body.token };
}

const sales = () => services[ALL_SERVICES.findIndex((definition) => definition.name === 'sales')]!;

beforeAll(async () => {
  testEnv = await serviceTestEnv({ EVENT_BUS: 'memory', MARKDOWN_INTERVAL_MS: '3600000' });
  const bus = new InProcessBus(silentLogger());
  const urls: Record<string, string> = {};
  for (const definition of ALL_SERVICES) {
    const running = await startService(definition as never, { env: { ...testEnv.env, ...urls }, bus });
    services.push(running as RunningService<unknown>);
    urls[serviceUrlKey(definition.name as ServiceName)] = running.url;
  }
  gateway = await startGateway({ env: { ...testEnv.env, ...urls, REQUESTS_PER_MINUTE: '0' } });
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  for (const service of services.reverse()) await service.close();
  await testEnv?.cleanup();
});

describe('a scheduled markdown through every service', () => {
  it('applies at the sale’s local time, cuts the free items once and tells each follower once', async () => {
    const [host, saver, fan, stranger] = [
      await register('Host'),
      await register('Saver'),
      await register('Fan'),
      await register('Stranger'),
    ];
    const form = {
      title: 'Spring Forward Sale',
      address: '1 W 34th St',
      city: 'New York',
      state: 'NY',
      zipCode: '10001',
      startDate: '2027-03-13',
      endDate: '2027-03-14',
      startTime: '08:00',
      endTime: '16:00',
    };
    const sale = (await call('POST', '/api/sales', host, form)).body;
    const item = async (title: string, price: number) =>
      (await call('POST', '/api/items', host, { title, category: 'Furniture', price, condition: 'good', garageSaleId: sale.id })).body;
    const lamp = await item('Brass lamp', 40);
    const chair = await item('Oak chair', 25);
    const radio = await item('Old radio', 30);
    const sold = await call('PUT', `/api/items/${radio.id}`, host, {
      title: 'Old radio',
      category: 'Furniture',
      price: 30,
      condition: 'good',
      garageSaleId: sale.id,
      isSold: true,
    });
    expect(sold.status).toBe(200);
    await waitFor(async () => (await call('POST', `/api/favorites/sales/${sale.id}`, saver)).status === 201, 10_000, 'the sale saved');
    await waitFor(async () => (await call('POST', `/api/favorites/items/${lamp.id}`, fan)).status === 201, 10_000, 'the lamp saved');
    await waitFor(async () => (await call('POST', `/api/favorites/items/${chair.id}`, fan)).status === 201, 10_000, 'the chair saved');

    const scheduled = await call('POST', '/api/markdowns', host, { saleId: sale.id, percentOff: 50, startsAt: '2027-03-14T13:00' });
    expect(scheduled.status).toBe(201);
    expect((await call('GET', `/api/sales/${sale.id}`, null)).body.upcoming_markdown).toEqual({
      percent_off: 50,
      starts_at: '2027-03-14T13:00',
    });
    expect((await call('GET', `/api/markdowns?saleId=${sale.id}`, stranger)).status).toBe(404);
    expect((await call('DELETE', `/api/markdowns/${scheduled.body.id}`, stranger)).status).toBe(404);

    const job = sales().app.get(MarkdownsJob);
    expect(await job.applyDue(new Date('2027-03-14T16:59:59Z'))).toBe(0);
    expect(await job.applyDue(new Date('2027-03-14T17:00:00Z'))).toBe(1);
    expect(await job.applyDue(new Date('2027-03-14T18:00:00Z'))).toBe(0);

    await waitFor(async () => (await call('GET', `/api/items/${lamp.id}`, null)).body.price === 20, 10_000, 'the lamp cut');
    expect((await call('GET', `/api/items/${lamp.id}`, null)).body).toMatchObject({ price: 20, original_price: 40 });
    expect((await call('GET', `/api/items/${chair.id}`, null)).body).toMatchObject({ price: 12.5, original_price: 25 });
    expect((await call('GET', `/api/items/${radio.id}`, null)).body).toMatchObject({ price: 30, original_price: null });
    expect((await call('DELETE', `/api/markdowns/${scheduled.body.id}`, host)).status).toBe(409);
    expect((await call('GET', `/api/sales/${sale.id}`, null)).body.upcoming_markdown).toBeNull();

    const drops = async (member: Member) =>
      ((await call('GET', '/api/alerts', member)).body.alerts as Array<{ kind: string; link: string }>).filter(
        (a) => a.kind === 'price_drop',
      );
    await waitFor(async () => (await drops(saver)).length > 0 && (await drops(fan)).length > 0, 10_000, 'the markdown notices');
    await new Promise((resolve) => setTimeout(resolve, 1000)); // any per-item notice would have arrived by now
    for (const member of [saver, fan]) {
      const alerts = await drops(member);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ title: 'Markdown: Spring Forward Sale', link: `/sales/${sale.id}` });
    }
    expect(await drops(host)).toEqual([]);
    expect(await drops(stranger)).toEqual([]);
  }, 60_000);
});
