import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { USERS_PROJECTION } from '@garage/event-bus';
import type { RunningService } from '@garage/service-kit';
import { upgradedService, type ServiceTestEnv } from '@garage/testing';
import { salesService } from '../src/index.js';
import { ProjectionShapes1764200000000 } from '../src/migrations/1764200000000-projection-shapes.js';
import { UsersRepository } from '../src/users/users.repository.js';
import { userSnapshot } from './harness.js';

/** An install from before the one `users` shape (names required; no email, rating_count, updated_at), upgraded. */
let testEnv: ServiceTestEnv;
let sales: RunningService<unknown>;

beforeAll(async () => {
  ({ testEnv, service: sales } = await upgradedService(salesService, ProjectionShapes1764200000000, (db) =>
    db.query(`INSERT INTO users (id, first_name, last_name, rating, premium_expires_at, version)
              VALUES (7, 'Ada', 'Lovelace', 4.5, '2030-01-01T00:00:00Z', 3)`),
  ));
});

afterAll(async () => {
  await sales?.close();
  await testEnv?.cleanup();
});

describe('the users projection of an upgraded install', () => {
  it('has the one shape, keeps its rows, and takes snapshots as every service does', async () => {
    const columns = await sales.dataSource.query(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'sales' AND table_name = 'users' ORDER BY column_name`,
    );
    expect(columns.map((row: { column_name: string }) => row.column_name)).toEqual(['id', ...Object.keys(USERS_PROJECTION.columns)].sort());
    const kept = `SELECT first_name, last_name, email, rating::float AS rating, rating_count, premium_expires_at, version FROM users WHERE id = 7`;
    expect(await sales.dataSource.query(kept)).toEqual([
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: null,
        rating: 4.5,
        rating_count: 0,
        premium_expires_at: new Date('2030-01-01T00:00:00Z'),
        version: 3,
      },
    ]);
    const users = sales.app.get(UsersRepository);
    expect(await users.isPremium(7, new Date('2029-01-01T00:00:00Z'))).toBe(true);
    const snapshot = userSnapshot(7, { email: 'ada@example.com', rating: 4, ratingCount: 9, premiumExpiresAt: null });
    expect(await users.upsert(sales.dataSource.manager, snapshot, 4)).toBe(true);
    expect(await sales.dataSource.query(kept)).toEqual([
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        rating: 4,
        rating_count: 9,
        premium_expires_at: null,
        version: 4,
      },
    ]);
  });
});
