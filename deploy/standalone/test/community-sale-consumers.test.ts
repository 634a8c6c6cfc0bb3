import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startGateway, type RunningGateway } from '@garage/gateway';
import { startService, type RunningService } from '@garage/service-kit';
import { serviceTestEnv, TcpProxy, waitFor, type ServiceTestEnv } from '@garage/testing';
import { SERVICES } from '../src/services.js';

/**
 * A community sale through the real services behind the real gateway, as the services that copy it
 * see it: its item search (items), follows, notices and route plans (shopper), the bell
 * (notifications). The copies (items, shopper) reach the broker through a proxy the test can cut,
 * so a community sale they have not heard of is asked of sales.
 */
const DAY = '2099-05-03';
const RAIN_DAY = '2099-05-10';
let testEnv: ServiceTestEnv;
let copiesBroker: TcpProxy;
const services: RunningService<unknown>[] = [];
let gateway: RunningGateway;

beforeAll(async () => {
  testEnv = await serviceTestEnv({ REGISTRATIONS_PER_IP: '10000', RATE_LIMIT_STORE: 'memory' });
  const broker = new URL(testEnv.env.AMQP_URL!);
  copiesBroker = new TcpProxy(Number(broker.port || 5672), broker.hostname);
  await copiesBroker.up();
  const copies = new URL(testEnv.env.AMQP_URL!);
  copies.hostname = '127.0.0.1';
  copies.port = String(copiesBroker.port);
  const urls: Record<string, string> = {};
  for (const service of SERVICES) {
    const copy = service.definition.name === 'items' || service.definition.name === 'shopper';
    const running = await startService(service.definition, {
      env: { ...testEnv.env, ...urls, ...(copy ? { AMQP_URL: copies.toString() } : {}) },
    });
    services.push(running);
    urls[service.gatewayKey] = running.url;
  }
  gateway = await startGateway({ env: { ...testEnv.env, ...urls } });
}, 120_000);

afterAll(async () => {
  await copiesBroker?.up();
  await gateway?.close();
  for (const service of [...services].reverse()) await service.close();
  await copiesBroker?.down();
  await testEnv?.cleanup();
});

