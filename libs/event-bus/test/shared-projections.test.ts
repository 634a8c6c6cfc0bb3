import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { SaleSnapshot, UserSnapshot } from '@garage/contracts';
import { openDataSource } from '@garage/database';
import { createTestDatabase, type TestDatabase } from '@garage/testing';
import { SaleProjection, UserProjection, type AskOwner } from '../src/index.js';

// The tables as the services' migrations made them: items' users (the common shape), sales' users
// (no rating_count, no updated_at), shopper's users (with email), and the sales copy of both.
const TABLES: Record<string, string[]> = {
  items: [
    `CREATE TABLE users (id integer PRIMARY KEY, first_name text, last_name text, phone text, rating numeric(3, 2) NOT NULL DEFAULT 0,
       rating_count integer NOT NULL DEFAULT 0, premium_expires_at timestamptz, version integer NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`,
    `CREATE TABLE sales (id integer PRIMARY KEY, user_id integer, title text, description text, address text, city text, state text, zip_code text,
       start_date date, end_date date, start_time time, end_time time, status text, latitude double precision, longitude double precision,
       version integer NOT NULL, deleted boolean NOT NULL DEFAULT false, updated_at timestamptz NOT NULL DEFAULT now())`,
  ],
  sales: [
    `CREATE TABLE users (id integer PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL, phone text, rating numeric(3, 2) NOT NULL DEFAULT 0,
       premium_expires_at timestamptz, version integer NOT NULL)`,
  ],
  shopper: [
    `CREATE TABLE users (id integer PRIMARY KEY, first_name text, last_name text, email text, phone text, rating numeric(3, 2) NOT NULL DEFAULT 0,
       rating_count integer NOT NULL DEFAULT 0, premium_expires_at timestamptz, sale_update_emails boolean NOT NULL DEFAULT true,
       version integer NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`,
  ],
};

let database: TestDatabase;
const sources: Record<string, DataSource> = {};

async function schema(name: string): Promise<{ dataSource: DataSource }> {
  const dataSource = await openDataSource({ url: database.url, schema: `copy_${name}`, migrations: [] });
  for (const sql of TABLES[name]!) await dataSource.query(sql);
  sources[name] = dataSource;
  return { dataSource };
}

/**
 * What an owning service would answer (its current snapshots by id), recording who was asked; an
 * owner that cannot be reached throws, as `Owners` in service-kit does.
 */
function owner<S>(snapshots: Record<number, S> = {}, reachable = true): AskOwner<S> & { asked: number[] } {
  const asked: number[] = [];
  const ask = async (id: number) => {
    asked.push(id);
    if (!reachable) throw new Error('the owner could not be asked');
    return snapshots[id] ?? null;
  };
  return Object.assign(ask, { asked });
}

function user(id: number, overrides: Partial<UserSnapshot> = {}): UserSnapshot {
  return { id, firstName: 'Ada', lastName: 'Lovelace', phone: null, rating: 4.5, ratingCount: 2, premiumExpiresAt: null, ...overrides };
}

const NOW = new Date('2026-06-01T12:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase('shared_projections');
});

afterAll(async () => {
  for (const dataSource of Object.values(sources)) await dataSource.destroy();
  await database.drop();
});

