import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Module } from '@nestjs/common';
import { Ctx, Payload, type MessageHandler } from '@nestjs/microservices';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { AnyEvent, EventEnvelope, UserSnapshot } from '@garage/contracts';
import { Inbox, InProcessBus, RabbitMqBus, type EventHandler } from '@garage/event-bus';
import { serviceTestEnv, silentLogger, waitFor, type ServiceTestEnv } from '@garage/testing';
import { InboxContext, InboxHandler, InboxTransport, startService, type RunningService, type ServiceDefinition } from '../src/index.js';

/** `seen` records each (handler, message) a probe applied; it has no unique key, so a double shows. */
class ProbeTables1764100000000 implements MigrationInterface {
  name = 'ProbeTables1764100000000';
  async up(queryRunner: QueryRunner) {
    await queryRunner.query(`CREATE TABLE seen (handler text NOT NULL, message_id uuid NOT NULL, headers jsonb NOT NULL)`);
  }
  async down(queryRunner: QueryRunner) {
    await queryRunner.query(`DROP TABLE seen`);
  }
}

/** Deliveries each message reached a handler, failed ones included (they leave no row). */
const attempts = new Map<string, number>();

/**
 * The probe's consumers, declared the Nest way. A user named `FAIL` is refused after the handler
 * wrote and emitted (both must roll back); one named `EMIT` makes the handler emit `sale.deleted`.
 * The app's global ViewerGuard would throw on an event (it reads HTTP headers), so a handler that
 * runs at all shows it does not apply to them.
 */
@Controller()
class ProbeHandlers {
  @InboxHandler('probe.users', ['user.registered', 'user.updated'])
  async users(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager, headers, emit } = InboxContext.of(context);
    attempts.set(event.id, (attempts.get(event.id) ?? 0) + 1);
    const user = event.data as UserSnapshot;
    await manager.query(`INSERT INTO seen (handler, message_id, headers) VALUES ('probe.users', $1, $2)`, [event.id, headers]);
    if (user.firstName === 'EMIT' || user.firstName === 'FAIL') emit('sale.deleted', 1, { id: user.id, user_id: user.id });
    if (user.firstName === 'FAIL') throw new Error(`refused user ${user.id}`);
  }

  @InboxHandler('probe.renames', ['user.updated'])
  async renames(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    await InboxContext.of(context).manager.query(`INSERT INTO seen (handler, message_id, headers) VALUES ('probe.renames', $1, '{}')`, [
      event.id,
    ]);
  }
}

@Module({ controllers: [ProbeHandlers] })
class ProbeModule {}

// A consumer name of the contract: `sales` consumes user.* (and not sale.deleted, so what the probe
// emits does not come back to it).
const probe: ServiceDefinition<Record<string, never>> = {
  name: 'sales',
  config: {},
  module: ProbeModule,
  migrations: [ProbeTables1764100000000],
};

function user(id: number, firstName: string): UserSnapshot {
  return { id, firstName, lastName: 'Probe', phone: null, rating: 0, ratingCount: 0, premiumExpiresAt: null };
}

function event(type: 'user.registered' | 'user.updated', data: UserSnapshot, id = randomUUID()): EventEnvelope {
  return { id, type, occurredAt: new Date().toISOString(), version: 1, data } as EventEnvelope;
}

