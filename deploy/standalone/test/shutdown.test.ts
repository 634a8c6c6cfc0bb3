import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyEvent } from '@garage/contracts';
import { RabbitMqBus } from '@garage/event-bus';
import { serviceTestEnv, silentLogger, waitFor, type ServiceTestEnv } from '@garage/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let testEnv: ServiceTestEnv;
let listener: RabbitMqBus;
const received = new Set<number>();

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** The auth service as its own process, as in the stack topology. */
async function startAuth(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'services/auth/dist/main.js')], {
    env: { ...process.env, ...testEnv.env, PORT: String(port), REGISTRATIONS_PER_IP: '10000', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/health`)).ok, 60_000, 'auth to be ready');
  return child;
}

beforeAll(async () => {
  testEnv = await serviceTestEnv();
  listener = new RabbitMqBus({ url: testEnv.env.AMQP_URL!, exchange: testEnv.env.EVENT_EXCHANGE! }, silentLogger());
  await listener.connect();
  await listener.subscribe({
    queue: `${testEnv.env.EVENT_QUEUE_PREFIX}.test`,
    patterns: ['user.registered'],
    handle: async (event: AnyEvent) => void received.add(event.data.id as number),
  });
});

afterAll(async () => {
  await listener.close();
  await testEnv.cleanup();
});

describe('graceful shutdown', () => {
  it('finishes every request in flight at SIGTERM, half-does none, and loses no event', async () => {
    const port = await freePort();
    const first = await startAuth(port);
    const exited = new Promise<number | null>((resolve) => first.once('exit', (code) => resolve(code)));
    const stamp = Date.now();

    // 80 registrations at once: each hashes a password, writes a user and an outbox row.
    const attempts = Array.from({ length: 80 }, (_, i) => {
      const email = `load${i}.${stamp}@example.com`;
      const outcome = fetch(`http://127.0.0.1:${port}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.0.${i}` },
        body: JSON.stringify({ firstName: 'Load', lastName: `User${i}`, email, password: 'under-load' }),
      }).then(
        async (response) => ({
          email,
          status: response.status,
          id: ((await response.json()) as { user?: { id: number } }).user?.id,
          at: Date.now(),
        }),
        () => ({ email, status: 0, id: undefined, at: Date.now() }),
      );
      return outcome;
    });
    // SIGTERM once the first registration is answered: the server is busy and the rest are in flight.
    await Promise.race(attempts.map((attempt) => attempt.then((result) => (result.status === 201 ? result : new Promise(() => {})))));
    const sigtermAt = Date.now();
    first.kill('SIGTERM');

    const results = await Promise.all(attempts);
    expect(await exited).toBe(0);
    const created = results.filter((result) => result.status === 201);
    const refused = results.filter((result) => result.status !== 201);
    // Some requests were still being served after SIGTERM, and they completed.
    expect(created.some((result) => result.at > sigtermAt)).toBe(true);
    // A request is either done or refused before anything happened: 503 or no connection, never a 500.
    for (const result of refused) expect([0, 503]).toContain(result.status);

    // Whatever the relay had not published before the exit is still in the outbox: the next start sends it.
    const second = await startAuth(port);
    try {
      await waitFor(() => created.every((result) => received.has(result.id!)), 60_000, 'every user.registered event');
      for (const result of refused) {
        const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.2.${refused.indexOf(result)}` },
          body: JSON.stringify({ email: result.email, password: 'under-load' }),
        });
        expect(login.status).toBe(401);
      }
    } finally {
      second.kill('SIGTERM');
      await new Promise((resolve) => second.once('exit', resolve));
    }
  }, 240_000);
});
