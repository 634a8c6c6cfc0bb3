import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { RunningService } from '@garage/service-kit';
import { testTokens, upgradedService, type ServiceTestEnv } from '@garage/testing';
import request from 'supertest';
import { notificationsService } from '../src/index.js';
import { DropOutEmails1764600000200 } from '../src/migrations/1764600000200-drop-out-emails.js';

/**
 * An install from when drop-outs rode on the sale-update emails (decision 0188), upgraded: every
 * member's drop-out emails are off until asked for, whatever their sale-update setting, and a
 * drop-out still waiting to be emailed stays in the bell only; other emails waiting are untouched.
 */
let testEnv: ServiceTestEnv;
let notifications: RunningService<unknown>;

beforeAll(async () => {
  ({ testEnv, service: notifications } = await upgradedService(notificationsService, DropOutEmails1764600000200, async (db) => {
    await db.query(
      `INSERT INTO users (id, email, sale_update_emails, version) VALUES (51, 'ada@example.com', true, 1), (52, 'bo@example.com', false, 1)`,
    );
    await db.query(
      `INSERT INTO alerts (id, user_id, kind, sale_id, title, message, data, change_key, email_status)
       VALUES (700, 51, 'sale_dropped_out', 9, 'Closed early: Porch sale', 'Closed early', '{}', 'sale:9:dropped:2099-05-02', 'pending'),
              (701, 51, 'sale_cancelled', 9, 'Cancelled: Porch sale', 'Cancelled', '{}', 'sale:9:cancelled', 'pending'),
              (702, 51, 'sale_dropped_out', 8, 'Closed early: Yard sale', 'Closed early', '{}', 'sale:8:dropped:2099-05-01', 'sent')`,
    );
  }));
});

afterAll(async () => {
  await notifications?.close();
  await testEnv?.cleanup();
});

it('turns drop-out emails off for every member and keeps a waiting drop-out in the bell only', async () => {
  const mint = await testTokens(testEnv.env.DATA_DIR!);
  for (const [id, saleUpdateEmails] of [
    [51, true],
    [52, false],
  ] as const) {
    const settings = await request(notifications.url)
      .get('/api/alerts/settings')
      .set('authorization', `Bearer ${await mint(id)}`)
      .expect(200);
    expect(settings.body).toEqual({ saleUpdateEmails, dropOutEmails: false, offerEmails: true });
  }
  expect(await notifications.dataSource.query(`SELECT id, email_status FROM alerts WHERE user_id = 51 ORDER BY id`)).toEqual([
    { id: 700, email_status: 'none' },
    { id: 701, email_status: expect.not.stringMatching(/^none$/) },
    { id: 702, email_status: 'sent' },
  ]);
});
