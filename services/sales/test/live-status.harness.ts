import request from 'supertest';
import { zonedTimeToUtc, type SaleUpdated } from '@garage/contracts';
import { startService, type RunningService } from '@garage/service-kit';
import { serviceTestEnv, testBus, testTokens, TestClock, type ServiceTestEnv } from '@garage/testing';
import { salesService } from '../src/index.js';
import { saleForm } from './harness.js';

/** The live-status tests' service: sales on a clock the tests set to a sale's day and hour. */
export const HOST = 701;
export const OTHER = 702;
/** Shoppers 711, 712, … */
export const shopper = (n: number) => 710 + n;
/** 90210's centre: where a Beverly Hills sale is (its ZIP centroid). */
export const AT_SALE = { latitude: 34.0901, longitude: -118.4065 };
/** About 0.4 mile north of it: near enough. */
export const NEAR = { latitude: 34.0959, longitude: -118.4065 };
/** About a mile north of it: too far. */
export const FAR = { latitude: 34.1046, longitude: -118.4065 };
export const LA = 'America/Los_Angeles';

/** The `sale.created`/`sale.updated` events heard so far (both carry the sale's snapshot). */
export interface SaleEvent {
  type: 'sale.created' | 'sale.updated';
  version: number;
  data: SaleUpdated;
}
export function saleEvents(world: LiveStatusWorld): SaleEvent[] {
  return world.bus.received.filter((e) => e.type === 'sale.created' || e.type === 'sale.updated') as unknown as SaleEvent[];
}

export interface LiveStatusWorld {
  testEnv: ServiceTestEnv;
  sales: RunningService<unknown>;
  bus: Awaited<ReturnType<typeof testBus>>;
  clock: TestClock;
  token: (userId: number) => Promise<string>;
  api: () => ReturnType<typeof request>;
  /** Sets the clock to a wall-clock time in a zone (Los Angeles unless said). */
  at: (date: string, time: string, zone?: string) => void;
  /** A sale of HOST's (Beverly Hills, 08:00–16:00, the form's two days unless overridden), created at real time. */
  createSale: (overrides?: Record<string, unknown>) => Promise<{ id: number; start_date: string; end_date: string }>;
  close: () => Promise<void>;
}

/** `env`: settings beyond the test's own (another service's address, say). */
export async function liveStatusWorld(env: Record<string, string> = {}): Promise<LiveStatusWorld> {
  const testEnv = await serviceTestEnv(env);
  const clock = new TestClock();
  const sales = await startService(salesService, { env: testEnv.env, clock });
  const bus = await testBus(testEnv.env, { listen: ['sale.*'] });
  const signFor = await testTokens(testEnv.env.DATA_DIR!);
  const tokens = new Map<number, string>();
  const token = async (userId: number) => {
    if (!tokens.has(userId)) tokens.set(userId, await signFor(userId));
    return tokens.get(userId)!;
  };
  const api = () => request(sales.url);
  return {
    testEnv,
    sales,
    bus,
    clock,
    token,
    api,
    at: (date, time, zone = LA) => clock.set(zonedTimeToUtc(date, time, zone)),
    createSale: async (overrides = {}) => {
      // Created on the real day, so the start-date rule reads the real "today".
      clock.set(new Date());
      const response = await api()
        .post('/api/sales')
        .set({ authorization: `Bearer ${await token(HOST)}` })
        .send(saleForm(overrides))
        .expect(201);
      return response.body;
    },
    close: async () => {
      await bus?.close();
      await sales?.close();
      await testEnv?.cleanup();
    },
  };
}
