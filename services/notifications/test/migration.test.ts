import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { startService, type RunningService } from '@garage/service-kit';
import { shopperService } from '@garage/shopper';
import { serviceTestEnv, testTokens, type ServiceTestEnv } from '@garage/testing';
import request from 'supertest';
import { notificationsService } from '../src/index.js';

/**
 * An install from before notifications had its own service: the bell, the digest days and the
 * users' addresses were in shopper's schema. The first start of notifications copies them (in its
 * migration, never at run time), so members keep their bell history, and new notices follow it.
 */
let testEnv: ServiceTestEnv;
let shopper: RunningService<unknown>;
let notifications: RunningService<unknown> | null = null;

beforeAll(async () => {
  testEnv = await serviceTestEnv({ PUBLIC_URL: 'https://garage.test' });
  shopper = await startService(shopperService, { env: testEnv.env });
});

afterAll(async () => {
  await notifications?.close();
  await shopper?.close();
  await testEnv?.cleanup();
});

it("copies shopper's bell, digest days and users once, and carries on numbering after them", async () => {
  // What the old shopper wrote (its tables stay, unused, until a later release drops them).
  const db = shopper.dataSource;
  await db.query(
    `INSERT INTO users (id, first_name, last_name, email, sale_update_emails, version) VALUES (41, 'Ada', 'Old', 'ada@example.com', false, 3)`,
  );
  const [search] = await db.query(
    `INSERT INTO saved_searches (user_id, name, q, query, lexemes, words_required, frequency)
     SELECT 41, 'Lamps', 'lamp', q, query_lexemes(q), true, 'instant' FROM websearch_to_tsquery('english', 'lamp') q RETURNING id`,
  );
  await db.query(
    `INSERT INTO alerts (id, user_id, kind, saved_search_id, item_id, sale_id, title, message, data, email_status, read_at)
     VALUES (500, 41, 'match', $1, 7, 3, 'New match for "Lamps": Lamp', 'Lamp for $5.00', '{"searchName": "Lamps"}', 'sent', now()),
            (501, 41, 'membership', NULL, NULL, NULL, 'Receipt', 'You paid', '{}', 'sent', NULL)`,
    [search.id],
  );
  await db.query(`UPDATE alerts SET change_key = 'membership:receipt:pi_1' WHERE id = 501`);
  await db.query(`INSERT INTO digests (user_id, last_sent_on) VALUES (41, '2026-01-02')`);

  notifications = await startService(notificationsService, { env: testEnv.env });
  const bearer = `Bearer ${await (await testTokens(testEnv.env.DATA_DIR!))(41)}`;
  const bell = await request(notifications.url).get('/api/alerts').set('authorization', bearer).expect(200);
  expect(bell.body).toMatchObject({ unreadCount: 1 });
  expect(bell.body.alerts.map((alert: { id: number; kind: string; read: boolean }) => [alert.id, alert.kind, alert.read])).toEqual([
    [501, 'membership', false],
    [500, 'match', true],
  ]);
  const settings = await request(notifications.url).get('/api/alerts/settings').set('authorization', bearer).expect(200);
  expect(settings.body).toEqual({ saleUpdateEmails: false, dropOutEmails: false, offerEmails: true });
  const copied = notifications.dataSource;
  expect(await copied.query(`SELECT email FROM users WHERE id = 41`)).toEqual([{ email: 'ada@example.com' }]);
  expect(await copied.query(`SELECT last_sent_on::text AS day FROM digests WHERE user_id = 41`)).toEqual([{ day: '2026-01-02' }]);
  // The copied match keeps its key: the same match asked for again is no second alert.
  expect(await copied.query(`SELECT change_key FROM alerts WHERE id = 500`)).toEqual([{ change_key: `match:${search.id}:7` }]);
  const [next] = await copied.query(
    `INSERT INTO alerts (user_id, kind, title, message) VALUES (41, 'membership', 'Next', 'Next one') RETURNING id`,
  );
  expect(next.id).toBeGreaterThan(501);
});
