import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import {
  alertSettingsUpdateSchema,
  alertsQuerySchema,
  assignItemsBodySchema,
  availabilityBodySchema,
  checkInBodySchema,
  communitySaleBodySchema,
  communitySaleJoinSchema,
  communitySaleListQuerySchema,
  confirmSubscriptionBodySchema,
  itemCreateSchema,
  itemSearchQuerySchema,
  itemUpdateSchema,
  liveStatusBodySchema,
  loginBodySchema,
  myItemsQuerySchema,
  offerBodySchema,
  offersQuerySchema,
  profileBodySchema,
  registerBodySchema,
  routePlanBodySchema,
  saleCreateSchema,
  saleListQuerySchema,
  saleUpdateSchema,
  savedSearchBodySchema,
  serviceUrlKey,
  unsubscribeQuerySchema,
  type ServiceName,
} from '@garage/contracts';
import { InProcessBus } from '@garage/event-bus';
import { startService, type RunningService } from '@garage/service-kit';
import { serviceTestEnv, silentLogger, waitFor, type ServiceTestEnv } from '@garage/testing';
import { startGateway, type RunningGateway } from '../src/index.js';
import { ALL_SERVICES } from './all-services.js';

/**
 * Fuzzing every route through the gateway, with inputs generated from the zod contracts: for each
 * field of a body or query, values of the wrong type, control characters, huge and odd numbers,
 * very long text; for each body, malformed JSON and bodies that are not objects; for each path id,
 * ids that are not ids. Whatever the input: never a 5xx, and every error body is exactly
 * `{"error": string}`, plus `details` for validation.
 */

type Schema = z.ZodType;
interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: Schema;
  query?: Schema;
  /** A valid body, so one bad field at a time reaches past validation of the others. */
  valid?: () => Record<string, unknown>;
}

const today = new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const saleForm = () => ({
  title: 'Fuzzed sale',
  description: 'Things',
  address: '1 Main St',
  city: 'Beverly Hills',
  state: 'CA',
  zipCode: '90210',
  startDate: inDays(7),
  endDate: inDays(8),
  startTime: '08:00',
  endTime: '16:00',
});
const itemForm = () => ({ title: 'Fuzzed lamp', category: 'Furniture', price: 5, description: 'A lamp' });
const search = () => ({ name: 'Lamps', q: 'lamp', frequency: 'instant', emailEnabled: true });
const plan = () => ({ date: inDays(7), startTime: '08:00', start: { zipCode: '90210' }, saleIds: [ids.sale] });
const communitySale = () => ({
  name: 'Fuzzed sale day',
  latitude: 34.0901,
  longitude: -118.4065,
  radiusMiles: 2,
  days: [{ date: inDays(7), startTime: '08:00', endTime: '15:00' }],
  rainDate: inDays(14),
});
const ids = { sale: 1, item: 1, search: 1, plan: 1, alert: 1, communitySale: 1 };

