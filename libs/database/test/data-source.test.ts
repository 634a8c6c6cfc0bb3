import { afterAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { infrastructure, uniqueName } from '@garage/testing';
import { openDataSource } from '../src/index.js';

class Shelves1700000000000 implements MigrationInterface {
  name = 'Shelves1700000000000';
  async up(queryRunner: QueryRunner) {
    await queryRunner.query(`CREATE TABLE shelves (id serial PRIMARY KEY, label text NOT NULL)`);
  }
  async down(queryRunner: QueryRunner) {
    await queryRunner.query(`DROP TABLE shelves`);
  }
}

const name = uniqueName('garage_db_test').toLowerCase();
let url: string;

afterAll(async () => {
  const admin = new pg.Client({ connectionString: (await infrastructure()).databaseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
});

describe('openDataSource', () => {
  it('creates the database and the schema, runs migrations once, and pins search_path', async () => {
    const base = new URL((await infrastructure()).databaseUrl);
    base.pathname = `/${name}`;
    url = base.toString();
    const first = await openDataSource({ url, schema: 'shop', migrations: [Shelves1700000000000], poolSize: 2 });
    await first.query(`INSERT INTO shelves (label) VALUES ('kept')`);
    const [{ search_path }] = await first.query('SHOW search_path');
    expect(search_path).toBe('"shop",public');
    await first.destroy();

    // Opening again (a restart) keeps the data and does not re-run the migration.
    const second = await openDataSource({ url, schema: 'shop', migrations: [Shelves1700000000000] });
    expect(await second.query(`SELECT label FROM shop.shelves`)).toEqual([{ label: 'kept' }]);
    const [{ n }] = await second.query(`SELECT count(*)::int AS n FROM shop.migrations`);
    expect(n).toBe(1);
    await second.destroy();
  });

  it('keeps two services in separate schemas of one database', async () => {
    const other = await openDataSource({ url, schema: 'office', migrations: [Shelves1700000000000] });
    expect(await other.query(`SELECT label FROM shelves`)).toEqual([]);
    await other.destroy();
  });
});

/** A slow migration that cannot run twice: two migrators that both apply it would fail or double it. */
class SlowLedger1700000000001 implements MigrationInterface {
  name = 'SlowLedger1700000000001';
  async up(queryRunner: QueryRunner) {
    await queryRunner.query(`CREATE TABLE ledger (id serial PRIMARY KEY, note text NOT NULL)`);
    await queryRunner.query(`SELECT pg_sleep(0.5)`);
    await queryRunner.query(`INSERT INTO ledger (note) VALUES ('opening balance')`);
  }
  async down(queryRunner: QueryRunner) {
    await queryRunner.query(`DROP TABLE ledger`);
  }
}

describe('two replicas migrating at once', () => {
  it('applies each migration once: one holds the lock for the whole run, the other then finds nothing to do', async () => {
    const base = new URL((await infrastructure()).databaseUrl);
    base.pathname = `/${name}`;
    const open = () =>
      openDataSource({
        url: base.toString(),
        schema: 'replicas',
        migrations: [Shelves1700000000000, SlowLedger1700000000001],
        poolSize: 2,
      });
    const outcomes = await Promise.allSettled([open(), open()]);
    const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
    const [first] = outcomes.filter((outcome) => outcome.status === 'fulfilled').map((outcome) => outcome.value);
    const rows = first ? await first.query(`SELECT count(*)::int AS n FROM ledger`) : [{ n: -1 }];
    const applied = first ? await first.query(`SELECT name FROM migrations ORDER BY id`) : [];
    process.stdout.write(
      `migrations on two replicas: failed starts ${failed.length}, ledger rows ${rows[0].n}, migrations recorded ${applied.length}\n`,
    );
    for (const outcome of outcomes) if (outcome.status === 'fulfilled') await outcome.value.destroy();
    expect(failed.map((outcome) => String((outcome as PromiseRejectedResult).reason))).toEqual([]);
    expect(rows[0].n).toBe(1);
    expect(applied.map((row: { name: string }) => row.name)).toEqual(['Shelves1700000000000', 'SlowLedger1700000000001']);
  });
});
