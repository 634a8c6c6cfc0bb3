import request from 'supertest';
import type { AnyEvent, EventData, EventEnvelope, EventType, ItemSnapshot, SaleSnapshot, UserSnapshot } from '@garage/contracts';
import { startService, type Clock, type RunningService, type ServiceDefinition } from '@garage/service-kit';
import { serviceTestEnv, type ServiceTestEnv } from './service-env.js';
import { testBus, type TestBus } from './test-bus.js';
import { testTokens, type TokenMinter } from './test-tokens.js';
import { waitFor } from './wait.js';

/**
 * One service under test against its own database and exchange, with what its tests need: HTTP
 * calls (supertest), tokens for any user id, a publisher of the events other services would send,
 * and the events this service publishes (those matching `listen`).
 */
export interface HarnessParts {
  testEnv: ServiceTestEnv;
  service: RunningService<unknown>;
  bus: TestBus;
  tokens: TokenMinter;
}

export class ServiceHarness {
  readonly testEnv: ServiceTestEnv;
  readonly service: RunningService<unknown>;
  /** What the service published, of the kinds named in `listen`. */
  readonly events: AnyEvent[];
  private readonly bus: TestBus;
  private readonly tokens: TokenMinter;

  constructor(parts: HarnessParts) {
    ({ testEnv: this.testEnv, service: this.service, bus: this.bus, tokens: this.tokens } = parts);
    this.events = parts.bus.received;
  }

  /**
   * Starts `definition` on a fresh database and exchange. When it resolves the service's queue is
   * bound, so events published from here on reach it. A subclass's `start` returns the subclass.
   */
  static async start<H extends ServiceHarness>(
    this: new (parts: HarnessParts) => H,
    definition: ServiceDefinition<any>,
    options: { env?: Record<string, string>; listen?: string[]; clock?: Clock } = {},
  ): Promise<H> {
    const testEnv = await serviceTestEnv(options.env ?? {});
    const service = await startService(definition, { env: testEnv.env, clock: options.clock });
    const bus = await testBus(testEnv.env, { listen: options.listen });
    const tokens = await testTokens(testEnv.env.DATA_DIR!);
    return new this({ testEnv, service, bus, tokens });
  }

  api() {
    return request(this.service.url);
  }

  token(userId: number): Promise<string> {
    return this.tokens(userId);
  }

  async bearer(userId: number): Promise<string> {
    return `Bearer ${await this.token(userId)}`;
  }

  /** Publishes an event as its owning service would. */
  publish<T extends EventType>(type: T, version: number, data: EventData<T>, id?: string): Promise<EventEnvelope<T>> {
    return this.bus.publish(type, version, data, id);
  }

  /** Resolves once `handlers` handlers of the service have applied this message (the inbox records it with the effect). */
  async applied(event: EventEnvelope, handlers = 1): Promise<void> {
    await waitFor(
      async () => {
        const [row] = await this.query<{ n: number }>(`SELECT count(*)::int AS n FROM inbox WHERE message_id = $1`, [event.id]);
        return row!.n >= handlers;
      },
      5000,
      `${event.type} ${event.id} applied`,
    );
  }

  async publishAndApply<T extends EventType>(type: T, version: number, data: EventData<T>): Promise<EventEnvelope<T>> {
    const event = await this.publish(type, version, data);
    await this.applied(event as EventEnvelope);
    return event;
  }

  query<T = Record<string, any>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.service.dataSource.query(sql, params);
  }

  async close(): Promise<void> {
    await this.bus.close();
    await this.service.close();
    await this.testEnv.cleanup();
  }
}

/** A user as auth announces it. */
export function userSnapshot(id: number, overrides: Partial<UserSnapshot> = {}): UserSnapshot {
  return {
    id,
    firstName: `First${id}`,
    lastName: `Last${id}`,
    phone: null,
    rating: 4.5,
    ratingCount: 2,
    premiumExpiresAt: null,
    ...overrides,
  };
}

/** A sale as the sales service announces it (active, in Springfield IL, far in the future). */
export function saleSnapshot(id: number, userId: number, overrides: Partial<SaleSnapshot> = {}): SaleSnapshot {
  return {
    id,
    user_id: userId,
    title: `Sale ${id}`,
    description: 'Everything must go',
    address: '12 Oak St',
    city: 'Springfield',
    state: 'IL',
    zip_code: '62701',
    start_date: '2099-05-03',
    end_date: '2099-05-04',
    start_time: '08:00',
    end_time: '12:00',
    status: 'active',
    latitude: 39.8,
    longitude: -89.65,
    ...overrides,
  };
}

/** An item as the items service announces it. */
export function itemSnapshot(id: number, userId: number, saleId: number | null, overrides: Partial<ItemSnapshot> = {}): ItemSnapshot {
  return {
    id,
    user_id: userId,
    garage_sale_id: saleId,
    title: `Item ${id}`,
    description: null,
    category: 'Other',
    price: 10,
    original_price: null,
    condition: 'good',
    brand: null,
    image_urls: [],
    is_reserved: false,
    is_sold: false,
    ...overrides,
  };
}

/**
 * The snapshots a shopper-side service (shopper, notifications) is fed, each published through
 * `harness` and awaited until applied: a user with an email as auth sends it (premium if asked), a
 * sale on the dates those services' tests plan around, an item.
 */
export async function publishUser(
  harness: ServiceHarness,
  id: number,
  options: { premium?: boolean; email?: string | null } = {},
  version = 1,
): Promise<UserSnapshot> {
  const user = userSnapshot(id, {
    premiumExpiresAt: options.premium ? new Date(Date.now() + 365 * 86_400_000).toISOString() : null,
    ...(options.email === null ? {} : { email: options.email ?? `user${id}@example.com` }),
  });
  await harness.publishAndApply(options.premium ? 'user.premium_activated' : 'user.registered', version, user);
  return user;
}

export async function publishSale(
  harness: ServiceHarness,
  id: number,
  userId: number,
  overrides: Partial<SaleSnapshot> = {},
  version = 1,
): Promise<SaleSnapshot> {
  const sale = saleSnapshot(id, userId, { start_date: '2099-05-02', end_date: '2099-05-03', ...overrides });
  await harness.publishAndApply(version === 1 ? 'sale.created' : 'sale.updated', version, sale);
  return sale;
}

export async function publishItem(
  harness: ServiceHarness,
  id: number,
  userId: number,
  saleId: number | null,
  overrides: Partial<ItemSnapshot> = {},
  version = 1,
): Promise<ItemSnapshot> {
  const item = itemSnapshot(id, userId, saleId, overrides);
  await harness.publishAndApply(version === 1 ? 'item.created' : 'item.updated', version, item);
  return item;
}
