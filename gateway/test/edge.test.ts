import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Writable } from 'node:stream';
import request from 'supertest';
import { pino } from 'pino';
import { serviceTestEnv, type ServiceTestEnv } from '@garage/testing';
import { startGateway, type RunningGateway } from '../src/index.js';
import { isTrustProxySetting, trustProxyOption } from '../src/client-address.js';

/**
 * The gateway as the edge: whose address it believes (TRUST_PROXY), the per-client request
 * budget, metrics off the public port, and no error logged for answers it gives on purpose.
 */
let testEnv: ServiceTestEnv;
let echo: Server;
let echoUrl: string;
const seen: IncomingHttpHeaders[] = [];
const started: RunningGateway[] = [];

async function gatewayWith(env: Record<string, string>, logLines?: string[]): Promise<RunningGateway> {
  const logger = logLines
    ? pino(
        { level: 'info' },
        new Writable({
          write(chunk, _encoding, callback) {
            logLines.push(String(chunk));
            callback();
          },
        }),
      )
    : undefined;
  const gateway = await startGateway({ env: { ...testEnv.env, AUTH_URL: echoUrl, ...env }, logger });
  started.push(gateway);
  return gateway;
}

beforeAll(async () => {
  testEnv = await serviceTestEnv();
  echo = createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const address = echo.address();
  echoUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  for (const gateway of started) await gateway.close();
  await new Promise((resolve) => echo.close(resolve));
  await testEnv.cleanup();
});

async function forwardedFor(gateway: RunningGateway, header?: string): Promise<string | undefined> {
  seen.length = 0;
  const call = request(gateway.url).get('/api/users/me');
  if (header !== undefined) void call.set('x-forwarded-for', header);
  await call.expect(200);
  return seen[0]?.['x-forwarded-for'] as string | undefined;
}

