import { Body, Controller, Get, HttpCode, Inject, Module, Post } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import type { AnyEvent, UserSnapshot } from '@garage/contracts';
import { Outbox, RabbitMqBus } from '@garage/event-bus';
import { serviceTestEnv, silentLogger, TcpProxy, type ServiceTestEnv } from '@garage/testing';
import { InboxContext, InboxHandler, InjectDataSource, startService, type RunningService, type ServiceDefinition } from '../src/index.js';

/**
 * A small service for the fault tests, run by the real `startService`: `POST /notes` writes a note
 * and its event in one transaction (the outbox); its consumer applies `user.updated` events through
 * the inbox into `applied`, which has no unique key, so an event applied twice shows as two rows.
 * A user named `POISON` is a message the handler refuses for its content.
 */
class LedgerTables1764000000000 implements MigrationInterface {
  name = 'LedgerTables1764000000000';
  async up(queryRunner: QueryRunner) {
    await queryRunner.query(`CREATE TABLE notes (id serial PRIMARY KEY, key text NOT NULL UNIQUE)`);
    await queryRunner.query(`CREATE TABLE applied (message_id uuid NOT NULL, user_id int NOT NULL, at timestamptz NOT NULL DEFAULT now())`);
  }
  async down(queryRunner: QueryRunner) {
    await queryRunner.query(`DROP TABLE applied`);
    await queryRunner.query(`DROP TABLE notes`);
  }
}

export const poison = { refuse: true };

@Controller()
class LedgerHandler {
  @InboxHandler('ledger.apply', ['user.updated'])
  async apply(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const user = event.data as UserSnapshot;
    if (user.firstName === 'POISON' && poison.refuse) throw new Error(`Cannot apply user ${user.id}: refused by the ledger`);
    await InboxContext.of(context).manager.query(`INSERT INTO applied (message_id, user_id) VALUES ($1, $2)`, [event.id, user.id]);
  }
}

@Controller('notes')
class NotesController {
  constructor(@Inject(Outbox) private readonly outbox: Outbox) {}

  /** Idempotent by key, as a client that retries a refused write expects. */
  @Post()
  @HttpCode(201)
  create(@Body() body: { key: string }) {
    return this.outbox.transaction(async (manager, emit) => {
      const rows: Array<{ id: number }> = await manager.query(
        `INSERT INTO notes (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING id`,
        [body.key],
      );
      if (rows[0]) emit('user.updated', 1, user(100000 + rows[0].id, 'Note'));
      return { key: body.key };
    });
  }
}

/**
 * Reads through a connection the pool has already taken back, as a request does whose connection
 * was dropped under it during an outage: TypeORM refuses with its released-connection errors.
 */
@Controller('released')
class ReleasedController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('manager')
  async viaManager() {
    const runner = this.dataSource.createQueryRunner();
    await runner.release();
    return runner.manager.query(`SELECT 1`);
  }

  @Get('runner')
  async viaRunner() {
    const runner = this.dataSource.createQueryRunner();
    await runner.release();
    return runner.query(`SELECT 1`);
  }
}

@Module({ controllers: [NotesController, LedgerHandler, ReleasedController] })
class LedgerModule {}

export const ledgerDefinition: ServiceDefinition<Record<string, never>> = {
  // A name of the contract's consumers, so the service declares and consumes `<prefix>.shopper`
  // exactly as a real service does; the test file's own database keeps it apart from the real one.
  name: 'shopper',
  config: {},
  module: LedgerModule,
  migrations: [LedgerTables1764000000000],
};

export function user(id: number, firstName = 'Ada'): UserSnapshot {
  return { id, firstName, lastName: 'Lovelace', phone: null, rating: 0, ratingCount: 0, premiumExpiresAt: null };
}

/** The ledger service with its database and/or broker behind TCP proxies the test can cut. */
export interface Ledger {
  testEnv: ServiceTestEnv;
  service: RunningService<unknown>;
  queue: string;
  databaseProxy: TcpProxy;
  brokerProxy: TcpProxy;
  /** A publisher straight to the broker (not through the proxy), as another service would be. */
  publisher: RabbitMqBus;
  close(): Promise<void>;
}

export async function startLedger(env: Record<string, string> = {}): Promise<Ledger> {
  const testEnv = await serviceTestEnv(env);
  const database = new URL(testEnv.env.DATABASE_URL!);
  const databaseProxy = new TcpProxy(Number(database.port || 5432), database.hostname);
  await databaseProxy.up();
  database.hostname = '127.0.0.1';
  database.port = String(databaseProxy.port);
  const broker = new URL(testEnv.env.AMQP_URL!);
  const brokerProxy = new TcpProxy(Number(broker.port || 5672), broker.hostname);
  await brokerProxy.up();
  const viaProxy = new URL(testEnv.env.AMQP_URL!);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(brokerProxy.port);
  const service = (await startService(ledgerDefinition, {
    env: { ...testEnv.env, DATABASE_URL: database.toString(), AMQP_URL: viaProxy.toString() },
  })) as RunningService<unknown>;
  const publisher = new RabbitMqBus({ url: testEnv.env.AMQP_URL!, exchange: testEnv.env.EVENT_EXCHANGE! }, silentLogger());
  await publisher.connect();
  return {
    testEnv,
    service,
    queue: `${testEnv.env.EVENT_QUEUE_PREFIX}.shopper`,
    databaseProxy,
    brokerProxy,
    publisher,
    close: async () => {
      await databaseProxy.up();
      await brokerProxy.up();
      await service.close();
      await publisher.close();
      await databaseProxy.down();
      await brokerProxy.down();
      await testEnv.cleanup();
    },
  };
}

/** Figures of a fault test, printed on one line. */
export function report(name: string, figures: Record<string, number | string>): void {
  const text = Object.entries(figures)
    .map(([key, value]) => `${key} ${value}`)
    .join(', ');
  process.stdout.write(`[fault] ${name}: ${text}\n`);
}
