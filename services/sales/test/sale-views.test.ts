import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startService, type RunningService } from '@garage/service-kit';
import { serviceTestEnv, testTokens, type ServiceTestEnv } from '@garage/testing';
import { salesService } from '../src/index.js';
import { saleForm } from './harness.js';

/**
 * Counting views never costs a read: with Redis unreachable a sale still reads at once, and its
 * stats answer a retryable 503 rather than zeros.
 */
const HOST = 501;
const SHOPPER = 502;
let testEnv: ServiceTestEnv;
let sales: RunningService<unknown>;
let tokens: Awaited<ReturnType<typeof testTokens>>;

beforeAll(async () => {
  // Nothing listens on port 9: every Redis command fails.
  testEnv = await serviceTestEnv({ RATE_LIMIT_STORE: 'redis', REDIS_URL: 'redis://127.0.0.1:9' });
  sales = await startService(salesService, { env: testEnv.env });
  tokens = await testTokens(testEnv.env.DATA_DIR!);
});

afterAll(async () => {
  await sales?.close();
  await testEnv?.cleanup();
});

describe('with Redis down', () => {
  it('reads a sale at once for visitors and members, and the stats answer 503 with Retry-After', async () => {
    const host = { authorization: `Bearer ${await tokens(HOST)}` };
    const created = await request(sales.url).post('/api/sales').set(host).send(saleForm()).expect(201);
    const shopper = { authorization: `Bearer ${await tokens(SHOPPER)}` };
    for (const headers of [{}, shopper, {}, shopper]) {
      const started = performance.now();
      await request(sales.url).get(`/api/sales/${created.body.id}`).set(headers).expect(200);
      expect(performance.now() - started).toBeLessThan(500);
    }
    const stats = await request(sales.url).get(`/api/sales/${created.body.id}/stats`).set(host).expect(503);
    expect(stats.body).toEqual({ error: 'The service is temporarily unavailable. Try again shortly.' });
    expect(stats.headers['retry-after']).toBe('1');
  }, 30_000);
});
