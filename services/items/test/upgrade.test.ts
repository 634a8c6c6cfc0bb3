import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SALES_PROJECTION, USERS_PROJECTION } from '@garage/event-bus';
import type { RunningService } from '@garage/service-kit';
import { upgradedService, userSnapshot, type ServiceTestEnv } from '@garage/testing';
import { itemsService } from '../src/index.js';
import { ProjectionShapes1764200000000 } from '../src/migrations/1764200000000-projection-shapes.js';
import { UsersRepository } from '../src/projections/users.repository.js';

/** An install from before the one `users` shape (no email), upgraded: its users and sales kept. */
let testEnv: ServiceTestEnv;
let items: RunningService<unknown>;

beforeAll(async () => {
  ({ testEnv, service: items } = await upgradedService(itemsService, ProjectionShapes1764200000000, async (db) => {
    await db.query(`INSERT INTO users (id, first_name, rating_count, version) VALUES (7, 'Ada', 2, 3)`);
    await db.query(`INSERT INTO sales (id, user_id, title, version, deleted) VALUES (70, 7, 'Gone', 2, true)`);
  }));
});

afterAll(async () => {
  await items?.close();
  await testEnv?.cleanup();
});

const columnsOf = async (table: string): Promise<string[]> =>
  (
    await items.dataSource.query(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'items' AND table_name = $1 ORDER BY column_name`,
      [table],
    )
  ).map((row: { column_name: string }) => row.column_name);

describe('the projections of an upgraded install', () => {
  it('have the one shape, keep their rows, and keep an email a later snapshot leaves out', async () => {
    expect(await columnsOf('users')).toEqual(['id', ...Object.keys(USERS_PROJECTION.columns)].sort());
    expect(await columnsOf('sales')).toEqual(['id', ...Object.keys(SALES_PROJECTION.columns)].sort());
    expect(await items.dataSource.query(`SELECT first_name, email, rating_count, version FROM users WHERE id = 7`)).toEqual([
      { first_name: 'Ada', email: null, rating_count: 2, version: 3 },
    ]);
    expect(await items.dataSource.query(`SELECT title, deleted FROM sales WHERE id = 70`)).toEqual([{ title: 'Gone', deleted: true }]);
    const users = items.app.get(UsersRepository);
    const manager = items.dataSource.manager;
    expect(await users.upsert(manager, userSnapshot(7, { firstName: 'Ada', email: 'ada@example.com' }), 4)).toBe(true);
    expect(await users.upsert(manager, userSnapshot(7, { firstName: 'Augusta', email: undefined }), 5)).toBe(true);
    expect(await items.dataSource.query(`SELECT first_name, email, version FROM users WHERE id = 7`)).toEqual([
      { first_name: 'Augusta', email: 'ada@example.com', version: 5 },
    ]);
  });
});