const ROUTES: Route[] = [
  { method: 'POST', path: '/api/auth/register', body: registerBodySchema },
  { method: 'POST', path: '/api/auth/login', body: loginBodySchema },
  { method: 'GET', path: '/api/users/me' },
  { method: 'PUT', path: '/api/users/me', body: profileBodySchema, valid: () => ({ firstName: 'Fuzz', lastName: 'Er' }) },
  { method: 'GET', path: '/api/sales', query: saleListQuerySchema },
  { method: 'GET', path: '/api/sales/my-sales' },
  { method: 'GET', path: '/api/sales/:sale' },
  { method: 'POST', path: '/api/sales', body: saleCreateSchema(today), valid: saleForm },
  { method: 'PUT', path: '/api/sales/:sale', body: saleUpdateSchema, valid: saleForm },
  { method: 'DELETE', path: '/api/sales/:none' },
  { method: 'GET', path: '/api/sales/:sale/calendar.ics' },
  { method: 'PUT', path: '/api/sales/:sale/live-status', body: liveStatusBodySchema, valid: () => ({ state: 'open' }) },
  {
    method: 'POST',
    path: '/api/sales/:sale/check-ins',
    body: checkInBodySchema,
    valid: () => ({ going: true, latitude: 34.09, longitude: -118.4 }),
  },
  { method: 'GET', path: '/api/sales/:sale/sign.pdf' },
  { method: 'GET', path: '/api/sales/:sale/stickers.pdf' },
  {
    method: 'POST',
    path: '/api/sales/assign-items',
    body: assignItemsBodySchema,
    valid: () => ({ saleId: ids.sale, itemIds: [ids.item] }),
  },
  { method: 'GET', path: '/api/items/search', query: itemSearchQuerySchema },
  { method: 'GET', path: '/api/items/my-items', query: myItemsQuerySchema },
  { method: 'GET', path: '/api/items/by-sale/:sale' },
  { method: 'GET', path: '/api/items/:item' },
  { method: 'POST', path: '/api/items', body: itemCreateSchema, valid: itemForm },
  { method: 'PUT', path: '/api/items/:item', body: itemUpdateSchema, valid: itemForm },
  { method: 'DELETE', path: '/api/items/:none' },
  { method: 'POST', path: '/api/items/:item/reserve' },
  { method: 'POST', path: '/api/items/:item/offers', body: offerBodySchema, valid: () => ({ amount: 5 }) },
  { method: 'GET', path: '/api/offers', query: offersQuerySchema },
  { method: 'POST', path: '/api/offers/:none/accept' },
  { method: 'POST', path: '/api/offers/:none/decline' },
  { method: 'POST', path: '/api/offers/:none/counter', body: offerBodySchema, valid: () => ({ amount: 5 }) },
  { method: 'POST', path: '/api/offers/:none/withdraw' },
  {
    method: 'POST',
    path: '/api/items/availability',
    body: availabilityBodySchema,
    valid: () => ({ startDate: inDays(7), endDate: inDays(8), startTime: '08:00', endTime: '16:00' }),
  },
  { method: 'POST', path: '/api/upload/image' },
  { method: 'GET', path: '/api/images/:name' },
  { method: 'GET', path: '/api/payments/config' },
  {
    method: 'POST',
    path: '/api/payments/confirm-subscription',
    body: confirmSubscriptionBodySchema,
    valid: () => ({ paymentIntentId: 'pi_x' }),
  },
  { method: 'POST', path: '/api/payments/webhook' },
  { method: 'GET', path: '/api/favorites' },
  { method: 'GET', path: '/api/favorites/ids' },
  { method: 'POST', path: '/api/favorites/sales/:sale' },
  { method: 'DELETE', path: '/api/favorites/items/:item' },
  { method: 'GET', path: '/api/saved-searches' },
  { method: 'GET', path: '/api/saved-searches/:search' },
  { method: 'POST', path: '/api/saved-searches', body: savedSearchBodySchema, valid: search },
  { method: 'PUT', path: '/api/saved-searches/:search', body: savedSearchBodySchema, valid: search },
  { method: 'DELETE', path: '/api/saved-searches/:none' },
  { method: 'GET', path: '/api/saved-searches/unsubscribe', query: unsubscribeQuerySchema },
  { method: 'POST', path: '/api/saved-searches/unsubscribe', query: unsubscribeQuerySchema },
  { method: 'GET', path: '/api/alerts', query: alertsQuerySchema },
  { method: 'GET', path: '/api/alerts/unread-count' },
  { method: 'POST', path: '/api/alerts/read-all' },
  { method: 'PUT', path: '/api/alerts/settings', body: alertSettingsUpdateSchema, valid: () => ({ dropOutEmails: true }) },
  { method: 'POST', path: '/api/alerts/:alert/read' },
  { method: 'POST', path: '/api/route-plans/preview', body: routePlanBodySchema, valid: plan },
  { method: 'POST', path: '/api/route-plans', body: routePlanBodySchema, valid: plan },
  { method: 'GET', path: '/api/route-plans/:plan' },
  { method: 'GET', path: '/api/route-plans/:plan/calendar.ics' },
  { method: 'DELETE', path: '/api/route-plans/:none' },
  { method: 'GET', path: '/api/dev/mail' },
  { method: 'GET', path: '/api/community-sales', query: communitySaleListQuerySchema },
  { method: 'POST', path: '/api/community-sales', body: communitySaleBodySchema, valid: communitySale },
  { method: 'GET', path: '/api/community-sales/:communitySale' },
  { method: 'PUT', path: '/api/community-sales/:communitySale', body: communitySaleBodySchema, valid: communitySale },
  { method: 'GET', path: '/api/community-sales/:communitySale/sales' },
  {
    method: 'POST',
    path: '/api/community-sales/:communitySale/sales',
    body: communitySaleJoinSchema,
    valid: () => ({ saleId: ids.sale }),
  },
  { method: 'POST', path: '/api/community-sales/:communitySale/sales/:sale/approve' },
  { method: 'DELETE', path: '/api/community-sales/:none/sales/:none' },
  { method: 'POST', path: '/api/community-sales/:none/rain-date' },
  { method: 'GET', path: '/api/community-sales/:communitySale/print.pdf' },
  { method: 'GET', path: '/api/community-sales/:communitySale/follow' },
  { method: 'POST', path: '/api/community-sales/:communitySale/follow' },
  { method: 'DELETE', path: '/api/community-sales/:none/follow' },
  { method: 'POST', path: '/api/community-sales/:communitySale/cancel' },
];

