import type { ItemSnapshot, NoticeRequested, SaleSnapshot, UserSnapshot } from '@garage/contracts';
import { itemSnapshot, saleSnapshot, ServiceHarness, userSnapshot } from '@garage/testing';
import { shopperService } from '../src/index.js';

export { itemSnapshot, saleSnapshot };

/**
 * The shopper service under test (see ServiceHarness), fed the `user.*`, `sale.*` and `item.*`
 * events the other services would send; what it asks of notifications is in `notices`.
 */
export class ShopperHarness extends ServiceHarness {
  static launch(extraEnv: Record<string, string> = {}): Promise<ShopperHarness> {
    // Short, so a request about something never announced ends soon, yet long enough that an event
    // published 100 ms after a request still lands within it on a machine busy with the whole suite
    // (at 200 ms a route plan once answered 503 after 246 ms there).
    return ShopperHarness.start(shopperService, { env: { PUBLIC_URL: 'https://garage.test', ...extraEnv } });
  }

  /**
   * The notices shopper asked notifications for about a user, oldest first: read from its outbox,
   * where they commit with the event that caused them (the relay publishes them after).
   */
  async notices(userId: number): Promise<NoticeRequested[]> {
    const rows = await this.query<{ data: NoticeRequested }>(
      `SELECT envelope->'data' AS data FROM outbox WHERE type = 'notice.requested' AND (envelope->'data'->>'userId')::int = $1 ORDER BY seq`,
      [userId],
    );
    return rows.map((row) => row.data);
  }

  /** A user known to the service (with an email, as auth now sends), premium if asked. */
  async user(id: number, options: { premium?: boolean; email?: string | null } = {}, version = 1): Promise<UserSnapshot> {
    const user = userSnapshot(id, {
      premiumExpiresAt: options.premium ? new Date(Date.now() + 365 * 86_400_000).toISOString() : null,
      ...(options.email === null ? {} : { email: options.email ?? `user${id}@example.com` }),
    });
    await this.publishAndApply(options.premium ? 'user.premium_activated' : 'user.registered', version, user);
    return user;
  }

  async sale(id: number, userId: number, overrides: Partial<SaleSnapshot> = {}, version = 1): Promise<SaleSnapshot> {
    const sale = saleSnapshot(id, userId, { start_date: '2099-05-02', end_date: '2099-05-03', ...overrides });
    await this.publishAndApply(version === 1 ? 'sale.created' : 'sale.updated', version, sale);
    return sale;
  }

  async item(id: number, userId: number, saleId: number | null, overrides: Partial<ItemSnapshot> = {}, version = 1): Promise<ItemSnapshot> {
    const item = itemSnapshot(id, userId, saleId, overrides);
    await this.publishAndApply(version === 1 ? 'item.created' : 'item.updated', version, item);
    return item;
  }

  /** Matches of a user's saved searches, oldest first. */
  async matches(userId: number): Promise<Array<{ id: number; saved_search_id: number; item_id: number; delivery: string }>> {
    return this.query(`SELECT id, saved_search_id, item_id, delivery FROM matches WHERE user_id = $1 ORDER BY id`, [userId]);
  }
}

export { newId } from '@garage/testing';
