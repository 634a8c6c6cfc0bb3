import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { AnyEvent } from '@garage/contracts';
import { openDataSource } from '@garage/database';
import { createTestDatabase, infrastructure, silentLogger, TcpProxy, testExchange, waitFor, type TestDatabase } from '@garage/testing';
import { hash, Inbox, InProcessBus, MessagingTables1763700000000, Outbox, RabbitMqBus, type EventHandler } from '../src/index.js';

const user = (id: number) => ({
  id,
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: null,
  rating: 0,
  ratingCount: 0,
  premiumExpiresAt: null,
});

describe('outbox relay and inbox over RabbitMQ', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let proxy: TcpProxy;
  let producerBus: RabbitMqBus;
  let consumerBus: RabbitMqBus;
  let outbox: Outbox;
  const exchange = testExchange();
  const queue = `${exchange}.consumer`;
  const received: AnyEvent[] = [];

  beforeAll(async () => {
    const infra = await infrastructure();
    database = await createTestDatabase('outbox');
    dataSource = await openDataSource({ url: database.url, schema: 'producer', migrations: [MessagingTables1763700000000] });
    const broker = new URL(infra.amqpUrl);
    proxy = new TcpProxy(Number(broker.port || 5672), broker.hostname);
    await proxy.up();
    const viaProxy = new URL(infra.amqpUrl);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    producerBus = new RabbitMqBus({ url: viaProxy.toString(), exchange, maxReconnectDelayMs: 300 }, silentLogger());
    await producerBus.connect();
    consumerBus = new RabbitMqBus({ url: infra.amqpUrl, exchange }, silentLogger());
    await consumerBus.connect();
    await consumerBus.subscribe({ queue, patterns: ['user.*'], handle: async (event) => void received.push(event) });
    outbox = new Outbox(dataSource, producerBus, silentLogger(), { pollIntervalMs: 100 });
    outbox.start();
  });

  afterAll(async () => {
    await outbox.stop();
    await consumerBus.deleteQueues([queue]);
    await Promise.all([producerBus.close(), consumerBus.close()]);
    await proxy.down();
    await dataSource.destroy();
    await database.drop();
  });

  it('publishes an event committed with the state change', async () => {
    await outbox.transaction(async (_manager, emit) => emit('user.registered', 1, user(1)));
    const event = await waitFor(() => received.find((e) => e.data.id === 1), 5000, 'user 1');
    expect(event.type).toBe('user.registered');
    // The row is marked sent once the broker confirmed, which may be just after the consumer got it.
    await waitFor(async () => (await outbox.backlog()) === 0, 5000, 'the row to be marked sent');
  });

  it('records nothing when the transaction rolls back', async () => {
    await expect(
      outbox.transaction(async (_manager, emit) => {
        emit('user.registered', 1, user(99));
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    const [{ n }] = await dataSource.query(`SELECT count(*)::int AS n FROM outbox WHERE envelope->'data'->>'id' = '99'`);
    expect(n).toBe(0);
  });

  it('publishes nothing while another relay of the service holds the lock, and all of it after', async () => {
    const holder = dataSource.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    try {
      await holder.query(`SELECT pg_advisory_xact_lock($1)`, [hash('producer.outbox')]);
      await outbox.transaction(async (_manager, emit) => emit('user.registered', 1, user(40)));
      await outbox.flush();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received.some((e) => e.data.id === 40)).toBe(false);
      expect(await outbox.backlog()).toBe(1);
    } finally {
      await holder.commitTransaction();
      await holder.release();
    }
    await waitFor(() => received.find((e) => e.data.id === 40), 5000, 'user 40 once the lock is free');
    await waitFor(async () => (await outbox.backlog()) === 0, 5000, 'the row to be marked sent');
  });

  it('keeps events while the broker is unreachable and delivers every one once it is back', async () => {
    await proxy.down();
    await waitFor(() => !producerBus.isConnected(), 5000, 'the producer to notice the outage');
    for (let id = 10; id < 30; id += 1) {
      await outbox.transaction(async (_manager, emit) => emit('user.updated', 2, user(id)));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await outbox.backlog()).toBe(20);
    await proxy.up();
    await waitFor(() => producerBus.isConnected(), 10000, 'the producer to reconnect');
    await waitFor(async () => (await outbox.backlog()) === 0, 10000, 'the backlog to drain');
    const ids = await waitFor(
      () => {
        const seen = received.filter((e) => e.type === 'user.updated').map((e) => e.data.id);
        return seen.length >= 20 ? seen : undefined;
      },
      10000,
      'all 20 events',
    );
    expect(new Set(ids)).toEqual(new Set(Array.from({ length: 20 }, (_, i) => i + 10)));
    // In commit order: the relay publishes by sequence.
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});

describe('inbox', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase('inbox');
    dataSource = await openDataSource({ url: database.url, schema: 'consumer', migrations: [MessagingTables1763700000000] });
    await dataSource.query(`CREATE TABLE counter (id int PRIMARY KEY, n int NOT NULL)`);
    await dataSource.query(`INSERT INTO counter VALUES (1, 0)`);
  });

  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  const counting: EventHandler = {
    id: 'test.count-users',
    events: ['user.*'],
    handle: async (_event, manager) => {
      await manager.query(`UPDATE counter SET n = n + 1 WHERE id = 1`);
    },
  };

  it('applies the same message delivered twice only once', async () => {
    const inbox = new Inbox(dataSource);
    const event = {
      id: '2b1f0c3e-5d6a-4c1b-9f7e-0a1b2c3d4e5f',
      type: 'user.updated',
      occurredAt: new Date().toISOString(),
      version: 1,
      data: user(5),
    } as AnyEvent;
    expect(await inbox.apply(counting, event)).toBe(true);
    expect(await inbox.apply(counting, event)).toBe(false);
    const [{ n }] = await dataSource.query(`SELECT n FROM counter WHERE id = 1`);
    expect(n).toBe(1);
  });

  it('does not record a message whose handler failed, so the redelivery applies it', async () => {
    const inbox = new Inbox(dataSource);
    let fail = true;
    const flaky: EventHandler = {
      id: 'test.flaky',
      events: ['user.*'],
      handle: async (event, manager) => {
        await counting.handle(event, manager, {});
        if (fail) throw new Error('database hiccup');
      },
    };
    const event = {
      id: '3c2f0c3e-5d6a-4c1b-9f7e-0a1b2c3d4e5f',
      type: 'user.updated',
      occurredAt: new Date().toISOString(),
      version: 1,
      data: user(6),
    } as AnyEvent;
    await expect(inbox.apply(flaky, event)).rejects.toThrow('database hiccup');
    fail = false;
    expect(await inbox.apply(flaky, event)).toBe(true);
    const [{ n }] = await dataSource.query(`SELECT n FROM counter WHERE id = 1`);
    expect(n).toBe(2);
  });

  it('dedupes a message redelivered by the broker', async () => {
    const infra = await infrastructure();
    const exchange = testExchange();
    const bus = new RabbitMqBus({ url: infra.amqpUrl, exchange }, silentLogger());
    await bus.connect();
    const inbox = new Inbox(dataSource);
    const queue = `${exchange}.dedupe`;
    await inbox.subscribe(bus, queue, [{ ...counting, id: 'test.broker-dedupe' }]);
    const event = {
      id: '4d3f0c3e-5d6a-4c1b-9f7e-0a1b2c3d4e5f',
      type: 'user.updated' as const,
      occurredAt: new Date().toISOString(),
      version: 1,
      data: user(7),
    };
    await bus.publish([event, event]);
    await waitFor(async () => {
      const [{ n }] = await dataSource.query(`SELECT count(*)::int AS n FROM inbox WHERE handler = 'test.broker-dedupe'`);
      return n === 1;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [{ n }] = await dataSource.query(`SELECT n FROM counter WHERE id = 1`);
    expect(n).toBe(3);
    await bus.deleteQueues([queue]);
    await bus.close();
  });

  it('holds each delivery back by deliveryDelayMs (EVENT_DELIVERY_DELAY_MS)', async () => {
    const bus = new InProcessBus(silentLogger());
    const inbox = new Inbox(dataSource, {}, undefined, { deliveryDelayMs: 300 });
    const appliedAt: number[] = [];
    await inbox.subscribe(bus, 'delayed', [
      { id: 'test.delayed', events: ['user.*'], handle: async () => void appliedAt.push(Date.now()) },
    ]);
    const started = Date.now();
    await bus.publish([
      { id: randomUUID(), type: 'user.updated', occurredAt: new Date().toISOString(), version: 1, data: user(8) },
    ] as AnyEvent[]);
    expect(appliedAt).toHaveLength(1);
    expect(appliedAt[0]! - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
