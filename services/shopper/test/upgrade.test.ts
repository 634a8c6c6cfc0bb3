import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SALES_PROJECTION, USERS_PROJECTION } from '@garage/event-bus';
import type { RunningService } from '@garage/service-kit';
import { upgradedService, userSnapshot, type ServiceTestEnv } from '@garage/testing';
import { shopperService } from '../src/index.js';
import { ProjectionShapes1764200000000 } from '../src/migrations/1764200000000-projection-shapes.js';
import { UsersRepository } from '../src/projections/users.repository.js';

/**
 * An install from before the one projection shape, upgraded: `sales` gains its host index, and
 * `users` keeps the sale-update email setting an older shopper kept (notifications now owns that
 * choice and copied it at its first start) beside the projection's columns.
 */
let testEnv: ServiceTestEnv;
let shopper: RunningService<unknown>;

beforeAll(async () => {
  ({ testEnv, service: shopper } = await upgradedService(shopperService, ProjectionShapes1764200000000, (db) =>
    db.query(`INSERT INTO users (id, email, sale_update_emails, version) VALUES (7, 'ada@example.com', false, 0)`),
  ));
});

afterAll(async () => {
  await shopper?.close();
  await testEnv?.cleanup();
});

describe('the projections of an upgraded install', () => {
  it('have the one shape, and a snapshot applies over a row made before it without touching the setting', async () => {
    const columns = await shopper.dataSource.query(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'shopper' AND table_name IN ('users', 'sales') ORDER BY column_name`,
    );
    const of = (table: string) =>
      columns.filter((row: { table_name: string }) => row.table_name === table).map((row: { column_name: string }) => row.column_name);
    expect(of('users')).toEqual(['id', ...Object.keys(USERS_PROJECTION.columns), 'sale_update_emails'].sort());
    expect(of('sales')).toEqual(['id', ...Object.keys(SALES_PROJECTION.columns)].sort());
    expect(
      await shopper.dataSource.query(`SELECT indexname FROM pg_indexes WHERE schemaname = 'shopper' AND indexname = 'sales_user'`),
    ).toEqual([{ indexname: 'sales_user' }]);
    const users = shopper.app.get(UsersRepository);
    expect(await users.upsert(shopper.dataSource.manager, userSnapshot(7, { firstName: 'Ada' }), 1)).toBe(true);
    expect(await shopper.dataSource.query(`SELECT first_name, email, sale_update_emails, version FROM users WHERE id = 7`)).toEqual([
      { first_name: 'Ada', email: 'ada@example.com', sale_update_emails: false, version: 1 },
    ]);
  });
});
