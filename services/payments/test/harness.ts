import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { AnyEvent } from '@garage/contracts';
import { startService, type RunningService } from '@garage/service-kit';
import { serviceQueueReady, serviceTestEnv, testBus, TestClock, type ServiceTestEnv } from '@garage/testing';
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
  /** The one clock auth and payments read: moving it moves both. */
  clock: TestClock;
  register(): Promise<{ token: string; userId: number }>;
  /** Rows of the payments schema. */
  paymentsQuery<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

let ip = 0;

export async function startPremiumHarness(extraEnv: Record<string, string> = {}): Promise<PremiumHarness> {
  const testEnv: ServiceTestEnv = await serviceTestEnv(extraEnv);
  const clock = new TestClock();
  const auth = await startService(authService, { env: testEnv.env, clock });
  // Payments asks auth, as in every topology, whether the member's profile shows a payment or refund yet.
  const payments = await startService(paymentsService, { env: { ...testEnv.env, AUTH_URL: auth.url }, clock });
  const listener = await testBus(testEnv.env, { listen: ['payment.*', 'user.*', 'membership.*'] });
  // Auth binds its queue in the background once connected: until then a payment would be routed nowhere.
  await serviceQueueReady(testEnv.env, 'auth');

  return {
    env: testEnv.env,
    auth,
    payments,
    events: listener.received,
    clock,
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
