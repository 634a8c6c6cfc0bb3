import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { NO_SERVICE, silentLogger } from '@garage/testing';
import { baseConfigShape, loadConfig, Owners, ownersConfigShape, OwnerUnreachable } from '../src/index.js';

/**
 * The owners client's bounds, against real sockets: an owner that accepts the connection and never
 * answers costs OWNER_TIMEOUT_MS, one that is down costs nothing; both are OwnerUnreachable (a
 * retryable 503 when left alone). What owners answer is tested with every service running
 * (deploy/standalone/test/owners.test.ts).
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

const owners = (url: string, timeout: number) =>
  new Owners({ AUTH_URL: url, SALES_URL: url, ITEMS_URL: url, OWNER_TIMEOUT_MS: timeout }, silentLogger());

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

  it('fails at once for an owner that is down', async () => {
    const started = Date.now();
    await expect(owners(NO_SERVICE, 1000).user(1)).rejects.toBeInstanceOf(OwnerUnreachable);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('finds the owners with the gateway’s variables and defaults', () => {
    const config = loadConfig({ ...baseConfigShape, PORT: baseConfigShape.PORT.default(0) }, {});
    // Every service reads them (the base shape), with the gateway's defaults.
    expect({
      AUTH_URL: config.AUTH_URL,
      SALES_URL: config.SALES_URL,
      ITEMS_URL: config.ITEMS_URL,
      OWNER_TIMEOUT_MS: config.OWNER_TIMEOUT_MS,
    }).toEqual({
      AUTH_URL: 'http://127.0.0.1:4001',
      SALES_URL: 'http://127.0.0.1:4002',
      ITEMS_URL: 'http://127.0.0.1:4003',
      OWNER_TIMEOUT_MS: 1000,
    });
    expect(Object.keys(ownersConfigShape)).toEqual(['AUTH_URL', 'SALES_URL', 'ITEMS_URL', 'OWNER_TIMEOUT_MS']);
  });
});