describe('TRUST_PROXY', () => {
  it('by default believes no one: the peer is the client, whatever X-Forwarded-For says', async () => {
    const gateway = await gatewayWith({});
    expect(await forwardedFor(gateway, '6.6.6.6')).toBe('127.0.0.1');
  });

  it("takes the client address from a trusted proxy's X-Forwarded-For", async () => {
    const gateway = await gatewayWith({ TRUST_PROXY: '127.0.0.1' });
    expect(await forwardedFor(gateway, '203.0.113.7')).toBe('203.0.113.7');
    // The proxy appends the address it saw: what the client wrote before it is not believed.
    expect(await forwardedFor(gateway, '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await forwardedFor(gateway)).toBe('127.0.0.1');
  });

  it('ignores X-Forwarded-For from a peer it does not trust (a spoofing client)', async () => {
    const gateway = await gatewayWith({ TRUST_PROXY: '10.0.0.0/8,192.168.0.0/16' });
    expect(await forwardedFor(gateway, '203.0.113.7')).toBe('127.0.0.1');
  });

  it('takes a hop count: one proxy trusted, the next address is the client', async () => {
    const gateway = await gatewayWith({ TRUST_PROXY: '1' });
    expect(await forwardedFor(gateway, '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
  });

  it('refuses a setting it cannot read', async () => {
    expect(isTrustProxySetting('10.0.0.0/8, loopback')).toBe(true);
    expect(isTrustProxySetting('')).toBe(true);
    expect(isTrustProxySetting('true')).toBe(false);
    expect(isTrustProxySetting('10.0.0.0/33')).toBe(false);
    expect(isTrustProxySetting('proxy.example.com')).toBe(false);
    expect(trustProxyOption('')).toBe(false);
    await expect(gatewayWith({ TRUST_PROXY: 'everyone' })).rejects.toThrow(/TRUST_PROXY/);
  });
});

describe('the per-client request budget', () => {
  it('answers 429 with Retry-After and the error format once a client has spent it, per client', async () => {
    const gateway = await gatewayWith({ REQUESTS_PER_MINUTE: '5', TRUST_PROXY: '127.0.0.1' });
    for (let i = 0; i < 5; i += 1) await request(gateway.url).get('/api/users/me').set('x-forwarded-for', '198.51.100.1').expect(200);
    const refused = await request(gateway.url).get('/api/users/me').set('x-forwarded-for', '198.51.100.1').expect(429);
    expect(refused.body).toEqual({ error: 'Too many requests. Try again later.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another client has its own budget; liveness is never counted.
    await request(gateway.url).get('/api/users/me').set('x-forwarded-for', '198.51.100.2').expect(200);
    await request(gateway.url).get('/api/live').set('x-forwarded-for', '198.51.100.1').expect(200);
  });

  it('is shared through Redis by every replica', async () => {
    const one = await gatewayWith({ REQUESTS_PER_MINUTE: '4', TRUST_PROXY: '127.0.0.1' });
    const two = await gatewayWith({ REQUESTS_PER_MINUTE: '4', TRUST_PROXY: '127.0.0.1' });
    for (const gateway of [one, two, one, two]) {
      await request(gateway.url).get('/api/users/me').set('x-forwarded-for', '198.51.100.9').expect(200);
    }
    await request(two.url).get('/api/users/me').set('x-forwarded-for', '198.51.100.9').expect(429);
  });

  it('is taken a block at a time by each replica, and lets no client past the limit', async () => {
    // 300 a minute: each replica takes 3 counts at a time, so at most 2 per replica go unspent.
    const one = await gatewayWith({ REQUESTS_PER_MINUTE: '300', TRUST_PROXY: '127.0.0.1' });
    const two = await gatewayWith({ REQUESTS_PER_MINUTE: '300', TRUST_PROXY: '127.0.0.1' });
    const statuses: number[] = [];
    for (let round = 0; round < 16; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          request((i + round) % 2 ? one.url : two.url)
            .get('/api/users/me')
            .set('x-forwarded-for', '198.51.100.30'),
        ),
      );
      statuses.push(...answers.map((answer) => answer.status));
    }
    const passed = statuses.filter((status) => status === 200).length;
    expect(passed).toBeLessThanOrEqual(300);
    expect(passed).toBeGreaterThanOrEqual(296);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 429)).toBe(true);
  });

  it('lets requests pass when Redis cannot count them', async () => {
    const gateway = await gatewayWith({ REQUESTS_PER_MINUTE: '1', REDIS_URL: 'redis://127.0.0.1:9' });
    for (let i = 0; i < 3; i += 1) await request(gateway.url).get('/api/users/me').expect(200);
  });

  it('counts in memory in standalone', async () => {
    const gateway = await gatewayWith({ REQUESTS_PER_MINUTE: '2', RATE_LIMIT_STORE: 'memory' });
    await request(gateway.url).get('/api/users/me').expect(200);
    await request(gateway.url).get('/api/users/me').expect(200);
    await request(gateway.url).get('/api/users/me').expect(429);
  });
});

describe('metrics', () => {
  it('are served on METRICS_PORT only, never on the public port', async () => {
    const gateway = await gatewayWith({ METRICS_PORT: '0' });
    await request(gateway.url).get('/api/live').expect(200);
    const metrics = await fetch(gateway.metricsUrl!);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('service="gateway"');
    expect((await request(gateway.url).get('/metrics').expect(404)).body).toEqual({ error: expect.any(String) });
    expect((await gatewayWith({})).metricsUrl).toBeNull();
  });
});

describe('answers the gateway gives itself', () => {
  it('are logged as nothing worse than a warning (no ERR_HTTP_HEADERS_SENT)', async () => {
    const lines: string[] = [];
    const gateway = await gatewayWith({}, lines);
    await request(gateway.url).get('/api/nowhere').expect(404);
    await request(gateway.url).get('/api/users/me').set('authorization', 'Bearer not.a.token').expect(401);
    await request(gateway.url).get('/api/items/%zz').expect(400);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const errors = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.level >= 50);
    expect(errors).toEqual([]);
    expect(lines.join('')).not.toContain('ERR_HTTP_HEADERS_SENT');
  });
});
