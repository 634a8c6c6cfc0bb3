import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import request from 'supertest';
import { serviceTestEnv, type ServiceTestEnv } from '@garage/testing';
import { routedServices, startGateway, type RunningGateway } from '../src/index.js';

/**
 * `GET /api/health` aggregates the services' readiness: a service whose database is down fails it;
 * a service that answers without its broker is reported, not failed (see docs/decisions.md).
 */
let testEnv: ServiceTestEnv;
let stand: Server;
let gateway: RunningGateway;
// What every service's /health answers at the moment (one stand-in plays all of them).
let answer: { status: number; body: object } = { status: 200, body: { status: 'ok' } };

beforeAll(async () => {
  testEnv = await serviceTestEnv();
  stand = createServer((_req, res) => {
    res.statusCode = answer.status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => stand.listen(0, '127.0.0.1', resolve));
  const address = stand.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const env = Object.fromEntries(routedServices().map((service) => [`${service.toUpperCase()}_URL`, url]));
  gateway = await startGateway({ env: { ...testEnv.env, ...env } });
});

afterAll(async () => {
  await gateway.close();
  await new Promise((resolve) => stand.close(resolve));
  await testEnv.cleanup();
});

describe('the gateway health', () => {
  it('is ok when every service is', async () => {
    answer = { status: 200, body: { status: 'ok' } };
    await request(gateway.url).get('/api/health').expect(200, { status: 'ok' });
  });

  it('stays ok while services answer without their broker, and reports them as degraded', async () => {
    answer = { status: 200, body: { status: 'degraded', checks: { database: 'ok', broker: 'down' } } };
    const response = await request(gateway.url).get('/api/health').expect(200);
    expect(response.body).toEqual({ status: 'degraded', degraded: routedServices().map((service) => `${service} (broker)`) });
  });

  it('is 503 naming the services whose database is down', async () => {
    answer = { status: 503, body: { status: 'unavailable', error: 'Not ready: database', failing: ['database'] } };
    const response = await request(gateway.url).get('/api/health').expect(503);
    expect(response.body.failing).toEqual(routedServices());
    expect(response.body.error).toBe(`Not ready: ${routedServices().join(', ')}`);
  });
});
