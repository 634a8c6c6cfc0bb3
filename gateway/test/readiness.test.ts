import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { routedServices, startGateway, type RunningGateway } from '../src/index.js';

/**
 * The gateway's shutdown as an orchestrator sees it: on SIGTERM (`shutdown`) `/api/ready` answers
 * 503 at once while proxied calls are still served for SHUTDOWN_DRAIN_MS, asking each client to
 * close its connection; only then does the listener close.
 */
const DRAIN_MS = 1500;
const dataDir = mkdtempSync(path.join(tmpdir(), 'garage-gateway-'));
let service: Server;
let serviceUrl: string;

beforeAll(async () => {
  service = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    // A slow call: still in flight when the gateway is told to stop.
    setTimeout(() => res.end('{"ok":true}'), req.url === '/api/items/slow' ? 600 : 0);
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const address = service.address();
  serviceUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise((resolve) => service.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

const gatewayWith = (env: Record<string, string>) =>
  startGateway({
    env: {
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_STORE: 'memory',
      ...Object.fromEntries(routedServices().map((name) => [`${name.toUpperCase()}_URL`, serviceUrl])),
      ...env,
    },
  });

/** A kept-alive connection, as a load balancer's: the gateway says when to close it. */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
afterAll(() => agent.destroy());

function get(
  url: string,
  via: Agent | false = agent,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(url, { agent: via }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    call.on('error', reject);
    call.end();
  });
}

describe('readiness and the drain on SIGTERM', () => {
  let gateway: RunningGateway;

  beforeAll(async () => {
    gateway = await gatewayWith({ SHUTDOWN_DRAIN_MS: String(DRAIN_MS) });
  });

  afterAll(() => gateway.close());

  it('is ready while serving, outside the request budget', async () => {
    const ready = await get(`${gateway.url}/api/ready`);
    expect({ status: ready.status, body: JSON.parse(ready.body) }).toEqual({ status: 200, body: { status: 'ok' } });
    expect(ready.headers.connection).not.toBe('close');
  });

  it('turns not ready first, keeps serving for the drain, then stops listening', async () => {
    const started = Date.now();
    const stopping = gateway.shutdown();
    let closedAt = 0;
    void stopping.then(() => (closedAt = Date.now()));

    const ready = await get(`${gateway.url}/api/ready`);
    expect({ status: ready.status, body: JSON.parse(ready.body), retryAfter: ready.headers['retry-after'] }).toEqual({
      status: 503,
      body: { error: 'The gateway is shutting down' },
      retryAfter: '1',
    });
    // Still alive (no restart), still serving calls, each answer closing its connection.
    expect((await get(`${gateway.url}/api/live`)).status).toBe(200);
    const served: number[] = [];
    while (Date.now() - started < DRAIN_MS - 300) {
      const call = await get(`${gateway.url}/api/sales`);
      expect({ status: call.status, connection: call.headers.connection, body: call.body }).toEqual({
        status: 200,
        connection: 'close',
        body: '{"ok":true}',
      });
      served.push(Date.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(closedAt).toBe(0);
    expect(served.length).toBeGreaterThan(3);

    await stopping;
    expect(closedAt - started).toBeGreaterThanOrEqual(DRAIN_MS);
    await expect(get(`${gateway.url}/api/sales`, false)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe('without a drain period (the default)', () => {
  it('finishes a call in flight before it closes', async () => {
    const gateway = await gatewayWith({});
    const slow = get(`${gateway.url}/api/items/slow`, false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stopping = gateway.shutdown();
    const answer = await slow;
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: '{"ok":true}' });
    await stopping;
  });

  it('closes at once on shutdown', async () => {
    const gateway = await gatewayWith({});
    expect(gateway.config.SHUTDOWN_DRAIN_MS).toBe(0);
    expect((await get(`${gateway.url}/api/ready`)).status).toBe(200);
    const started = Date.now();
    await gateway.shutdown();
    expect(Date.now() - started).toBeLessThan(DRAIN_MS);
    await expect(get(`${gateway.url}/api/ready`, false)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
