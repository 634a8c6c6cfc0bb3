import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { AnyEvent } from '@garage/contracts';
import { openDataSource } from '@garage/database';
import { createTestDatabase, silentLogger, TcpProxy, type TestDatabase } from '@garage/testing';
import { Inbox, MessagingTables1763700000000, ProjectionWaiter, type EventHandler } from '../src/index.js';

const sale = (id: number): AnyEvent => ({
  id: randomUUID(),
  type: 'sale.created',
  occurredAt: new Date().toISOString(),
  version: 1,
  data: {
    id,
    user_id: 7,
    title: 'Sale',
    description: null,
    address: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    zip_code: '62701',
    start_date: '2099-05-03',
    end_date: '2099-05-03',
    start_time: '08:00',
    end_time: '12:00',
    status: 'active',
    latitude: null,
    longitude: null,
  },
});

/** A consumer that keeps the ids of the sales it heard of, like a service's projection. */
const copySales: EventHandler = {
  id: 'test.copy-sales',
  events: ['sale.created'],
  handle: async (event, manager) => {
    await manager.query(`INSERT INTO known_sales (id) VALUES ($1)`, [event.data.id]);
  },
};

describe('waiting for a projection, woken by the inbox commit', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let inbox: Inbox;
  let waiter: ProjectionWaiter;
  const known = async (id: number) => (await dataSource.query(`SELECT 1 FROM known_sales WHERE id = $1`, [id])).length > 0;
  const waitForSale = (id: number, timeoutMs: number, on = waiter) => on.waitFor('sale', id, () => known(id), Boolean, timeoutMs);

  beforeAll(async () => {
    database = await createTestDatabase('waiter');
    dataSource = await openDataSource({ url: database.url, schema: 'consumer', migrations: [MessagingTables1763700000000] });
    await dataSource.query(`CREATE TABLE known_sales (id int PRIMARY KEY)`);
    inbox = new Inbox(dataSource);
    waiter = new ProjectionWaiter({ url: database.url, schema: 'consumer' }, silentLogger());
    await waiter.start();
  });

  afterAll(async () => {
    await waiter.stop();
    await dataSource.destroy();
    await database.drop();
  });

  it('answers at once for a known aggregate', async () => {
    await inbox.apply(copySales, sale(1));
    const started = Date.now();
    expect(await waitForSale(1, 5000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(100);
  });

  it('wakes as soon as the event that brings it commits, long before the deadline', async () => {
    const started = Date.now();
    const waiting = waitForSale(2, 5000);
    setTimeout(() => void inbox.apply(copySales, sale(2)), 300);
    expect(await waiting).toBe(true);
    const waited = Date.now() - started;
    console.log(`projection wait: event committed after 300 ms, waiter answered after ${waited} ms (deadline 5000 ms)`);
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(1000);
  });

  it('wakes a waiter of another process (another replica) as well', async () => {
    const replica = new ProjectionWaiter({ url: database.url, schema: 'consumer' }, silentLogger());
    await replica.start();
    try {
      const waiting = waitForSale(3, 5000, replica);
      setTimeout(() => void inbox.apply(copySales, sale(3)), 100);
      const started = Date.now();
      expect(await waiting).toBe(true);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await replica.stop();
    }
  });

  it('gives up at the deadline with the last value read, and ignores other schemas and aggregates', async () => {
    const started = Date.now();
    const waiting = waitForSale(4, 400);
    await dataSource.query(`SELECT pg_notify('garage_projection', 'other_service/sale:4')`);
    await dataSource.query(`SELECT pg_notify('garage_projection', 'consumer/sale:44')`);
    expect(await waiting).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
  });

  it('does not wake on a transaction that rolls back', async () => {
    const failing: EventHandler = {
      ...copySales,
      handle: async (event, manager) => {
        await copySales.handle(event, manager, {}, () => undefined);
        throw new Error('handler failed');
      },
    };
    const reads: boolean[] = [];
    const waiting = waiter.waitFor('sale', 5, async () => (reads.push(await known(5)), reads.at(-1)!), Boolean, 500);
    await expect(inbox.apply(failing, sale(5))).rejects.toThrow('handler failed');
    expect(await waiting).toBe(false);
    // One read at the start, one at the deadline: the rolled-back notification never arrived.
    expect(reads).toHaveLength(2);
  });

  it('keeps answering while its LISTEN connection is cut, and listens again once it heals', async () => {
    const target = new URL(database.url);
    const proxy = new TcpProxy(Number(target.port || 5432), target.hostname);
    await proxy.up();
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const cut = new ProjectionWaiter({ url: viaProxy.toString(), schema: 'consumer', degradedRecheckMs: 100 }, silentLogger());
    await cut.start();
    try {
      expect(cut.isListening()).toBe(true);
      await proxy.down();
      const deadline = Date.now() + 3000;
      while (cut.isListening() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(cut.isListening()).toBe(false);
      // Without notifications it reads again on a timer, so a commit is still seen well before the deadline.
      const waiting = waitForSale(6, 5000, cut);
      setTimeout(() => void inbox.apply(copySales, sale(6)), 100);
      const started = Date.now();
      expect(await waiting).toBe(true);
      expect(Date.now() - started).toBeLessThan(1000);
      await proxy.up();
      while (!cut.isListening() && Date.now() < deadline + 5000) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(cut.isListening()).toBe(true);
    } finally {
      await cut.stop();
      await proxy.down();
    }
  });
});
