import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { serviceUrlKey, type ServiceName } from '@garage/contracts';
import { InProcessBus } from '@garage/event-bus';
import { startService, type RunningService } from '@garage/service-kit';
import { serviceTestEnv, silentLogger, waitFor, type ServiceTestEnv } from '@garage/testing';
import { startGateway, type RunningGateway } from '../src/index.js';
import { ALL_SERVICES } from './all-services.js';
import { inBatches, Prober } from './fuzz-probes.js';
import { communitySale, ids, itemForm, plan, ROUTES, saleForm, search } from './fuzz-routes.js';

/**
 * Fuzzing every route through the gateway, with inputs generated from the zod contracts (see
 * fuzz-probes.ts): whatever the input, never a 5xx, and every error body is exactly
 * `{"error": string}`, plus `details` for validation. The routes are in fuzz-routes.ts.
 */

let testEnv: ServiceTestEnv;
const services: RunningService<unknown>[] = [];
let gateway: RunningGateway;
let token = '';
const prober = new Prober(() => ({ url: gateway.url, token }));

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(gateway.url + path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

beforeAll(async () => {
  testEnv = await serviceTestEnv({ EVENT_BUS: 'memory' });
  const bus = new InProcessBus(silentLogger());
  const urls: Record<string, string> = {};
  for (const definition of ALL_SERVICES) {
    // Each service also finds the owners started before it, as in the standalone launcher.
    const running = await startService(definition as never, { env: { ...testEnv.env, ...urls }, bus });
    services.push(running as RunningService<unknown>);
    urls[serviceUrlKey(definition.name as ServiceName)] = running.url;
  }
  // The fuzz run is thousands of requests from one address: the per-client budget is tested elsewhere.
  gateway = await startGateway({ env: { ...testEnv.env, ...urls, REQUESTS_PER_MINUTE: '0' } });

  // A premium member with a sale, an item, a saved search and a route plan: real ids to aim at.
  const email = `fuzz.${Date.now()}@example.com`;
  const registered = await call('POST', '/api/auth/register', { firstName: 'Fuzz', lastName: 'Er', email, password: 'fuzz-fuzz' });
  token = registered.body.token;
  const intent = await call('POST', '/api/payments/subscribe');
  const confirmed = await call('POST', '/api/payments/confirm-subscription', { paymentIntentId: intent.body.paymentIntentId });
  expect(confirmed.status).toBe(200);
  ids.sale = (await call('POST', '/api/sales', saleForm())).body.id;
  ids.item = (await call('POST', '/api/items', { ...itemForm(), garageSaleId: ids.sale })).body.id;
  ids.search = await waitFor(
    async () => (await call('POST', '/api/saved-searches', search())).body?.id,
    10_000,
    'premium to reach shopper',
  );
  ids.plan = (await call('POST', '/api/route-plans', plan())).body?.id ?? 1;
  ids.communitySale = (await call('POST', '/api/community-sales', communitySale())).body.id;
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  for (const service of services.reverse()) await service.close();
  await testEnv?.cleanup();
});

describe('fuzzing every route from the contracts', () => {
  it('found real ids to aim at', () => {
    expect(token).toBeTruthy();
    for (const id of Object.values(ids)) expect(id).toBeGreaterThan(0);
  });

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: no 5xx, every error {"error": string} (+ details)',
    async (_name, route) => {
      prober.failures.length = 0;
      await inBatches(prober.probesFor(route));
      expect(prober.failures).toEqual([]);
    },
    120_000,
  );

  it('covers the routes with many inputs', () => {
    expect(prober.sent).toBeGreaterThan(2000);
  });
});

describe("Fastify's own errors", () => {
  it.each([
    ['GET', '/api/items/%zz'],
    ['GET', '/api/%'],
    ['GET', '/api/no-such-route'],
    ['POST', '/api/no-such-route'],
    ['GET', '/api/sales/1/%zz'],
  ])('%s %s answers in the contract format', async (method, path) => {
    prober.failures.length = 0;
    await prober.probe(method, path);
    expect(prober.failures).toEqual([]);
    const response = await fetch(gateway.url + path, { method });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(Object.keys(await response.json())).toEqual(['error']);
  });

  it('each service answers a URL that does not decode in the contract format too', async () => {
    for (const service of services) {
      const response = await fetch(`${service.url}/api/items/%zz`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'Malformed URL' });
      const media = await fetch(`${service.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: '<a/>',
      });
      expect(media.status).toBeLessThan(500);
      expect(Object.keys(await media.json())).toEqual(['error']);
    }
  });
});