const CONTROL = ['a\u0000b', '\u0000', 'x\u0007\u001b[31m', 'line\nbreak', '\u007f'];
const HUGE = [1e308, -1e308, 2 ** 64, Number.MAX_SAFE_INTEGER + 2, 1.5, -1, 0];
const WRONG_TYPES = [true, {}, [], null, { $gt: '' }, ['a', 'b']];
const LONG = 'x'.repeat(100_000);

/** Bad values for one field, by the type its JSON schema gives. */
function badValues(property: { type?: string; anyOf?: Array<{ type?: string }> } | undefined): unknown[] {
  const types = new Set([property?.type, ...(property?.anyOf ?? []).map((option) => option.type)].filter(Boolean));
  const values: unknown[] = [...WRONG_TYPES, ...CONTROL, ...HUGE, LONG, '', '12abc', '1e400'];
  if (types.has('array'))
    values.push(
      [null],
      [1e308],
      ['a\u0000'],
      Array.from({ length: 5000 }, (_, i) => i),
      [[[]]],
    );
  if (types.has('object')) values.push({ zipCode: 'a\u0000' }, { latitude: 1e308, longitude: 'x' });
  return values;
}

/** Values for one query parameter (sent in the URL, so strings, encoded or raw). */
const BAD_QUERY_VALUES = [
  '%00',
  'a%00b',
  '%zz',
  '%',
  '1e400',
  '-1',
  '99999999999999999999',
  'NaN',
  'Infinity',
  '0x10',
  '%1b%5b31m',
  'x'.repeat(5000),
];
const BAD_IDS = [
  '0',
  '-1',
  'abc',
  '1e400',
  '99999999999999999999',
  '2147483648',
  '1.5',
  '%00',
  'a%00b',
  '%zz',
  '%2e%2e',
  '0x10',
  '%20',
  'null',
];
const RAW_BODIES: Array<[string, string]> = [
  ['application/json', '{'],
  ['application/json', '{"a":'],
  ['application/json', 'null'],
  ['application/json', '[]'],
  ['application/json', '"text"'],
  ['application/json', '1e999'],
  ['application/json', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}'],
  ['application/json', '['.repeat(5000) + ']'.repeat(5000)],
  ['application/json', '{"title":"\\u0000"}'],
  ['application/json', '\u0000'],
  ['application/json', ''],
  ['text/plain', 'hello'],
  ['application/x-www-form-urlencoded', 'a=1&b=2'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'],
  ['application/xml', '<a/>'],
];

let testEnv: ServiceTestEnv;
const services: RunningService<unknown>[] = [];
let gateway: RunningGateway;
let token = '';
const failures: string[] = [];
let sent = 0;

/** One request; records what breaks the rules instead of failing at the first. */
async function probe(method: string, path: string, options: { body?: string; type?: string; auth?: boolean } = {}): Promise<void> {
  const headers: Record<string, string> = {};
  if (options.type) headers['content-type'] = options.type;
  if (options.auth !== false) headers.authorization = `Bearer ${token}`;
  sent += 1;
  let response: Response;
  try {
    response = await fetch(gateway.url + path, { method, headers, body: options.body });
  } catch (error) {
    failures.push(`${method} ${path.slice(0, 120)}: no answer (${String(error)})`);
    return;
  }
  const text = await response.text();
  const what = `${method} ${path.slice(0, 120)} ${options.body === undefined ? '' : `body ${options.body.slice(0, 120)}`} → ${response.status} ${text.slice(0, 200)}`;
  if (response.status >= 500) return void failures.push(what);
  if (response.status < 400 || response.status === 304) return;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return void failures.push(`${what} (not JSON)`);
  }
  if (!isErrorBody(body)) failures.push(`${what} (not the error format)`);
}

