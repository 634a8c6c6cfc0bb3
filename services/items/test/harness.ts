import { jest } from '@jest/globals';
import type { SaleSnapshot, UserSnapshot } from '@garage/contracts';
import { newId, saleSnapshot as baseSale, ServiceHarness, userSnapshot } from '@garage/testing';
import type { Clock } from '@garage/service-kit';
import { itemsService } from '../src/index.js';

/**
 * The items service under test (see ServiceHarness), with the `sale.*` and `user.*` events other
 * services would send and the `item.*` events it publishes collected in `events`.
 */
export class ItemsHarness extends ServiceHarness {
  static launch(extraEnv: Record<string, string> = {}, clock?: Clock): Promise<ItemsHarness> {
    return ItemsHarness.start(itemsService, { env: extraEnv, listen: ['item.*', 'reservation.*', 'offer.*'], clock });
  }

  /** A user known to the service, premium until `premiumExpiresAt` if given. */
  async user(id: number, overrides: Partial<UserSnapshot> = {}, version = 1): Promise<UserSnapshot> {
    const user = userSnapshot(id, { phone: `555-01${id % 100}`, ...overrides });
    await this.publishAndApply(overrides.premiumExpiresAt ? 'user.premium_activated' : 'user.registered', version, user);
    return user;
  }

  /** A sale known to the service (as the sales service would announce it). */
  async sale(id: number, userId: number, overrides: Partial<SaleSnapshot> = {}, version = 1): Promise<SaleSnapshot> {
    const sale = saleSnapshot(id, userId, overrides);
    await this.publishAndApply(version === 1 ? 'sale.created' : 'sale.updated', version, sale);
    return sale;
  }

  /** The SQL a request ran while `work` ran: plain queries and prepared statements. */
  async statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
    const pool = (this.service.dataSource.driver as unknown as { master: { query: (...args: unknown[]) => unknown } }).master;
    const plain = jest.spyOn(this.service.dataSource, 'query');
    const prepared = jest.spyOn(pool, 'query');
    try {
      await work();
      // The outbox relay shares the pool and runs on its own schedule: its statements (the lock it
      // takes first, then its reads and writes of the outbox) are left out.
      return [
        ...plain.mock.calls.map(([sql]) => sql as string),
        ...prepared.mock.calls.map(([config]) => (config as { text: string }).text),
      ].filter((sql) => !/\boutbox\b|pg_try_advisory_xact_lock/.test(sql));
    } finally {
      plain.mockRestore();
      prepared.mockRestore();
    }
  }

  async createItem(userId: number, body: Record<string, unknown> = {}): Promise<{ id: number } & Record<string, unknown>> {
    const response = await this.api()
      .post('/api/items')
      .set('authorization', await this.bearer(userId))
      .send({ title: 'Oak side table', category: 'Furniture', price: 25, condition: 'good', ...body });
    if (response.status !== 201) throw new Error(`create item: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }
}

export const saleSnapshot = baseSale;

/** Two sellers, each with a sale: the host (Hazel Host, with a phone and a rating) and another. */
export interface TwoSellers {
  host: number;
  other: number;
  /** The host's "Spring Clean-out". */
  hostSale: number;
  otherSale: number;
}

export function twoSellers(): TwoSellers {
  return { host: newId(), other: newId(), hostSale: newId(), otherSale: newId() };
}

/** The service with `sellers` and their sales known to it. */
export async function launchWithSellers({ host, other, hostSale, otherSale }: TwoSellers): Promise<ItemsHarness> {
  const h = await ItemsHarness.launch();
  await h.user(host, { firstName: 'Hazel', lastName: 'Host', phone: '555-0101', rating: 4.8 });
  await h.user(other, { firstName: 'Otto', lastName: 'Other' });
  await h.sale(hostSale, host, { title: 'Spring Clean-out' });
  await h.sale(otherSale, other);
  return h;
}

/** A date some days from now (YYYY-MM-DD, UTC). */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export { newId };
