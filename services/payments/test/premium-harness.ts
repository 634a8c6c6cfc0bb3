import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { AnyEvent, EventEnvelope } from '@garage/contracts';
import { RabbitMqBus } from '@garage/event-bus';
import { startService, type RunningService } from '@garage/service-kit';
import { serviceTestEnv, silentLogger, waitFor, type ServiceTestEnv } from '@garage/testing';
import { authService } from '@garage/auth';
import { paymentsService } from '../src/index.js';

/**
 * Auth and payments started with the same test environment (one database, exchange, queue prefix
 * and DATA_DIR, so one set of development JWT keys), and a listener on the exchange that keeps
 * every payment and user event.
 */
export interface PremiumHarness {
  env: Record<string, string>;
  auth: RunningService<unknown>;
  payments: RunningService<unknown>;
  events: AnyEvent[];
  register(): Promise<{ token: string; userId: number }>;
  /** Rows of the payments schema. */
  paymentsQuery<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

let ip = 0;

export async function startPremiumHarness(extraEnv: Record<string, string> = {}): Promise<PremiumHarness> {
  const testEnv: ServiceTestEnv = await serviceTestEnv(extraEnv);
  const auth = await startService(authService, { env: testEnv.env });
  const payments = await startService(paymentsService, { env: testEnv.env });
  const events: AnyEvent[] = [];
  const listener = new RabbitMqBus({ url: testEnv.env.AMQP_URL!, exchange: testEnv.env.EVENT_EXCHANGE! }, silentLogger());
  await listener.connect();
  await listener.subscribe({
    queue: `${testEnv.env.EVENT_QUEUE_PREFIX}.test`,
    patterns: ['payment.*', 'user.*'],
    handle: async (event) => void events.push(event),
  });
  await untilAuthConsumes(auth, listener);

  return {
    env: testEnv.env,
    auth,
    payments,
    events,
    register: async () => {
      ip += 1;
      const response = await request(auth.url)
        .post('/api/auth/register')
        .set('x-forwarded-for', `10.9.${Math.floor(ip / 250)}.${ip % 250}`)
        .send({ firstName: 'Grace', lastName: 'Hopper', email: `grace.${randomUUID()}@example.com`, password: 'compiler' })
        .expect(201);
      return { token: response.body.token as string, userId: response.body.user.id as number };
    },
    paymentsQuery: (sql, params = []) => payments.dataSource.query(sql, params),
    close: async () => {
      await listener.close();
      await payments.close();
      await auth.close();
      await testEnv.cleanup();
    },
  };
}

/**
 * Auth binds its queue once its broker connection is up, in the background; a payment published
 * before that would be routed nowhere. Publishes harmless probes (a payment of a user who does not
 * exist) until auth's inbox shows it applied one.
 */
async function untilAuthConsumes(auth: RunningService<unknown>, publisher: RabbitMqBus): Promise<void> {
  const probes: string[] = [];
  await waitFor(
    async () => {
      const probe: EventEnvelope<'payment.succeeded'> = {
        id: randomUUID(),
        type: 'payment.succeeded',
        occurredAt: new Date().toISOString(),
        version: 1,
        data: {
          paymentIntentId: `pi_probe_${randomUUID()}`,
          userId: 2_000_000_000,
          amountCents: 0,
          currency: 'usd',
          succeededAt: new Date().toISOString(),
          premiumExpiresAt: new Date().toISOString(),
        },
      };
      probes.push(probe.id);
      await publisher.publish([probe]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const applied: unknown[] = await auth.dataSource.query(`SELECT 1 FROM inbox WHERE message_id = ANY($1::uuid[])`, [probes]);
      return applied.length > 0;
    },
    10_000,
    'auth to consume payment.succeeded',
  );
}
