import { describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { existsSync } from 'node:fs';
import { createTestDatabase, infrastructure, serviceTestEnv, TcpProxy, waitFor } from '../src/index.js';

describe('infrastructure', () => {
  it('finds PostgreSQL, RabbitMQ and Redis', async () => {
    const infra = await infrastructure();
    expect(infra.databaseUrl).toMatch(/^postgres/);
    expect(infra.amqpUrl).toMatch(/^amqp/);
    expect(infra.redisUrl).toMatch(/^redis/);
  });

  it('gives each test file a database of its own and drops it', async () => {
    const database = await createTestDatabase('harness');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const [row] = (await client.query('SELECT current_database() AS name')).rows;
    await client.end();
    expect(database.url.endsWith(row.name)).toBe(true);
    await database.drop();
    const probe = new pg.Client({ connectionString: database.url });
    await expect(probe.connect()).rejects.toThrow(/does not exist/);
  });
});

describe('serviceTestEnv', () => {
  it('names the database after the caller when asked (the browser suite’s garage_e2e_*), and removes it all', async () => {
    const isolated = await serviceTestEnv({ LOG_LEVEL: 'warn' }, { databasePrefix: 'garage_e2e' });
    expect(new URL(isolated.env.DATABASE_URL!).pathname).toMatch(/^\/garage_e2e_/);
    expect(isolated.env.LOG_LEVEL).toBe('warn');
    expect(existsSync(isolated.env.DATA_DIR!)).toBe(true);
    await isolated.cleanup();
    expect(existsSync(isolated.env.DATA_DIR!)).toBe(false);
    const probe = new pg.Client({ connectionString: isolated.env.DATABASE_URL });
    await expect(probe.connect()).rejects.toThrow(/does not exist/);
  });
});

describe('TcpProxy', () => {
  it('cuts and heals the way to a real server', async () => {
    const infra = await infrastructure();
    const target = new URL(infra.databaseUrl);
    const proxy = new TcpProxy(Number(target.port || 5432), target.hostname);
    await proxy.up();
    const viaProxy = new URL(infra.databaseUrl);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const client = new pg.Client({ connectionString: viaProxy.toString() });
    client.on('error', () => undefined);
    await client.connect();
    expect((await client.query('SELECT 1 AS one')).rows[0].one).toBe(1);
    await proxy.down();
    await expect(client.query('SELECT 1')).rejects.toThrow();
    await proxy.up();
    const again = new pg.Client({ connectionString: viaProxy.toString() });
    await waitFor(() => again.connect().then(() => true), 3000);
    await again.end();
    await proxy.down();
  });
});