describe('the user projection', () => {
  it('writes the columns each service keeps, newer versions only, and tells premium from the expiry', async () => {
    const items = await schema('items');
    const sales = await schema('sales');
    const shopper = await schema('shopper');
    const projections = {
      items: new UserProjection(items.dataSource, owner(), { touched: true }),
      sales: new UserProjection(sales.dataSource, owner(), { without: ['rating_count'] }),
      shopper: new UserProjection(shopper.dataSource, owner(), { touched: true, email: true }),
    };
    const premium = user(1, { premiumExpiresAt: '2026-07-01T00:00:00.000Z', email: 'ada@example.com' });
    for (const [name, projection] of Object.entries(projections)) {
      const manager = sources[name]!.manager;
      expect(await projection.upsert(manager, premium, 2)).toBe(true);
      expect(await projection.upsert(manager, user(1, { firstName: 'Stale' }), 1)).toBe(false);
      expect(await projection.isPremium(1, NOW)).toBe(true);
      expect(await projection.isPremium(1, new Date('2026-07-02T00:00:00Z'))).toBe(false);
      expect(await projection.isPremium(2, NOW)).toBe(false);
      const [row] = await manager.query(`SELECT first_name, version FROM users WHERE id = 1`);
      expect(row).toEqual({ first_name: 'Ada', version: 2 });
    }
    // Shopper keeps the address it knows when a snapshot leaves it out.
    await projections.shopper.upsert(sources.shopper!.manager, user(1, { firstName: 'Augusta' }), 3);
    expect(await sources.shopper!.query(`SELECT first_name, email, premium_expires_at FROM users WHERE id = 1`)).toEqual([
      { first_name: 'Augusta', email: 'ada@example.com', premium_expires_at: null },
    ]);
    expect(await projections.shopper.lockPremiumExpiry(sources.shopper!.manager, 1)).toBeNull();
  });

  it('checks a "not premium" with auth before refusing; with auth unreachable the copy’s answer stands', async () => {
    const paid = user(5, { premiumExpiresAt: '2026-07-01T00:00:00.000Z' });
    const auth = owner({ 5: paid, 6: user(6), 7: user(7, { premiumExpiresAt: '2026-05-01T00:00:00.000Z' }) });
    const projection = new UserProjection(sources.items!, auth, { touched: true });
    // Just paid: auth has it, the copy does not (yet).
    expect(await projection.isPremiumOrAsk(5, NOW)).toBe(true);
    // Free, lapsed, unknown to both: refused.
    expect(await projection.isPremiumOrAsk(6, NOW)).toBe(false);
    expect(await projection.isPremiumOrAsk(7, NOW)).toBe(false);
    expect(await projection.isPremiumOrAsk(8, NOW)).toBe(false);
    expect(auth.asked).toEqual([5, 6, 7, 8]);
    // A member the copy knows is not asked about.
    await projection.upsert(sources.items!.manager, paid, 2);
    expect(await projection.isPremiumOrAsk(5, NOW)).toBe(true);
    expect(auth.asked).toEqual([5, 6, 7, 8]);
    const unreachable = new UserProjection(sources.items!, owner({ 9: paid }, false), { touched: true });
    expect(await unreachable.isPremiumOrAsk(9, NOW)).toBe(false);
    expect(await unreachable.isPremiumOrAsk(5, NOW)).toBe(true);
  });
});

describe('the sale projection', () => {
  const sale = (id: number, title: string): SaleSnapshot =>
    ({
      id,
      user_id: 7,
      title,
      description: null,
      address: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip_code: '78701',
      start_date: '2026-06-06',
      end_date: '2026-06-07',
      start_time: '08:00',
      end_time: '14:00',
      status: 'active',
      latitude: 30.27,
      longitude: -97.74,
      item_ids: [1, 2],
    }) as unknown as SaleSnapshot;

  it('keeps sales by version, leaves item_ids out, and never brings back a tombstone', async () => {
    const projection = new SaleProjection(sources.items!, owner());
    const manager = sources.items!.manager;
    expect(await projection.upsert(manager, sale(1, 'Moving out'), 1)).toBe(true);
    expect(await projection.upsert(manager, sale(1, 'Older'), 1)).toBe(false);
    expect(await projection.find(1)).toMatchObject({ title: 'Moving out', start_date: '2026-06-06', start_time: '08:00', deleted: false });
    expect(await projection.findLiveForShare(manager, 1)).toEqual({ id: 1, user_id: 7 });
    expect(await projection.tombstone(manager, 1, 7, 2)).toBe(true);
    expect(await projection.upsert(manager, sale(1, 'Late'), 3)).toBe(false);
    expect(await projection.find(1)).toMatchObject({ title: 'Moving out', deleted: true });
    expect(await projection.findLiveForShare(manager, 1)).toBeNull();
  });

  it('answers a sale the copy has not heard of from its owner, and nothing for one nobody has', async () => {
    const sales = owner({ 11: sale(11, 'Just listed') });
    const projection = new SaleProjection(sources.items!, sales);
    const manager = sources.items!.manager;
    await projection.upsert(manager, sale(10, 'Kept'), 1);
    await projection.upsert(manager, sale(12, 'Gone'), 1);
    await projection.tombstone(manager, 12, 7, 2);
    expect(await projection.findOrAsk(10)).toMatchObject({ id: 10, title: 'Kept', deleted: false });
    expect((await projection.findOrAsk(10))!.fromOwner).toBeUndefined();
    // A tombstone kept here is the answer: deleted, without asking.
    expect(await projection.findOrAsk(12)).toMatchObject({ id: 12, deleted: true });
    expect(sales.asked).toEqual([]);
    const fresh = await projection.findOrAsk(11);
    expect(fresh).toEqual({ ...sale(11, 'Just listed'), item_ids: undefined, version: 0, deleted: false, fromOwner: true });
    expect(await projection.findOrAsk(13)).toBeNull();
    expect((await projection.findManyOrAsk([10, 11, 12, 13, 11])).map((row) => row.id).sort()).toEqual([10, 11, 12]);
    // Nothing the owner said was written into the copy: its events do that.
    expect(await projection.find(11)).toBeNull();
    // An owner that cannot be asked is an error for the caller to answer (a retryable 503).
    await expect(new SaleProjection(sources.items!, owner({}, false)).findOrAsk(14)).rejects.toThrow('could not be asked');
  });
});