describe('the inbox transport (@InboxHandler methods on the outbox/inbox bus)', () => {
  let testEnv: ServiceTestEnv;
  let service: RunningService<unknown>;
  let publisher: RabbitMqBus;
  const rows = async (sql: string, params: unknown[]) => (await service.dataSource.query(sql, params)) as Array<Record<string, unknown>>;
  const inboxOf = (id: string) => rows(`SELECT handler FROM inbox WHERE message_id = $1 ORDER BY handler`, [id]);
  const seenOf = (id: string) => rows(`SELECT handler, headers FROM seen WHERE message_id = $1 ORDER BY handler`, [id]);

  beforeAll(async () => {
    testEnv = await serviceTestEnv();
    service = await startService(probe, { env: testEnv.env });
    publisher = new RabbitMqBus({ url: testEnv.env.AMQP_URL!, exchange: testEnv.env.EVENT_EXCHANGE! }, silentLogger());
    await publisher.connect();
  });

  afterAll(async () => {
    await service.close();
    await publisher.close();
    await testEnv.cleanup();
  });

  it('registers each @InboxHandler method once under its id, with all its patterns', () => {
    expect(service.consumers.map(({ id, events }) => ({ id, events }))).toEqual([
      { id: 'probe.users', events: ['user.registered', 'user.updated'] },
      { id: 'probe.renames', events: ['user.updated'] },
    ]);
  });

  it('applies a message once per handler, in the inbox transaction, however often it is delivered', async () => {
    const renamed = event('user.updated', user(1, 'Ada'));
    await publisher.publish([renamed], () => ({ 'x-request-id': 'probe-request' }));
    await waitFor(async () => (await inboxOf(renamed.id)).length === 2, 5000, 'both handlers');
    // The same message again (a redelivery, or a relay that published twice), and once more.
    await publisher.publish([renamed, renamed]);
    const marker = event('user.registered', user(2, 'Marker'));
    await publisher.publish([marker]);
    await waitFor(async () => (await inboxOf(marker.id)).length === 1, 5000, 'the message behind the duplicates');

    expect(await inboxOf(renamed.id)).toEqual([{ handler: 'probe.renames' }, { handler: 'probe.users' }]);
    const seen = await seenOf(renamed.id);
    expect(seen.map((row) => row.handler)).toEqual(['probe.renames', 'probe.users']);
    // The handler got the message headers through its context.
    expect(seen[1]!.headers).toMatchObject({ 'x-request-id': 'probe-request' });
    // user.registered reaches only the handler that declared it.
    expect(await inboxOf(marker.id)).toEqual([{ handler: 'probe.users' }]);
  });

  it('records what a handler emits in the outbox of its transaction, and the relay publishes it', async () => {
    const emitting = event('user.updated', user(3, 'EMIT'));
    await publisher.publish([emitting]);
    const [row] = await waitFor(async () => {
      const found = await rows(
        `SELECT envelope, published_at FROM outbox WHERE type = 'sale.deleted' AND envelope->'data'->>'id' = '3'`,
        [],
      );
      return found.length === 1 && found[0]!.published_at !== null && found;
    });
    expect((row!.envelope as EventEnvelope).data).toEqual({ id: 3, user_id: 3 });
  });

  it('leaves a failing message unacknowledged: redelivered, never half-applied, then dead-lettered', async () => {
    const failing = event('user.updated', user(4, 'FAIL'));
    const startedAt = Date.now();
    await publisher.publish([failing]);
    await waitFor(async () => (await service.bus.deadLetterCount!(`${testEnv.env.EVENT_QUEUE_PREFIX}.sales`)) === 1, 20_000, 'the dlq');
    process.stdout.write(
      `[inbox-transport] failing message dead-lettered after ${attempts.get(failing.id)} deliveries in ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n`,
    );
    // Had Nest swallowed the error, the first delivery would have been acknowledged and recorded.
    expect(attempts.get(failing.id)).toBeGreaterThan(1);
    // Nothing of it was kept: no inbox row, no effect, no emitted event.
    expect(await inboxOf(failing.id)).toEqual([]);
    expect(await seenOf(failing.id)).toEqual([]);
    expect(await rows(`SELECT 1 FROM outbox WHERE type = 'sale.deleted' AND envelope->'data'->>'id' = '4'`, [])).toEqual([]);
  });

  it("hands the handler's own error to the bus, not Nest's generic RPC error", async () => {
    const users = service.consumers.find((handler) => handler.id === 'probe.users')!;
    const inbox = new Inbox(service.dataSource);
    const failing = event('user.updated', user(5, 'FAIL')) as AnyEvent;
    await expect(inbox.apply(users, failing)).rejects.toThrow('refused user 5');
  });
});

describe('the inbox transport refuses a consumer it cannot run', () => {
  const transport = (declared?: string[]) =>
    new InboxTransport({
      inbox: {} as Inbox,
      bus: new InProcessBus(silentLogger()),
      queue: 'q',
      service: 'sales',
      declared,
    });
  const noop = (async () => undefined) as unknown as MessageHandler;
  const listen = (server: InboxTransport) => new Promise<unknown>((resolve) => void server.listen((error) => resolve(error)));

  it('refuses an event the contract does not let the service consume', async () => {
    const server = transport(['user.updated']);
    server.addHandler('item.created', noop, true, { inboxId: 'probe.items' });
    expect(String(await listen(server))).toMatch(/Handler probe\.items consumes item\.created, which EVENT_CONSUMERS\.sales/);
  });

  it('refuses a handler without an inbox id, a request/response pattern, and an id used twice', () => {
    expect(() => transport().addHandler('user.updated', noop, true, {})).toThrow(/no inbox id/);
    expect(() => transport().addHandler('user.updated', noop, false, { inboxId: 'x' })).toThrow(/@MessagePattern/);
    const server = transport();
    server.addHandler('user.updated', noop, true, { inboxId: 'x' });
    expect(() => server.addHandler('user.registered', noop, true, { inboxId: 'x' })).toThrow(/share the inbox id x/);
  });

  it('keeps the handlers of one method together under its id', () => {
    const server = transport();
    const extras = { inboxId: 'x' };
    server.addHandler('user.updated', noop, true, extras);
    server.addHandler('user.registered', noop, true, extras);
    expect(server.handlers().map(({ id, events }: EventHandler) => ({ id, events }))).toEqual([
      { id: 'x', events: ['user.updated', 'user.registered'] },
    ]);
  });
});