function isErrorBody(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  const record = body as Record<string, unknown>;
  if (typeof record.error !== 'string' || !keys.every((key) => key === 'error' || key === 'details')) return false;
  if (!('details' in record)) return true;
  return (
    Array.isArray(record.details) &&
    record.details.every(
      (detail) =>
        detail &&
        typeof detail === 'object' &&
        typeof detail.field === 'string' &&
        typeof detail.message === 'string' &&
        Object.keys(detail).length === 2,
    )
  );
}

function pathOf(route: Route, id?: string): string {
  return route.path.replace(/:(\w+)/g, (_match, name: string) => {
    if (id !== undefined) return id;
    if (name === 'name') return 'missing.jpg';
    if (name === 'none') return '999999';
    return String(ids[name as keyof typeof ids]);
  });
}

function propertiesOf(schema: Schema): Record<string, { type?: string; anyOf?: Array<{ type?: string }> }> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, never> };
  return json.properties ?? {};
}

/** Runs the probes a few at a time: enough to be quick, not so many that the machine drowns. */
async function inBatches(tasks: Array<() => Promise<void>>, size = 6): Promise<void> {
  for (let start = 0; start < tasks.length; start += size) await Promise.all(tasks.slice(start, start + size).map((task) => task()));
}

function probesFor(route: Route): Array<() => Promise<void>> {
  const tasks: Array<() => Promise<void>> = [];
  const path = pathOf(route);
  const send = (body: unknown) => () => probe(route.method, path, { type: 'application/json', body: JSON.stringify(body) });
  if (route.body) {
    const base = route.valid?.() ?? {};
    for (const [field, property] of Object.entries(propertiesOf(route.body))) {
      for (const value of badValues(property)) tasks.push(send({ ...base, [field]: value }));
    }
    tasks.push(send({ ...base, unexpected: 'a\u0000', ['a\u0000']: 1 }));
  }
  if (route.method !== 'GET' && route.method !== 'DELETE') {
    for (const [type, body] of RAW_BODIES) tasks.push(() => probe(route.method, path, { type, body }));
    tasks.push(() => probe(route.method, path, { type: 'application/json', body: JSON.stringify({ big: 'x'.repeat(2 * 1024 * 1024) }) }));
  }
  if (route.query) {
    for (const field of Object.keys(propertiesOf(route.query))) {
      for (const value of BAD_QUERY_VALUES) tasks.push(() => probe(route.method, `${path}?${field}=${value}`));
      tasks.push(() => probe(route.method, `${path}?${field}=1&${field}=2&${field}[a]=x`));
    }
  }
  tasks.push(() => probe(route.method, `${path}?q=%00&limit=1e400&x=%zz`));
  if (route.path.includes(':')) for (const id of BAD_IDS) tasks.push(() => probe(route.method, pathOf(route, id)));
  tasks.push(() => probe(route.method, path, { auth: false }));
  return tasks;
}

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
      failures.length = 0;
      await inBatches(probesFor(route));
      expect(failures).toEqual([]);
    },
    120_000,
  );

  it('covers the routes with many inputs', () => {
    expect(sent).toBeGreaterThan(2000);
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
    failures.length = 0;
    await probe(method, path);
    expect(failures).toEqual([]);
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
