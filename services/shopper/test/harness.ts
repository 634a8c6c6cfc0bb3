import type { ItemSnapshot, NoticeRequested, SaleSnapshot, UserSnapshot } from '@garage/contracts';
import { itemSnapshot, publishItem, publishSale, publishUser, saleSnapshot, ServiceHarness, type TestClock } from '@garage/testing';
import { shopperService } from '../src/index.js';

export { itemSnapshot, saleSnapshot };

/**
 * The shopper service under test (see ServiceHarness), fed the `user.*`, `sale.*` and `item.*`
 * events the other services would send; what it asks of notifications is in `notices`.
 */
export class ShopperHarness extends ServiceHarness {
  /** With `clock`, the service reads the time from it (a test of "today" sets the day and hour). */
  static launch(extraEnv: Record<string, string> = {}, clock?: TestClock): Promise<ShopperHarness> {
    // Short, so a request about something never announced ends soon, yet long enough that an event
    // published 100 ms after a request still lands within it on a machine busy with the whole suite
    // (at 200 ms a route plan once answered 503 after 246 ms there).
    return ShopperHarness.start(shopperService, { env: { PUBLIC_URL: 'https://garage.test', ...extraEnv }, clock });
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

  /** A user known to the service (with an email, as auth sends), premium if asked. */
  user(id: number, options: { premium?: boolean; email?: string | null } = {}, version = 1): Promise<UserSnapshot> {
    return publishUser(this, id, options, version);
  }

  sale(id: number, userId: number, overrides: Partial<SaleSnapshot> = {}, version = 1): Promise<SaleSnapshot> {
    return publishSale(this, id, userId, overrides, version);
  }

  item(id: number, userId: number, saleId: number | null, overrides: Partial<ItemSnapshot> = {}, version = 1): Promise<ItemSnapshot> {
    return publishItem(this, id, userId, saleId, overrides, version);
  }

  /** Matches of a user's saved searches, oldest first. */
  async matches(userId: number): Promise<Array<{ id: number; saved_search_id: number; item_id: number; delivery: string }>> {
    return this.query(`SELECT id, saved_search_id, item_id, delivery FROM matches WHERE user_id = $1 ORDER BY id`, [userId]);
  }
}

export { newId } from '@garage/testing';
