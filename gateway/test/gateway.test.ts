import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { authService } from '@garage/auth';
import { developmentKeys, startService, type RunningService } from '@garage/service-kit';
import { forgedTokens, serviceTestEnv, testTokens, type ServiceTestEnv } from '@garage/testing';
import { routedServices, startGateway, type RunningGateway } from '../src/index.js';

let testEnv: ServiceTestEnv;
let auth: RunningService<unknown>;
let gateway: RunningGateway;
let echoGateway: RunningGateway;
let echo: Server;
let echoUrl: string;
let everyService: Record<string, string>;
const seen: Array<{ url: string; headers: IncomingHttpHeaders; body: string }> = [];

beforeAll(async () => {
  testEnv = await serviceTestEnv();
  auth = await startService(authService, { env: testEnv.env });
  const webDist = mkdtempSync(path.join(tmpdir(), 'garage-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Garage</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log("garage")');
  // Every route points at auth here: the gateway's health asks each routed service for /health.
  everyService = Object.fromEntries(routedServices().map((service) => [`${service.toUpperCase()}_URL`, auth.url]));
  gateway = await startGateway({ env: { ...testEnv.env, ...everyService, CORS_ORIGINS: 'https://app.garage.example', WEB_DIST: webDist } });

  // A stand-in service that reports what reached it, to see what the gateway forwards.
  echo = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      res.setHeader('x-powered-by', 'leaky-framework');
      res.end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const address = echo.address();
  echoUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  echoGateway = await startGateway({ env: { ...testEnv.env, AUTH_URL: echoUrl } });
});

afterAll(async () => {
  await echoGateway.close();
  await gateway.close();
  await new Promise((resolve) => echo.close(resolve));
  await auth.close();
  await testEnv.cleanup();
});

const account = { firstName: 'Grace', lastName: 'Hopper', email: `grace.${Date.now()}@example.com`, password: 'cobol-rules' };

describe('forwarding to the auth service', () => {
  let token: string;

  it('registers, signs in and reads the profile through /api', async () => {
    const registered = await request(gateway.url).post('/api/auth/register').send(account).expect(201);
    token = registered.body.token;
    const login = await request(gateway.url).post('/api/auth/login').send({ email: account.email, password: account.password }).expect(200);
    expect(login.body.user.email).toBe(account.email);
    const me = await request(gateway.url).get('/api/users/me').set('authorization', `Bearer ${token}`).expect(200);
    expect(me.body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', isPremium: false });
  });

  it('passes the service errors through unchanged', async () => {
    const response = await request(gateway.url).post('/api/auth/login').send({ email: account.email, password: 'nope-nope' }).expect(401);
    expect(response.body).toEqual({ error: 'Invalid email or password' });
    const malformed = await request(gateway.url)
      .post('/api/auth/login')
      .set('content-type', 'application/json')
      .send('{"email":')
      .expect(400);
    expect(typeof malformed.body.error).toBe('string');
  });

  it('refuses a present but invalid token with 401 on every call, public ones included', async () => {
    const response = await request(gateway.url)
      .post('/api/auth/login')
      .set('authorization', 'Bearer not.a.token')
      .send({ email: account.email, password: account.password })
      .expect(401);
    expect(response.body.error).toBeDefined();
    await request(gateway.url).get('/api/users/me').set('authorization', `Bearer ${token}x`).expect(401);
  });

  it("refuses forged, foreign and expired tokens itself with the service's 401, before anything is forwarded", async () => {
    const claims = { userId: 1, email: 'grace@example.com' };
    const validToken = await (await testTokens(testEnv.env.DATA_DIR))(claims.userId);
    seen.length = 0;
    await request(echoGateway.url).get('/api/users/me').set('authorization', `Bearer ${validToken}`).expect(200);
    expect(seen).toHaveLength(1);
    seen.length = 0;
    for (const [name, forged] of Object.entries(forgedTokens(developmentKeys(testEnv.env.DATA_DIR), claims))) {
      for (const call of [() => request(echoGateway.url).get('/api/users/me'), () => request(echoGateway.url).post('/api/auth/login')]) {
        const response = await call().set('authorization', `Bearer ${forged}`);
        expect({ name, status: response.status, body: response.body }).toEqual({
          name,
          status: 401,
          body: { error: 'Invalid or expired token' },
        });
      }
      // The same token straight at the service gets the same answer from the kit's guard.
      const direct = await request(auth.url).get('/api/users/me').set('authorization', `Bearer ${forged}`);
      expect({ name, status: direct.status, body: direct.body }).toEqual({
        name,
        status: 401,
        body: { error: 'Invalid or expired token' },
      });
    }
    expect(seen).toEqual([]);
  });

  it('answers 404 in JSON for an API path no service owns', async () => {
    const response = await request(gateway.url).get('/api/nowhere').expect(404);
    expect(response.body).toEqual({ error: 'Not found' });
  });

  it('refuses a body over the limit with 413 before it reaches the service', async () => {
    const big = JSON.stringify({ ...account, firstName: 'x'.repeat(2 * 1024 * 1024) });
    const response = await request(gateway.url).post('/api/auth/register').set('content-type', 'application/json').send(big).expect(413);
    expect(response.body.error).toMatch(/too large/);
  });
});

describe('security', () => {
  it('sets the security headers and never x-powered-by', async () => {
    const response = await request(echoGateway.url).get('/api/users/me').expect(200);
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
    // Left out on purpose: a second page commit on every visit from another site (docs/decisions.md, "No COOP").
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('drops identity headers a client sends and asserts the client address itself', async () => {
    seen.length = 0;
    await request(echoGateway.url)
      .post('/api/auth/login')
      .set('x-user-id', '1')
      .set('x-user-email', 'admin@example.com')
      .set('x-forwarded-for', '6.6.6.6')
      .set('forwarded', 'for=6.6.6.6')
      .set('x-request-id', 'client-chosen-id')
      .send({ email: 'a@b.co', password: 'secret' })
      .expect(200);
    const [forwarded] = seen;
    expect(forwarded!.headers['x-user-id']).toBeUndefined();
    expect(forwarded!.headers['x-user-email']).toBeUndefined();
    expect(forwarded!.headers.forwarded).toBeUndefined();
    expect(forwarded!.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(forwarded!.headers['x-request-id']).toBe('client-chosen-id');
    expect(JSON.parse(forwarded!.body)).toEqual({ email: 'a@b.co', password: 'secret' });
  });

  it('allows cross-origin calls only from the configured SPA origin', async () => {
    const allowed = await request(gateway.url)
      .options('/api/auth/login')
      .set('origin', 'https://app.garage.example')
      .set('access-control-request-method', 'POST');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.garage.example');
    const refused = await request(gateway.url)
      .options('/api/auth/login')
      .set('origin', 'https://evil.example')
      .set('access-control-request-method', 'POST');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    // A call itself (no preflight) carries the same answer, with Vary so no cache mixes the two.
    const call = await request(gateway.url).get('/api/users/me').set('origin', 'https://app.garage.example').expect(401);
    expect(call.headers['access-control-allow-origin']).toBe('https://app.garage.example');
    expect(call.headers.vary).toMatch(/origin/i);
    const foreign = await request(gateway.url).get('/api/users/me').set('origin', 'https://evil.example').expect(401);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('health', () => {
  it('is ok when every routed service is ready', async () => {
    const response = await request(gateway.url).get('/api/health').expect(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('is 503 naming the service that is down', async () => {
    const broken = await startGateway({
      env: { ...testEnv.env, ...everyService, AUTH_URL: 'http://127.0.0.1:9', UPSTREAM_RETRY_WINDOW_MS: '0' },
    });
    try {
      const response = await request(broken.url).get('/api/health').expect(503);
      expect(response.body.failing).toContain('auth');
      expect(response.body.error).toMatch(/auth/);
      const call = await request(broken.url).get('/api/users/me').expect(503);
      expect(call.body).toEqual({ error: 'The auth service is unavailable. Try again shortly.' });
      expect(call.headers['retry-after']).toBe('5');
    } finally {
      await broken.close();
    }
  });
});

describe('the SPA', () => {
  it('serves index.html for deep links', async () => {
    const response = await request(gateway.url).get('/sales/12').expect(200);
    expect(response.text).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with a long cache and 404s missing files', async () => {
    const asset = await request(gateway.url).get('/assets/app-1a2b3c.js').expect(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    await request(gateway.url).get('/assets/missing-000.js').expect(404);
  });
});
