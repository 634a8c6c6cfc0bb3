import {
  alertListSchema,
  EVENT_CONSUMERS,
  type AlertList,
  type EventData,
  type EventEnvelope,
  type EventType,
  type NoticeRequested,
  type UserSnapshot,
} from '@garage/contracts';
import { startService, type RunningService } from '@garage/service-kit';
import { shopperService } from '@garage/shopper';
import {
  newId,
  publishItem,
  publishSale,
  publishUser,
  serviceTestEnv,
  ServiceHarness,
  testBus,
  testTokens,
  waitFor,
  type HarnessParts,
} from '@garage/testing';
import request from 'supertest';
import type { ItemSnapshot, SaleSnapshot } from '@garage/contracts';
import { notificationsService } from '../src/index.js';
import { LocalNotifier } from '../src/email/local-notifier.js';
import { Notifier } from '../src/email/notifier.port.js';

export { newId };

/**
 * The notifications service under test (see ServiceHarness), fed the events other services send.
 * `withShopper` also starts the shopper service on the same database and broker: the one that
 * decides who hears of a match or a followed sale, so a test follows a notice from the saved search
 * or favourite that caused it to the bell and the email, through the real broker.
 */
export class NotificationsHarness extends ServiceHarness {
  shopper: RunningService<unknown> | null = null;

  static async launch(extraEnv: Record<string, string> = {}, options: { withShopper?: boolean } = {}): Promise<NotificationsHarness> {
    const env = { PUBLIC_URL: 'https://garage.test', ...extraEnv };
    if (!options.withShopper)
      return NotificationsHarness.start(notificationsService, { env, listen: ['notice.unsubscribed'] }) as Promise<NotificationsHarness>;
    const testEnv = await serviceTestEnv(env);
    const service = await startService(notificationsService, { env: testEnv.env });
    const shopper = await startService(shopperService, { env: testEnv.env });
    const bus = await testBus(testEnv.env, { listen: ['notice.unsubscribed'] });
    const tokens = await testTokens(testEnv.env.DATA_DIR!);
    const harness = new NotificationsHarness({ testEnv, service, bus, tokens } as HarnessParts);
    harness.shopper = shopper;
    return harness;
  }

  /** The local notifier's mailbox (the default notifier in tests). */
  get mailbox(): LocalNotifier {
    return this.service.app.get(Notifier) as LocalNotifier;
  }

  /** The shopper service's API (with `withShopper`). */
  shopperApi() {
    return request(this.shopper!.url);
  }

  /** The user saves the sale in shopper (a heart): they follow it from now on. */
  async follow(userId: number, saleId: number): Promise<void> {
    await this.shopperApi()
      .post(`/api/favorites/sales/${saleId}`)
      .set('authorization', await this.bearer(userId))
      .expect(201);
  }

  shopperQuery<T = Record<string, any>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.shopper!.dataSource.query(sql, params);
  }

  /** Publishes, then waits for every started service that consumes the event to have applied it. */
  override async publishAndApply<T extends EventType>(type: T, version: number, data: EventData<T>): Promise<EventEnvelope<T>> {
    const event = await this.publish(type, version, data);
    if (EVENT_CONSUMERS.notifications!.includes(type)) await this.applied(event as EventEnvelope);
    if (this.shopper && EVENT_CONSUMERS.shopper!.includes(type)) {
      await waitFor(
        async () => {
          const [row] = await this.shopperQuery<{ n: number }>(`SELECT count(*)::int AS n FROM inbox WHERE message_id = $1`, [event.id]);
          return row!.n >= 1;
        },
        5000,
        `${type} ${event.id} applied by shopper`,
      );
    }
    return event;
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

  /** Asks for a notice as shopper would, and waits until it is recorded. */
  async notice(overrides: Partial<NoticeRequested> & Pick<NoticeRequested, 'userId'>): Promise<void> {
    await this.publishAndApply('notice.requested', 1, {
      kind: 'match',
      key: `test:${newId()}`,
      title: 'A notice',
      message: 'Something happened',
      savedSearchId: null,
      itemId: null,
      saleId: null,
      data: {},
      delivery: 'instant',
      ...overrides,
    });
  }

  /** The emails sent to a user (the harness' users have `user{id}@example.com`). */
  mailTo(userId: number) {
    return this.mailbox.messages().filter((mail) => mail.to === `user${userId}@example.com`);
  }

  /** The alerts of a user as `GET /api/alerts` lists them to that user. */
  async listedAlerts(userId: number): Promise<AlertList['alerts']> {
    const response = await this.api()
      .get('/api/alerts')
      .set('authorization', await this.bearer(userId))
      .expect(200);
    return alertListSchema.parse(response.body).alerts;
  }

  /** The alerts of a user, oldest first, once there are at least `count` of them. */
  alertsOf(userId: number, count = 1): Promise<Array<Record<string, any>>> {
    return waitFor(
      async () => {
        const rows = await this.query(`SELECT * FROM alerts WHERE user_id = $1 ORDER BY id`, [userId]);
        return rows.length >= count ? rows : undefined;
      },
      5000,
      `${count} alerts of user ${userId}`,
    );
  }

  override async close(): Promise<void> {
    await this.shopper?.close();
    await super.close();
  }
}
