import { randomUUID } from 'node:crypto';
import { expect } from '@jest/globals';
import request from 'supertest';
import { authService } from '@garage/auth';
import { paymentsService } from '@garage/payments';
import { startService, type RunningService, type ServiceDefinition } from '@garage/service-kit';
import { serviceQueueReady, serviceTestEnv, testBus, type ServiceTestEnv, type TestBus } from '@garage/testing';
import { startGateway, type RunningGateway } from '../src/index.js';

/** How long every event delivery is held back: each copy of a user hears of a payment two deliveries late. */
export const DELIVERY_DELAY_MS = 400;

/**
 * Auth, payments and one service whose calls a membership allows, behind the real gateway, with
 * every event delivery held back DELIVERY_DELAY_MS (EVENT_DELIVERY_DELAY_MS), so the service's
 * copy of each user lags auth, and auth lags payments, as a loaded broker would make them.
 * Payments answers a payment or a refund without waiting for auth (MEMBERSHIP_SETTLE_MS=0): what
 * these tests show holds on payments' word alone.
 */
export interface MembershipStack {
  testEnv: ServiceTestEnv;
  auth: RunningService<unknown>;
  payments: RunningService<unknown>;
  service: RunningService<unknown>;
  gateway: RunningGateway;
  /** Publishes what the owners this file does not start (sales, items) would. */
  bus: TestBus;
  api(): ReturnType<typeof request>;
  /** A new account, registered through the gateway. */
  register(): Promise<Member>;
  /** Subscribes and confirms through the gateway; resolves with the `200` answer's expiry. */
  subscribe(member: Member): Promise<string>;
  /** The 30-day money-back refund through the gateway; resolves once it answered `200`. */
  refund(member: Member): Promise<void>;
  /** Whether the service's own copy of the user says premium now. */
  copySaysPremium(userId: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface Member {
  userId: number;
  headers: { authorization: string };
}

let registered = 0;

export async function startMembershipStack(definition: ServiceDefinition<any>): Promise<MembershipStack> {
  const testEnv = await serviceTestEnv({
    EVENT_DELIVERY_DELAY_MS: String(DELIVERY_DELAY_MS),
    MEMBERSHIP_SETTLE_MS: '0',
    REGISTRATIONS_PER_IP: '100000',
    RATE_LIMIT_STORE: 'memory',
    REQUESTS_PER_MINUTE: '0',
  });
  const auth = await startService(authService, { env: testEnv.env });
  const payments = await startService(paymentsService, { env: { ...testEnv.env, AUTH_URL: auth.url } });
  const service = await startService(definition, { env: { ...testEnv.env, AUTH_URL: auth.url, PAYMENTS_URL: payments.url } });
  const urls = { AUTH_URL: auth.url, PAYMENTS_URL: payments.url, [`${definition.name.toUpperCase()}_URL`]: service.url };
  const gateway = await startGateway({ env: { ...testEnv.env, ...urls } });
  const bus = await testBus(testEnv.env);
  // Each consumer binds its queue once connected: until then an event would be routed nowhere.
  for (const name of ['auth', definition.name]) await serviceQueueReady(testEnv.env, name);
  const api = () => request(gateway.url);

  return {
    testEnv,
    auth,
    payments,
    service,
    gateway,
    bus,
    api,
    register: async () => {
      registered += 1;
      const response = await api()
        .post('/api/auth/register')
        .send({
          firstName: 'Mia',
          lastName: `Member${registered}`,
          email: `member.${randomUUID()}@example.com`,
          password: 'premium-please',
        });
      expect(response.status).toBe(201);
      return { userId: response.body.user.id, headers: { authorization: `Bearer ${response.body.token}` } };
    },
    subscribe: async (member) => {
      const intent = await api().post('/api/payments/subscribe').set(member.headers);
      expect(intent.status).toBe(200);
      const confirmed = await api()
        .post('/api/payments/confirm-subscription')
        .set(member.headers)
        .send({ paymentIntentId: intent.body.paymentIntentId });
      expect(confirmed.status).toBe(200);
      return confirmed.body.premiumExpiresAt;
    },
    refund: async (member) => {
      const refunded = await api().post('/api/payments/membership/refund').set(member.headers);
      expect(refunded.status).toBe(200);
    },
    copySaysPremium: async (userId) => {
      const [row] = await service.dataSource.query(`SELECT premium_expires_at > now() AS premium FROM users WHERE id = $1`, [userId]);
      return row?.premium === true;
    },
    close: async () => {
      await gateway.close();
      await bus.close();
      await service.close();
      await payments.close();
      await auth.close();
      await testEnv.cleanup();
    },
  };
}
