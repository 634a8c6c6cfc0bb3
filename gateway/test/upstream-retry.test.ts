import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from '@garage/service-kit';
import { routedServices, startGateway, type RunningGateway } from '../src/index.js';

/**
 * The gateway in front of a service that goes away: a request that never reached it (connection
 * refused, or a kept-alive connection the service closed) is sent again within the retry window;
 * what reached it is never sent twice; each failure is logged.
 */

/** A stand-in service: answers after `delayMs`, records each write's id, drains like the services do. */
class StandIn {
  readonly writes: string[] = [];
  private server: Server | null = null;
  private draining = false;

  constructor(
    readonly port: number,
    private readonly delayMs = 0,
  ) {}

  async up(): Promise<void> {
    this.draining = false;
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        if (req.method === 'POST') this.writes.push(JSON.parse(body).id);
        setTimeout(() => {
          // While draining each answer closes its connection, as service-kit's services do.
          if (this.draining) res.setHeader('connection', 'close');
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ ok: true, method: req.method }));
        }, this.delayMs);
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  /** Graceful stop: no new connections, idle ones closed, in-flight requests answered. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.draining = true;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** A logger that keeps the gateway's warnings, to check that upstream failures are logged. */
function recordingLogger(lines: Array<{ msg: string; fields: Record<string, unknown> }>): Logger {
  const keep = (fields: object, msg?: string) => void lines.push({ msg: msg ?? '', fields: fields as Record<string, unknown> });
  const noop = () => undefined;
  const logger = {
    warn: keep,
    error: keep,
    info: noop,
    debug: noop,
    trace: noop,
    fatal: keep,
    isLevelEnabled: () => false,
    child: () => logger,
  };
  return logger as unknown as Logger;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// One data folder (so one token key) for the file: gateways in one process share passport's
// strategy table, so they share a key, as the standalone build's apps do.
const dataDir = mkdtempSync(path.join(tmpdir(), 'garage-gateway-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
/** A gateway whose every service is on `port`; without `retryWindowMs`, the default window. */
const gatewayFor = (port: number, logger: Logger, retryWindowMs?: number) =>
  startGateway({
    env: {
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      UPSTREAM_RETRY_WINDOW_MS: retryWindowMs === undefined ? undefined : String(retryWindowMs),
      ...Object.fromEntries(routedServices().map((service) => [`${service.toUpperCase()}_URL`, `http://127.0.0.1:${port}`])),
    },
    logger,
  });

describe('a service that refuses connections, then comes up', () => {
  let port: number;
  let service: StandIn;
  let gateway: RunningGateway;
  const logs: Array<{ msg: string; fields: Record<string, unknown> }> = [];

  beforeAll(async () => {
    port = await freePort();
    service = new StandIn(port);
    gateway = await gatewayFor(port, recordingLogger(logs), 3000);
  });

  afterAll(async () => {
    await gateway.close();
    await service.down();
  });

  it('holds reads and writes until it is up, sends each write once, and logs the refusals', async () => {
    const started = Date.now();
    const calls = [
      fetch(`${gateway.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":"w1"}' }),
      fetch(`${gateway.url}/api/sales`),
      fetch(`${gateway.url}/api/items/1`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"id":"w2"}' }),
    ];
    // Up only once each of the three has been refused at least once (and 300 ms have passed).
    const refused = () =>
      new Set(logs.filter((line) => line.msg === 'upstream unreachable, retrying').map((line) => line.fields.path)).size;
    for (const deadline = Date.now() + 10_000; (refused() < 3 || Date.now() - started < 300) && Date.now() < deadline;) await sleep(10);
    const downMs = Date.now() - started;
    await service.up();
    const responses = await Promise.all(calls);
    console.log(`service down for ${downMs} ms: ${responses.map((r) => r.status).join(', ')} after ${Date.now() - started} ms`);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(await responses[0]!.json()).toEqual({ ok: true, method: 'POST' });
    expect(service.writes).toEqual(['w1']); // the PUT's body is not recorded, only POSTs
    expect(refused()).toBe(3);
    expect(logs[0]!.fields).toMatchObject({ service: expect.any(String), code: 'ECONNREFUSED', retrying: true });
  });

  it('answers 503 with Retry-After and the contract body once the retry window is over (never 502), and logs it', async () => {
    const deadPort = await freePort();
    const deadLogs: typeof logs = [];
    const short = await gatewayFor(deadPort, recordingLogger(deadLogs), 200);
    try {
      const started = Date.now();
      const response = await fetch(`${short.url}/api/sales`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ error: 'The sales service is unavailable. Try again shortly.' });
      const write = await fetch(`${short.url}/api/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect({ status: write.status, retryAfter: write.headers.get('retry-after'), body: await write.json() }).toEqual({
        status: 503,
        retryAfter: '5',
        body: { error: 'The items service is unavailable. Try again shortly.' },
      });
      expect(Date.now() - started).toBeLessThan(1500);
      expect(deadLogs.find((line) => line.msg === 'upstream request failed')).toMatchObject({
        fields: { service: 'sales', code: 'ECONNREFUSED', retrying: false },
      });
    } finally {
      await short.close();
    }
  });
});

describe('a single replica restarting for longer than the old 1.5 s window', () => {
  it('is waited for by default: a read and a write held 3 s answer 200, each write once', async () => {
    const port = await freePort();
    const service = new StandIn(port);
    const logs: Array<{ msg: string; fields: Record<string, unknown> }> = [];
    const gateway = await gatewayFor(port, recordingLogger(logs));
    try {
      expect(gateway.config.UPSTREAM_RETRY_WINDOW_MS).toBe(30_000);
      const started = Date.now();
      const calls = [
        fetch(`${gateway.url}/api/sales`),
        fetch(`${gateway.url}/api/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":"held"}' }),
      ];
      await sleep(3000);
      await service.up();
      const responses = await Promise.all(calls);
      expect(responses.map((response) => response.status)).toEqual([200, 200]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
      expect(service.writes).toEqual(['held']);
    } finally {
      await gateway.close();
      await service.down();
    }
  });
});

describe('a service that dies after reading a write', () => {
  it('does not send the write again (the service may have acted on it): 503, received once', async () => {
    let received = 0;
    const dying = createServer((req) => {
      req.resume();
      req.on('end', () => {
        received += 1;
        req.socket.destroy(); // read it all, then gone without an answer, as a crash mid-request
      });
    });
    await new Promise<void>((resolve) => dying.listen(0, '127.0.0.1', resolve));
    const address = dying.address();
    const logs: Array<{ msg: string; fields: Record<string, unknown> }> = [];
    const gateway = await gatewayFor(typeof address === 'object' && address ? address.port : 0, recordingLogger(logs), 3000);
    try {
      const response = await fetch(`${gateway.url}/api/items`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"id":"x"}',
      });
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(received).toBe(1);
      // A read is safe to send again, and is.
      const read = await fetch(`${gateway.url}/api/sales`);
      expect(read.status).toBe(503);
      expect(logs.filter((line) => line.msg === 'upstream unreachable, retrying' && line.fields.method === 'GET').length).toBeGreaterThan(
        0,
      );
      expect(logs.filter((line) => line.msg === 'upstream unreachable, retrying' && line.fields.method === 'POST')).toEqual([]);
    } finally {
      await gateway.close();
      await new Promise((resolve) => dying.close(resolve));
    }
  });
});

describe('a service restarted (SIGTERM drain, then a new instance) under load', () => {
  it('fails none of the requests the gateway accepted, and doubles no write', async () => {
    const port = await freePort();
    const first = new StandIn(port, 20);
    const second = new StandIn(port, 20);
    await first.up();
    const logs: Array<{ msg: string; fields: Record<string, unknown> }> = [];
    const gateway = await gatewayFor(port, recordingLogger(logs), 3000);
    const statuses: number[] = [];
    const sentWrites: string[] = [];
    let running = true;
    let next = 0;
    // Eight clients, half writing and half reading, back to back.
    const client = async (writer: boolean) => {
      while (running) {
        const id = `w${(next += 1)}`;
        const response = writer
          ? await fetch(`${gateway.url}/api/items`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ id }),
            })
          : await fetch(`${gateway.url}/api/sales`);
        await response.arrayBuffer();
        statuses.push(response.status);
        if (writer) sentWrites.push(id);
      }
    };
    const clients = Array.from({ length: 8 }, (_, i) => client(i % 2 === 0));
    const until = async (done: () => boolean) => {
      for (const deadline = Date.now() + 20_000; !done() && Date.now() < deadline;) await sleep(20);
    };
    try {
      await until(() => first.writes.length >= 30);
      const stopping = first.down(); // in-flight requests are answered, then it is gone
      await sleep(300); // nobody listens for a while: connections are refused
      await second.up();
      await stopping;
      await until(() => second.writes.length >= 30);
    } finally {
      running = false;
      await Promise.all(clients);
      await gateway.close();
      await second.down();
    }
    const failed = statuses.filter((status) => status !== 200).length;
    const received = [...first.writes, ...second.writes];
    const doubled = received.length - new Set(received).size;
    const lost = sentWrites.filter((id) => !received.includes(id)).length;
    const retried = logs.filter((line) => line.msg === 'upstream unreachable, retrying').length;
    console.log(
      `restart under load: ${statuses.length} requests (${sentWrites.length} writes), ${failed} failed, ${lost} writes lost, ` +
        `${doubled} doubled; ${first.writes.length} writes before, ${second.writes.length} after; ${retried} retries logged`,
    );
    expect(failed).toBe(0);
    expect(doubled).toBe(0);
    expect(lost).toBe(0);
    expect(second.writes.length).toBeGreaterThan(0);
    expect(retried).toBeGreaterThan(0);
  });
});
