import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { MemberPremium, SaleSnapshot, UserSnapshot } from '@garage/contracts';
import { openDataSource } from '@garage/database';
import { createTestDatabase, type TestDatabase } from '@garage/testing';
import {
  ensureSalesProjection,
  ensureUsersProjection,
  SaleProjection,
  UserProjection,
  type AskMembership,
  type AskOwner,
} from '../src/index.js';

// The tables as the services' released migrations made them, before the one shape: items' users
// (no email), sales' users (names required, no email, rating_count or updated_at), shopper's users
// (with its own sale_update_emails), and the sales copy of items and shopper.
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

/** A service's schema as its released migrations left it, brought to the one shape as its new migration does. */
async function schema(name: string, before?: (dataSource: DataSource) => Promise<void>): Promise<{ dataSource: DataSource }> {
  const dataSource = await openDataSource({ url: database.url, schema: `copy_${name}`, migrations: [] });
  for (const sql of TABLES[name]!) await dataSource.query(sql);
  await before?.(dataSource);
  await ensureUsersProjection(dataSource);
  if (name !== 'sales') await ensureSalesProjection(dataSource);
  sources[name] = dataSource;
  return { dataSource };
}

/** `column type nullable default` of a table in a service's schema, in column order. */
async function shapeOf(name: string, table: string): Promise<string[]> {
  const rows: Array<{ column_name: string; data_type: string; is_nullable: string; column_default: string | null }> = await sources[
    name
  ]!.query(
    `SELECT column_name, data_type, is_nullable, column_default FROM information_schema.columns
      WHERE table_schema = $1 AND table_name = $2 ORDER BY column_name`,
    [`copy_${name}`, table],
  );
  return rows.map((row) => `${row.column_name} ${row.data_type} ${row.is_nullable} ${row.column_default ?? ''}`);
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

/** What payments would answer of each member (no membership: not premium), recording who was asked. */
function payments(premium: Record<number, boolean> = {}, reachable = true): AskMembership & { asked: number[] } {
  const asked: number[] = [];
  const ask = async (userId: number): Promise<MemberPremium> => {
    asked.push(userId);
    if (!reachable) throw new Error('payments could not be asked');
    return { userId, premiumExpiresAt: userId in premium ? '2026-07-01T00:00:00.000Z' : null, isPremium: premium[userId] ?? false };
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
  it("brings each service's users table to one shape with its rows kept, and writes it the same way everywhere", async () => {
    const items = await schema('items', (db) =>
      db.query(`INSERT INTO users (id, first_name, rating, version) VALUES (40, 'Kept', 4.5, 3)`),
    );
    const sales = await schema('sales', (db) =>
      db.query(`INSERT INTO users (id, first_name, last_name, version) VALUES (40, 'Kept', 'Row', 3)`),
    );
    const shopper = await schema('shopper', (db) =>
      db.query(`INSERT INTO users (id, email, sale_update_emails, version) VALUES (40, 'kept@example.com', false, 0)`),
    );
    // One shape: shopper's own preference column aside, the three tables are the same.
    const shape = await shapeOf('items', 'users');
    expect(await shapeOf('sales', 'users')).toEqual(shape);
    expect((await shapeOf('shopper', 'users')).filter((column) => !column.startsWith('sale_update_emails '))).toEqual(shape);
    expect(shape.map((column) => column.split(' ')[0])).toEqual([
      'email',
      'first_name',
      'id',
      'last_name',
      'phone',
      'premium_expires_at',
      'rating',
      'rating_count',
      'updated_at',
      'version',
    ]);
    expect(await shapeOf('shopper', 'sales')).toEqual(await shapeOf('items', 'sales'));
    // Rows made before are kept, new columns at their defaults.
    expect(await items.dataSource.query(`SELECT first_name, email, version FROM users WHERE id = 40`)).toEqual([
      { first_name: 'Kept', email: null, version: 3 },
    ]);
    expect(await sales.dataSource.query(`SELECT first_name, last_name, rating_count, version FROM users WHERE id = 40`)).toEqual([
      { first_name: 'Kept', last_name: 'Row', rating_count: 0, version: 3 },
    ]);
    expect(await shopper.dataSource.query(`SELECT email, sale_update_emails FROM users WHERE id = 40`)).toEqual([
      { email: 'kept@example.com', sale_update_emails: false },
    ]);
    // Bringing a table to the shape again changes nothing.
    await ensureUsersProjection(sales.dataSource);
    expect(await shapeOf('sales', 'users')).toEqual(shape);

    const projections = {
      items: new UserProjection(items.dataSource, payments()),
      sales: new UserProjection(sales.dataSource, payments()),
      shopper: new UserProjection(shopper.dataSource, payments()),
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
    // Every copy keeps the address it knows when a snapshot leaves it out.
    for (const [name, projection] of Object.entries(projections)) {
      await projection.upsert(sources[name]!.manager, user(1, { firstName: 'Augusta' }), 3);
      expect(await sources[name]!.query(`SELECT first_name, email, rating_count, premium_expires_at FROM users WHERE id = 1`)).toEqual([
        { first_name: 'Augusta', email: 'ada@example.com', rating_count: 2, premium_expires_at: null },
      ]);
      expect(await projection.lockPremiumExpiry(sources[name]!.manager, 1)).toBeNull();
    }
    // A snapshot applies over a row shopper made before the user's first one (version 0), its own column untouched.
    await projections.shopper.upsert(shopper.dataSource.manager, user(40), 1);
    expect(await shopper.dataSource.query(`SELECT first_name, email, sale_update_emails FROM users WHERE id = 40`)).toEqual([
      { first_name: 'Ada', email: 'kept@example.com', sale_update_emails: false },
    ]);
  });

  it("takes payments' word on premium for a decision, either way; with payments unreachable the copy's answer stands", async () => {
    const copy = sources.items!;
    const projection = new UserProjection(copy, payments({ 5: true, 6: false }));
    await projection.upsert(copy.manager, user(6, { premiumExpiresAt: '2026-07-01T00:00:00.000Z' }), 1);
    // Just paid: payments has it, the copy does not (yet).
    expect(await projection.isPremium(5, NOW)).toBe(false);
    expect(await projection.isPremiumAskingPayments(5, NOW)).toBe(true);
    // Just refunded: the copy still says premium, payments does not.
    expect(await projection.isPremium(6, NOW)).toBe(true);
    expect(await projection.isPremiumAskingPayments(6, NOW)).toBe(false);
    // Never a member.
    expect(await projection.isPremiumAskingPayments(8, NOW)).toBe(false);

    const unreachable = new UserProjection(copy, payments({ 5: true }, false));
    expect(await unreachable.isPremiumAskingPayments(5, NOW)).toBe(false);
    expect(await unreachable.isPremiumAskingPayments(6, NOW)).toBe(true);
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

  it('keeps a sale’s community sale from its snapshots (a cause is no column) and from membership events older than the sale kept', async () => {
    const projection = new SaleProjection(sources.shopper!, owner());
    const manager = sources.shopper!.manager;
    const joined = { communitySaleId: 5, saleId: 20, hostId: 7, status: 'pending' as const, number: null };
    // A membership event for a sale not kept yet waits for the sale's own snapshot.
    expect(await projection.applyMembership(manager, joined, false, 2)).toBe(false);
    expect(await projection.find(20, manager)).toBeNull();
    await projection.upsert(manager, sale(20, 'Joining'), 1);
    expect(await projection.applyMembership(manager, joined, false, 2)).toBe(true);
    expect(await projection.applyMembership(manager, joined, false, 2)).toBe(false);
    expect(await projection.find(20, manager)).toMatchObject({ community_sale_id: 5, community_sale_status: 'pending', version: 1 });
    // The sale's snapshot of that version still applies, in full, with its cause left out.
    const moved = {
      ...sale(20, 'Joined'),
      community_sale_id: 5,
      community_sale_status: 'approved',
      community_sale_number: 3,
      cause: { communitySaleId: 5, change: 'approved' },
      // A field this copy has no column for (the live state) is left out, not an error.
      live_state: 'open',
      live_state_at: '2026-06-06T15:00:00.000Z',
    };
    expect(await projection.upsert(manager, moved as unknown as SaleSnapshot, 2)).toBe(true);
    expect(await projection.find(20, manager)).toMatchObject({
      title: 'Joined',
      community_sale_status: 'approved',
      community_sale_number: 3,
      version: 2,
    });
    // Older than the sale kept: nothing. Leaving (newer): in none.
    expect(await projection.applyMembership(manager, joined, false, 2)).toBe(false);
    expect(await projection.applyMembership(manager, { ...joined, status: 'approved', number: 3 }, true, 3)).toBe(true);
    expect(await projection.find(20, manager)).toMatchObject({
      community_sale_id: null,
      community_sale_status: null,
      community_sale_number: null,
    });
    // Its live state, read back as ISO 8601 UTC; a snapshot without one is of a sale nobody said anything of.
    const said = { ...moved, live_state: 'closed_early', live_state_at: '2026-06-06T17:30:00-05:00' };
    expect(await projection.upsert(manager, said as unknown as SaleSnapshot, 4)).toBe(true);
    expect(await projection.find(20, manager)).toMatchObject({ live_state: 'closed_early', live_state_at: '2026-06-06T22:30:00.000Z' });
    // A snapshot without the fields is of a sale in none.
    await projection.upsert(manager, moved as unknown as SaleSnapshot, 4);
    await projection.upsert(manager, sale(20, 'Left'), 5);
    expect(await projection.find(20, manager)).toMatchObject({ live_state: null, live_state_at: null });
    expect(await projection.find(20, manager)).toMatchObject({ title: 'Left', community_sale_id: null, community_sale_number: null });
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
    // In the row's shape: no item_ids, a sale in no community sale (its owner left those out), and
    // no payment methods or address moment (an owner from before them said none).
    expect(fresh).toEqual({
      ...sale(11, 'Just listed'),
      item_ids: undefined,
      community_sale_id: null,
      community_sale_status: null,
      community_sale_number: null,
      live_state: null,
      live_state_at: null,
      payment_methods: [],
      address_visible_from: null,
      version: 0,
      deleted: false,
      fromOwner: true,
    });
    expect(await projection.findOrAsk(13)).toBeNull();
    expect((await projection.findManyOrAsk([10, 11, 12, 13, 11])).map((row) => row.id).sort()).toEqual([10, 11, 12]);
    // Nothing the owner said was written into the copy: its events do that.
    expect(await projection.find(11)).toBeNull();
    // An owner that cannot be asked is an error for the caller to answer (a retryable 503).
    await expect(new SaleProjection(sources.items!, owner({}, false)).findOrAsk(14)).rejects.toThrow('could not be asked');
  });
});
