import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { openDataSource } from '@garage/database';
import { createTestDatabase, type TestDatabase } from '@garage/testing';
import { applySnapshot, applyTombstone, type ProjectionTable } from '../src/index.js';

const PLACES: ProjectionTable = { name: 'places', tombstones: true, touched: true, keepWhenNull: ['email'] };
let database: TestDatabase;
let dataSource: DataSource;
const name = async (id: number) => (await dataSource.query(`SELECT title, email, version, deleted FROM places WHERE id = $1`, [id]))[0];

beforeAll(async () => {
  database = await createTestDatabase('projection');
  dataSource = await openDataSource({ url: database.url, schema: 'copy', migrations: [] });
  await dataSource.query(
    `CREATE TABLE places (id int PRIMARY KEY, title text, email text, version int NOT NULL, deleted boolean NOT NULL DEFAULT false, updated_at timestamptz)`,
  );
});

afterAll(async () => {
  await dataSource.destroy();
  await database.drop();
});

describe('projection snapshots', () => {
  it('applies newer versions only, whatever order they arrive in', async () => {
    const m = dataSource.manager;
    expect(await applySnapshot(m, PLACES, { id: 1, title: 'v2', email: 'a@b.co' }, 2)).toBe(true);
    expect(await applySnapshot(m, PLACES, { id: 1, title: 'v1', email: 'old@b.co' }, 1)).toBe(false);
    expect(await applySnapshot(m, PLACES, { id: 1, title: 'v2 again', email: null }, 2)).toBe(false);
    expect(await name(1)).toMatchObject({ title: 'v2', email: 'a@b.co', version: 2 });
  });

  it('keeps a kept-when-null column a snapshot leaves out', async () => {
    await applySnapshot(dataSource.manager, PLACES, { id: 1, title: 'v3', email: null }, 3);
    expect(await name(1)).toMatchObject({ title: 'v3', email: 'a@b.co' });
  });

  it('never lets a late snapshot bring back a tombstone, even one seen first', async () => {
    const m = dataSource.manager;
    expect(await applyTombstone(m, PLACES, { id: 1 }, 4)).toBe(true);
    expect(await applyTombstone(m, PLACES, { id: 1 }, 4)).toBe(false);
    expect(await applySnapshot(m, PLACES, { id: 1, title: 'late', email: null }, 9)).toBe(false);
    expect(await name(1)).toMatchObject({ title: 'v3', deleted: true });
    expect(await applyTombstone(m, PLACES, { id: 2 }, 1)).toBe(true);
    expect(await applySnapshot(m, PLACES, { id: 2, title: 'created late', email: null }, 1)).toBe(false);
    expect(await name(2)).toMatchObject({ title: null, deleted: true });
  });
});