type Answer = { status: number; body: any };
async function api(method: string, path: string, options: { body?: unknown; auth?: Auth } = {}): Promise<Answer> {
  const response = await fetch(`${gateway.url}${path}`, {
    method,
    headers: { ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(options.auth ?? {}) },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}
type Auth = { authorization: string };

let counter = 0;
async function register(firstName: string): Promise<Auth> {
  counter += 1;
  const response = await api('POST', '/api/auth/register', {
    body: { firstName, lastName: 'Tester', email: `cs-${Date.now()}-${counter}@example.com`, password: 'correct-horse' },
  });
  expect(response.status).toBe(201);
  return { authorization: `Bearer ${response.body.token}` };
}

async function premium(auth: Auth): Promise<void> {
  const intent = await api('POST', '/api/payments/subscribe', { auth });
  expect(intent.status).toBe(200);
  const confirmed = await api('POST', '/api/payments/confirm-subscription', {
    auth,
    body: { paymentIntentId: intent.body.paymentIntentId },
  });
  expect(confirmed.status).toBe(200);
}

async function sale(auth: Auth, title: string, items: Array<{ title: string; category: string }>): Promise<number> {
  const created = await api('POST', '/api/sales', {
    auth,
    body: {
      title,
      address: '12 Oak St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      startDate: DAY,
      endDate: DAY,
      startTime: '08:00',
      endTime: '13:00',
    },
  });
  expect(created.status).toBe(201);
  for (const item of items) {
    const added = await api('POST', '/api/items', {
      auth,
      body: { ...item, price: 5, condition: 'good', garageSaleId: created.body.id },
    });
    expect(added.status).toBe(201);
  }
  return created.body.id;
}

/** The alerts of a member about a community sale, once there are `count` of that kind. */
const alertsOf = (auth: Auth, kind: string, count: number) =>
  waitFor(
    async () => {
      const { body } = await api('GET', '/api/alerts', { auth });
      const found = body.alerts.filter((alert: { kind: string }) => alert.kind === kind);
      return found.length >= count ? (body.alerts as Array<{ kind: string; link: string | null; saleId: number | null }>) : undefined;
    },
    10_000,
    `${count} ${kind} alerts`,
  );

describe('a community sale, from its organiser to the people who follow it', () => {
  it('searches its items, plans a route through it, and tells everyone once when it moves and when it is cancelled', async () => {
    const organizer = await register('Olive');
    const hostA = await register('Ann');
    const hostB = await register('Ben');
    const follower = await register('Fay');
    const planner = await register('Pat');
    await premium(planner);

    const created = await api('POST', '/api/community-sales', {
      auth: organizer,
      body: {
        name: 'Springfield Sale Day',
        latitude: 39.8,
        longitude: -89.65,
        radiusMiles: 5,
        days: [{ date: DAY, startTime: '08:00', endTime: '14:00' }],
        rainDate: RAIN_DAY,
        requiresApproval: true,
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const saleA = await sale(hostA, 'Maple St', [{ title: 'Oak dresser', category: 'Furniture' }]);
    const saleB = await sale(hostB, 'Birch St', [{ title: 'Brass lamp', category: 'Home & Garden' }]);
    for (const [auth, saleId] of [
      [hostA, saleA],
      [hostB, saleB],
    ] as const) {
      expect((await api('POST', `/api/community-sales/${id}/sales`, { auth, body: { saleId } })).status).toBe(201);
      expect((await api('POST', `/api/community-sales/${id}/sales/${saleId}/approve`, { auth: organizer })).status).toBe(200);
    }

    // Items hears of the approvals: the page's search lists its items, newest first; a visitor sees no address.
    const listed = await waitFor(
      async () => {
        const { body } = await api('GET', `/api/items/search?communitySaleId=${id}`);
        return body.length === 2 ? body : undefined;
      },
      10_000,
      'both sales’ items in the community sale’s search',
    );
    expect(listed.map((item: { title: string }) => item.title)).toEqual(['Brass lamp', 'Oak dresser']);
    expect(listed.every((item: { sale: { address: string | null } }) => item.sale.address === null)).toBe(true);
    expect((await api('GET', `/api/items/search?communitySaleId=${id}&q=lamp`)).body.map((item: { title: string }) => item.title)).toEqual([
      'Brass lamp',
    ]);

    expect((await api('POST', `/api/community-sales/${id}/follow`, { auth: follower })).status).toBe(201);
    expect((await api('GET', `/api/community-sales/${id}/follow`, { auth: follower })).body).toMatchObject({ following: true });

    // A plan straight from it, narrowed to furniture: only sale A, with its number.
    const plan = await waitFor(
      async () => {
        const response = await api('POST', '/api/route-plans', {
          auth: planner,
          body: { date: DAY, startTime: '08:00', start: { zipCode: '62701' }, communitySaleId: id, filters: { categories: ['Furniture'] } },
        });
        return response.status === 201 ? response.body : undefined;
      },
      10_000,
      'a plan from the community sale',
    );
    expect(plan.stops.map((stop: { saleId: number; communitySaleNumber: number }) => [stop.saleId, stop.communitySaleNumber])).toEqual([
      [saleA, 1],
    ]);

    // Moved to its rain date: the sales move with it, and each person hears of it once.
    expect((await api('POST', `/api/community-sales/${id}/rain-date`, { auth: organizer })).status).toBe(200);
    expect((await api('GET', `/api/sales/${saleA}`)).body.start_date).toBe(RAIN_DAY);
    for (const auth of [hostA, hostB, follower, planner]) {
      const alerts = await alertsOf(auth, 'community_sale_moved', 1);
      expect(alerts.filter((alert) => alert.kind === 'community_sale_moved')).toEqual([
        expect.objectContaining({ link: `/community-sales/${id}` }),
      ]);
      // Not once more for the sale in the plan.
      expect(alerts.filter((alert) => alert.kind === 'sale_changed')).toEqual([]);
    }
    expect((await api('GET', '/api/alerts', { auth: organizer })).body.alerts).toEqual([]);

    expect((await api('POST', `/api/community-sales/${id}/cancel`, { auth: organizer })).status).toBe(200);
    for (const auth of [hostA, hostB, follower, planner]) {
      const alerts = await alertsOf(auth, 'community_sale_cancelled', 1);
      expect(alerts.filter((alert) => alert.kind.startsWith('community_sale_')).map((alert) => alert.kind)).toEqual([
        'community_sale_cancelled',
        'community_sale_moved',
      ]);
    }
  }, 120_000);

  it('plans from one its copy knows while the approval of its sales has not reached it yet', async () => {
    const organizer = await register('Ola');
    const host = await register('Hugo');
    const planner = await register('Pim');
    await premium(planner);
    const created = await api('POST', '/api/community-sales', {
      auth: organizer,
      body: { name: 'Northside Sale Day', zipCodes: ['62701'], days: [{ date: DAY, startTime: '08:00', endTime: '12:00' }] },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const shopper = services[SERVICES.findIndex((service) => service.definition.name === 'shopper')]!;
    await waitFor(
      async () => (await shopper.dataSource.query(`SELECT id FROM community_sales WHERE id = $1`, [id])).length === 1,
      10_000,
      'shopper to hear of the community sale',
    );
    await copiesBroker.down();
    try {
      const saleId = await sale(host, 'Walnut St', []);
      expect((await api('POST', `/api/community-sales/${id}/sales`, { auth: host, body: { saleId } })).body).toMatchObject({ number: 1 });
      const preview = await api('POST', '/api/route-plans/preview', {
        auth: planner,
        body: { date: DAY, startTime: '08:00', start: { zipCode: '62701' }, communitySaleId: id },
      });
      expect(preview.status).toBe(200);
      expect(
        preview.body.plan.stops.map((stop: { saleId: number; communitySaleNumber: number }) => [stop.saleId, stop.communitySaleNumber]),
      ).toEqual([[saleId, 1]]);
    } finally {
      await copiesBroker.up();
    }
  });

  it('follows and plans from one its copy has not heard of, on the word of sales, and answers 404 for one nobody has', async () => {
    const organizer = await register('Otto');
    const follower = await register('Fern');
    const host = await register('Hal');
    const planner = await register('Pia');
    await premium(planner);
    await copiesBroker.down();
    try {
      const created = await api('POST', '/api/community-sales', {
        auth: organizer,
        body: { name: 'Eastside Sale Day', zipCodes: ['62701'], days: [{ date: DAY, startTime: '08:00', endTime: '12:00' }] },
      });
      expect(created.status).toBe(201);
      const id = created.body.id as number;
      const followed = await api('POST', `/api/community-sales/${id}/follow`, { auth: follower });
      expect(followed).toMatchObject({ status: 201, body: { communitySaleId: id, following: true } });
      expect(await api('POST', `/api/community-sales/987654321/follow`, { auth: follower })).toEqual({
        status: 404,
        body: { error: 'Community sale not found' },
      });

      // No approval needed: the sale is number 1 at once, and a plan from the community sale finds it.
      const saleId = await sale(host, 'Cedar St', []);
      expect((await api('POST', `/api/community-sales/${id}/sales`, { auth: host, body: { saleId } })).body).toMatchObject({ number: 1 });
      const preview = await api('POST', '/api/route-plans/preview', {
        auth: planner,
        body: { date: DAY, startTime: '08:00', start: { zipCode: '62701' }, communitySaleId: id },
      });
      expect(preview.status).toBe(200);
      expect(
        preview.body.plan.stops.map((stop: { saleId: number; communitySaleNumber: number }) => [stop.saleId, stop.communitySaleNumber]),
      ).toEqual([[saleId, 1]]);
      const unknown = await api('POST', '/api/route-plans/preview', {
        auth: planner,
        body: { date: DAY, startTime: '08:00', start: { zipCode: '62701' }, communitySaleId: 987654321 },
      });
      expect(unknown).toEqual({ status: 404, body: { error: 'Community sale not found' } });
    } finally {
      await copiesBroker.up();
    }
  });
});
