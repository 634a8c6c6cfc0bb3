import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { NO_SERVICE, silentLogger } from '@garage/testing';
import { baseConfigShape, loadConfig, Owners, ownersConfigShape, OwnerUnreachable } from '../src/index.js';

/**
 * The owners client's bounds, against real sockets: an owner that accepts the connection and never
 * answers costs OWNER_TIMEOUT_MS, one that is down is asked again within OWNER_RETRY_WINDOW_MS (a
 * restarting replica); both are OwnerUnreachable in the end (a retryable 503 when left alone). What
 * owners answer is tested with every service running (deploy/standalone/test/owners.test.ts).
 */
let silent: Server;
let silentUrl: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  silent = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const address = silent.address();
  silentUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

const owners = (url: string, timeout: number, retryWindow = 0) =>
  new Owners(
    { AUTH_URL: url, SALES_URL: url, ITEMS_URL: url, PAYMENTS_URL: url, OWNER_TIMEOUT_MS: timeout, OWNER_RETRY_WINDOW_MS: retryWindow },
    silentLogger(),
  );

/** A port that was free a moment ago: nothing listens there until `listen` is called. */
async function freePort(): Promise<number> {
  const probe = createHttpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('Owners', () => {
  it('gives up on an owner that never answers after OWNER_TIMEOUT_MS: a 503 with Retry-After', async () => {
    const started = Date.now();
    const failure = await owners(silentUrl, 200)
      .sale(1)
      .catch((error: unknown) => error);
    const elapsed = Date.now() - started;
    expect(failure).toBeInstanceOf(OwnerUnreachable);
    expect((failure as OwnerUnreachable).getStatus()).toBe(503);
    expect((failure as OwnerUnreachable).headers).toEqual({ 'Retry-After': '1' });
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(1000);
  });

  it('asks a silent owner again within OWNER_RETRY_WINDOW_MS, each question bounded by OWNER_TIMEOUT_MS', async () => {
    const before = sockets.length;
    const started = Date.now();
    await expect(owners(silentUrl, 200, 700).sale(1)).rejects.toBeInstanceOf(OwnerUnreachable);
    const elapsed = Date.now() - started;
    expect(sockets.length - before).toBeGreaterThanOrEqual(2);
    expect(elapsed).toBeGreaterThanOrEqual(450);
    expect(elapsed).toBeLessThan(1500);
  });

  it('fails at once for an owner that is down when no retry window is given', async () => {
    const started = Date.now();
    await expect(owners(NO_SERVICE, 1000).user(1)).rejects.toBeInstanceOf(OwnerUnreachable);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('asks an owner that is restarting again until it answers, within OWNER_RETRY_WINDOW_MS', async () => {
    const port = await freePort();
    let asked = 0;
    const owner = createHttpServer((request, response) => {
      asked += 1;
      // Its first answer is a draining replica's 503; the next one is the sale.
      if (asked === 1) return void response.writeHead(503).end();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 7, path: request.url }));
    });
    const started = Date.now();
    // Nothing listens for the first 600 ms: every connection is refused.
    setTimeout(() => owner.listen(port, '127.0.0.1'), 600);
    try {
      const sale = await owners(`http://127.0.0.1:${port}`, 1000, 5000).sale(7);
      expect(sale).toEqual({ id: 7, path: '/internal/sales/7' });
      expect(asked).toBe(2);
      expect(Date.now() - started).toBeGreaterThanOrEqual(600);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await new Promise((resolve) => owner.close(resolve));
    }
  });

  it('gives up on an owner still down when the retry window ends: a 503', async () => {
    const port = await freePort();
    const started = Date.now();
    await expect(owners(`http://127.0.0.1:${port}`, 1000, 700).sale(1)).rejects.toBeInstanceOf(OwnerUnreachable);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(300);
    expect(elapsed).toBeLessThan(1500);
  });

  it("asks payments for a membership once, even within a retry window: the caller's copy is the fallback", async () => {
    const port = await freePort();
    const started = Date.now();
    await expect(owners(`http://127.0.0.1:${port}`, 1000, 5000).membership(3)).rejects.toBeInstanceOf(OwnerUnreachable);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it("takes payments' answer on a membership, and a 404 (no such path yet) as payments that cannot be asked", async () => {
    const owner = createHttpServer((request, response) => {
      if (request.url === '/internal/memberships/3') {
        response.writeHead(200, { 'content-type': 'application/json' });
        return void response.end(JSON.stringify({ userId: 3, premiumExpiresAt: '2031-01-01T00:00:00.000Z', isPremium: true }));
      }
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Cannot GET' }));
    });
    await new Promise<void>((resolve) => owner.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = owner.address() as AddressInfo;
      const client = owners(`http://127.0.0.1:${port}`, 1000, 5000);
      expect(await client.membership(3)).toEqual({ userId: 3, premiumExpiresAt: '2031-01-01T00:00:00.000Z', isPremium: true });
      await expect(client.membership(4)).rejects.toBeInstanceOf(OwnerUnreachable);
    } finally {
      await new Promise((resolve) => owner.close(resolve));
    }
  });

  it('bounds one question by a shorter timeout when asked to', async () => {
    const started = Date.now();
    await expect(owners(silentUrl, 1000, 0).user(1, { once: true, timeoutMs: 150 })).rejects.toBeInstanceOf(OwnerUnreachable);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(140);
    expect(elapsed).toBeLessThan(800);
  });

  it('does not ask again an owner that took the question and failed it', async () => {
    let asked = 0;
    const owner = createHttpServer((_request, response) => {
      asked += 1;
      response.writeHead(500).end();
    });
    await new Promise<void>((resolve) => owner.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = owner.address() as AddressInfo;
      await expect(owners(`http://127.0.0.1:${port}`, 1000, 5000).user(1)).rejects.toBeInstanceOf(OwnerUnreachable);
      expect(asked).toBe(1);
    } finally {
      await new Promise((resolve) => owner.close(resolve));
    }
  });

  it('finds the owners with the gateway’s variables and defaults', () => {
    const config = loadConfig({ ...baseConfigShape, PORT: baseConfigShape.PORT.default(0) }, {});
    // Every service reads them (the base shape), with the gateway's defaults.
    expect({
      AUTH_URL: config.AUTH_URL,
      SALES_URL: config.SALES_URL,
      ITEMS_URL: config.ITEMS_URL,
      PAYMENTS_URL: config.PAYMENTS_URL,
      SHOPPER_URL: config.SHOPPER_URL,
      OWNER_TIMEOUT_MS: config.OWNER_TIMEOUT_MS,
      OWNER_RETRY_WINDOW_MS: config.OWNER_RETRY_WINDOW_MS,
    }).toEqual({
      AUTH_URL: 'http://127.0.0.1:4001',
      SALES_URL: 'http://127.0.0.1:4002',
      ITEMS_URL: 'http://127.0.0.1:4003',
      PAYMENTS_URL: 'http://127.0.0.1:4005',
      SHOPPER_URL: 'http://127.0.0.1:4006',
      OWNER_TIMEOUT_MS: 1000,
      OWNER_RETRY_WINDOW_MS: 5000,
    });
    expect(Object.keys(ownersConfigShape)).toEqual([
      'AUTH_URL',
      'SALES_URL',
      'ITEMS_URL',
      'PAYMENTS_URL',
      'SHOPPER_URL',
      'OWNER_TIMEOUT_MS',
      'OWNER_RETRY_WINDOW_MS',
    ]);
  });
});
