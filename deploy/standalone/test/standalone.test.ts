import { afterAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATEGORIES, CONDITIONS } from '@garage/contracts';
import { DEMO_CENTER } from '../src/demo-town.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const entry = path.join(root, 'deploy/standalone/dist/main.js');
const dataDir = mkdtempSync(path.join(tmpdir(), 'garage-standalone-'));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts `npm start`'s process and resolves with its URL once it prints that it is running. */
async function launch(port: number): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  // No HOST: the default must keep the product on this machine (127.0.0.1).
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' };
  delete env.HOST;
  const child = spawn(process.execPath, [entry], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    // Generous: the first start creates a database cluster, and CI runs other suites beside this one.
    const timer = setTimeout(() => reject(new Error(`no start within 120 s:\n${output}`)), 120_000);
    child.stdout!.on('data', () => {
      const match = /Garage is running at (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  return { child, url, output: () => output };
}

/**
 * `launch` on a port free a moment ago. Between the probe closing it and the product binding it,
 * another process on a busy machine may take it (an outgoing connection's local port, say): then
 * the start fails with EADDRINUSE and is tried again on another free port.
 */
async function launchOnFreePort(): Promise<Awaited<ReturnType<typeof launch>> & { port: number }> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    try {
      return { ...(await launch(port)), port };
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGINT');
  });
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Replaces the development keys with an Ed25519 pair as earlier versions stored it; returns a token it signed. */
function asBeforeEs256(dir: string): string {
  const keys = path.join(dir, 'keys');
  for (const file of ['jwt-es256.private.pem', 'jwt-es256.public.pem']) rmSync(path.join(keys, file));
  const pair = generateKeyPairSync('ed25519');
  const publicKey = pair.publicKey.export({ type: 'spki', format: 'pem' });
  writeFileSync(
    path.join(keys, 'jwt-ed25519.private.pem'),
    JSON.stringify({ privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }), publicKey }),
  );
  writeFileSync(path.join(keys, 'jwt-ed25519.public.pem'), publicKey);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const input = `${part({ alg: 'EdDSA', typ: 'JWT' })}.${part({ sub: '1', email: 'demo@example.com', iss: 'garage-auth', aud: 'garage', iat: now, exp: now + 3600 })}`;
  return `${input}.${sign(null, Buffer.from(input), pair.privateKey).toString('base64url')}`;
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm start (standalone topology)', () => {
  it('starts with embedded PostgreSQL and demo data, stops cleanly on Ctrl-C, and keeps the data across a restart (one from before ES256 keys included)', async () => {
    expect(existsSync(entry)).toBe(true); // built by `npm test` / `npm start` before this runs
    const first = await launchOnFreePort();
    expect(first.url).toBe(`http://127.0.0.1:${first.port}`);
    expect(first.output()).toMatch(/Demo account: \S+ \/ \S+/);
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    const email = `keeper.${Date.now()}@example.com`;
    expect((await post(`${first.url}/api/auth/register`, { firstName: 'Kee', lastName: 'Per', email, password: 'persisted' })).status).toBe(
      201,
    );
    expect(await stop(first.child)).toBe(0);

    // The data folder goes back to what a version before ES256 left: an Ed25519 pair and its tokens.
    const legacyToken = asBeforeEs256(dataDir);

    const second = await launchOnFreePort();
    try {
      const keyFiles = readdirSync(path.join(dataDir, 'keys')).filter((file) => file.startsWith('jwt-'));
      expect(keyFiles.sort()).toEqual(['jwt-es256.private.pem', 'jwt-es256.public.pem']);
      const stale = await fetch(`${second.url}/api/users/me`, { headers: { authorization: `Bearer ${legacyToken}` } });
      expect({ status: stale.status, body: await stale.json() }).toEqual({ status: 401, body: { error: 'Invalid or expired token' } });
      const login = await post(`${second.url}/api/auth/login`, { email, password: 'persisted' });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      expect((await fetch(`${second.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      const [, demoEmail, demoPassword] = /Demo account: (\S+) \/ (\S+)/.exec(second.output())!;
      const demoLogin = await post(`${second.url}/api/auth/login`, { email: demoEmail, password: demoPassword });
      expect(demoLogin.status).toBe(200);
      await expectDemoTown(second.url, ((await demoLogin.json()) as { token: string }).token);
      // Links in calendar files (and emails) point where this product serves, whatever its port.
      const [sale] = (await (await fetch(`${second.url}/api/sales`)).json()) as Array<{ id: number }>;
      const calendar = await (await fetch(`${second.url}/api/sales/${sale!.id}/calendar.ics`)).text();
      expect(calendar).toContain(`URL:http://localhost:${second.port}/sales/${sale!.id}`);
      // The services in this process find each other (the owner of a sale, of a user) by the
      // addresses the launcher gave them: an id nobody has is a 404 at once, a free member's
      // reserve a 403 at once, not a 503 from an owner that cannot be reached.
      const unknown = await fetch(`${second.url}/api/sales/987654321/calendar.ics`);
      expect({ status: unknown.status, body: await unknown.json() }).toEqual({ status: 404, body: { error: 'Sale not found' } });
      const favourite = await fetch(`${second.url}/api/favorites/sales/987654321`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(favourite.status).toBe(404);
      const items = (await (await fetch(`${second.url}/api/items/by-sale/${sale!.id}`)).json()) as Array<{ id: number }>;
      const reserve = await fetch(`${second.url}/api/items/${items[0]!.id}/reserve`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      expect({ status: reserve.status, body: await reserve.json() }).toEqual({
        status: 403,
        body: { error: 'Premium membership required' },
      });
    } finally {
      expect(await stop(second.child)).toBe(0);
    }
  }, 300_000);
});

/** The demo town as the issue asks for it, read through the public API as a visitor and as the demo account. */
async function expectDemoTown(url: string, token: string) {
  const get = async (path: string, auth?: string) => {
    const response = await fetch(`${url}${path}`, { headers: auth ? { authorization: `Bearer ${auth}` } : {} });
    expect(response.status).toBe(200);
    return response.json() as Promise<never>;
  };
  const { latitude, longitude } = DEMO_CENTER;
  const nearby: Array<{ id: number; start_date: string; start_time: string; end_time: string; user_id: number; rating: number | null }> =
    await get(`/api/sales?latitude=${latitude}&longitude=${longitude}&radius=25`, token); // signed in: hosts and ratings shown
  // One community sale: the coming weekend's, with a rain date, 150 sales numbered 1 to 150.
  const communitySales: Array<{ id: number; days: unknown[]; rainDate: string | null; saleCount: number }> = await get(
    `/api/community-sales?latitude=${latitude}&longitude=${longitude}&radius=25`,
  );
  expect(communitySales).toHaveLength(1);
  expect(communitySales[0]).toMatchObject({ saleCount: 150, rainDate: expect.any(String) });
  expect(communitySales[0]!.days).toHaveLength(2);
  const entries: Array<{ number: number; sale: { id: number; address: string | null } }> = await get(
    `/api/community-sales/${communitySales[0]!.id}/sales`,
  );
  expect(entries.map((entry) => entry.number)).toEqual(Array.from({ length: 150 }, (_, at) => at + 1));
  expect(entries.every((entry) => entry.sale.address === null)).toBe(true);
  const inCommunitySale = new Set(entries.map((entry) => entry.sale.id));
  const sales = nearby.filter((sale) => !inCommunitySale.has(sale.id));
  // Besides it, 40–60 sales around one metro, over this week and the next, with varied hours.
  expect(sales.length).toBeGreaterThanOrEqual(40);
  expect(sales.length).toBeLessThanOrEqual(60);
  expect(new Set(sales.map((sale) => sale.start_date)).size).toBeGreaterThanOrEqual(10);
  expect(new Set(sales.map((sale) => `${sale.start_time}-${sale.end_time}`)).size).toBeGreaterThanOrEqual(5);
  // A few hosts rated by collected pickups.
  const rated = new Set(sales.filter((sale) => sale.rating !== null).map((sale) => sale.user_id));
  expect(rated.size).toBeGreaterThanOrEqual(3);
  // Items in every category and condition, each with a photo.
  const items: Array<{ category: string; condition: string; image_urls: string[] }> = (
    await Promise.all(sales.map((sale) => get(`/api/sales/${sale.id}`) as Promise<{ items: never[] }>))
  ).flatMap((sale) => sale.items);
  expect(new Set(items.map((item) => item.category))).toEqual(new Set(CATEGORIES));
  expect(new Set(items.map((item) => item.condition))).toEqual(new Set(CONDITIONS));
  expect(items.every((item) => item.image_urls.length === 1)).toBe(true);
  // The demo account: a saved search, a favourite, a route plan, and a paid pickup code.
  expect(((await get('/api/saved-searches', token)) as unknown[]).length).toBe(1);
  const favourites: { saleIds: number[]; itemIds: number[] } = await get('/api/favorites/ids', token);
  expect(favourites.saleIds.length + favourites.itemIds.length).toBeGreaterThanOrEqual(1);
  const plans: Array<{ stopCount: number }> = await get('/api/route-plans', token);
  expect(plans).toHaveLength(1);
  expect(plans[0]!.stopCount).toBeGreaterThanOrEqual(2);
  const mine: Array<{ status: string; pickup_code: string | null }> = await get('/api/reservations/mine', token);
  expect(mine.some((reservation) => reservation.status === 'paid' && reservation.pickup_code)).toBe(true);
}
