import request from 'supertest';
import { startService, type RunningService } from '@garage/service-kit';
import { serviceQueueReady, serviceTestEnv, testBus, testTokens, waitFor, type ServiceTestEnv } from '@garage/testing';
import { salesService } from '../src/index.js';
import { saleForm, userSnapshot } from './harness.js';

/**
 * The sales tests' service: two users known to it, a host (Grace Hopper, with a phone and a
 * rating) and another user (Alan Turing), each with a token, and the `sale.*` events it publishes.
 */
export const HOST = 101;
export const OTHER = 102;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface SalesWorld {
  sales: RunningService<unknown>;
  bus: Awaited<ReturnType<typeof testBus>>;
  hostToken: string;
  otherToken: string;
  api: () => ReturnType<typeof request>;
  /** A sale from `saleForm(overrides)`, the host's unless another token is given; the 201's body. */
  createSale: (overrides?: Record<string, unknown>, token?: string) => Promise<any>;
  close: () => Promise<void>;
}

export async function salesWorld(): Promise<SalesWorld> {
  const testEnv: ServiceTestEnv = await serviceTestEnv();
  const sales = await startService(salesService, { env: testEnv.env });
  const bus = await testBus(testEnv.env, { listen: ['sale.*'] });
  const signFor = await testTokens(testEnv.env.DATA_DIR!);
  const hostToken = await signFor(HOST);
  const otherToken = await signFor(OTHER);
  await serviceQueueReady(testEnv.env, 'sales');
  await bus.publish(
    'user.registered',
    1,
    userSnapshot(HOST, { firstName: 'Grace', lastName: 'Hopper', phone: '(555) 123-4567', rating: 4.8 }),
  );
  await bus.publish('user.registered', 1, userSnapshot(OTHER, { firstName: 'Alan', lastName: 'Turing' }));
  await waitFor(async () => (await sales.dataSource.query(`SELECT 1 FROM users`)).length === 2, 5000, 'the user projection');
  const api = () => request(sales.url);
  return {
    sales,
    bus,
    hostToken,
    otherToken,
    api,
    createSale: async (overrides = {}, token = hostToken) => {
      const response = await api().post('/api/sales').set(bearer(token)).send(saleForm(overrides)).expect(201);
      return response.body;
    },
    close: async () => {
      await bus.close();
      await sales.close();
      await testEnv.cleanup();
    },
  };
}
