import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Injectable, Module } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import pg from 'pg';
import {
  Column,
  Entity,
  PrimaryGeneratedColumn,
  type DataSource,
  type MigrationInterface,
  type QueryRunner,
  type Repository,
} from 'typeorm';
import type { AnyEvent } from '@garage/contracts';
import { RabbitMqBus } from '@garage/event-bus';
import { serviceTestEnv, silentLogger, userSnapshot, type ServiceTestEnv } from '@garage/testing';
import {
  InboxContext,
  InboxHandler,
  InjectDataSource,
  InjectRepository,
  startService,
  type RunningService,
  type ServiceDefinition,
} from '../src/index.js';

@Entity({ name: 'shelves' })
class ShelfEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'text' })
  label!: string;
}

class Shelves1700000000000 implements MigrationInterface {
  name = 'Shelves1700000000000';
  async up(queryRunner: QueryRunner) {
    await queryRunner.query(`CREATE TABLE shelves (id serial PRIMARY KEY, label text NOT NULL)`);
  }
  async down(queryRunner: QueryRunner) {
    await queryRunner.query(`DROP TABLE shelves`);
  }
}

@Injectable()
class ShelvesRepository {
  constructor(
    @InjectRepository(ShelfEntity) readonly shelves: Repository<ShelfEntity>,
    @InjectDataSource() readonly dataSource: DataSource,
  ) {}
}

let handling: () => void = () => undefined;
const handlerStarted = new Promise<void>((resolve) => (handling = resolve));

/** The service's only consumer takes its time, so the service is closed while it works. */
@Controller()
class SlowShelver {
  @InboxHandler('shelving.user-updated', ['user.updated'])
  async shelve(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    handling();
    await new Promise((resolve) => setTimeout(resolve, 800));
    await InboxContext.of(context).manager.query(`INSERT INTO shelves (label) VALUES ($1)`, [event.id]);
  }
}

@Module({ controllers: [SlowShelver], providers: [ShelvesRepository] })
class ShelvesModule {}

const shelvesService: ServiceDefinition<Record<string, never>> = {
  name: 'shelving',
  config: {},
  module: ShelvesModule,
  entities: [ShelfEntity],
  migrations: [Shelves1700000000000],
};

let testEnv: ServiceTestEnv;
let service: RunningService<unknown>;
let db: pg.Client;

beforeAll(async () => {
  testEnv = await serviceTestEnv();
  service = await startService(shelvesService, { env: testEnv.env });
  db = new pg.Client({ connectionString: testEnv.env.DATABASE_URL });
  await db.connect();
});

afterAll(async () => {
  await service.close();
  await db.end();
  await testEnv.cleanup();
});

describe("the service's data source (Nest's TypeORM module)", () => {
  it('reaches repositories through @InjectRepository and @InjectDataSource, on the migrated schema of the service', async () => {
    const repository = service.app.get(ShelvesRepository);
    expect(repository.dataSource).toBe(service.dataSource);
    await repository.shelves.insert({ label: 'tools' });
    const { rows } = await db.query(`SELECT label FROM shelving.shelves`);
    expect(rows).toEqual([{ label: 'tools' }]);
    expect((await db.query(`SELECT name FROM shelving.migrations`)).rows.map((row) => row.name)).toContain('Shelves1700000000000');
  });

  it('is destroyed only after the consumers have stopped: a message being handled at close still commits', async () => {
    const publisher = new RabbitMqBus({ url: testEnv.env.AMQP_URL!, exchange: testEnv.env.EVENT_EXCHANGE! }, silentLogger());
    await publisher.connect();
    const id = crypto.randomUUID();
    await publisher.publish([
      {
        id,
        type: 'user.updated',
        version: 1,
        occurredAt: new Date().toISOString(),
        data: userSnapshot(1),
      },
    ]);
    await publisher.close();
    await handlerStarted;
    await service.close();

    expect(service.dataSource.isInitialized).toBe(false);
    const applied = await db.query(`SELECT label FROM shelving.shelves WHERE label = $1`, [id]);
    expect(applied.rows).toEqual([{ label: id }]);
    const inbox = await db.query(`SELECT 1 FROM shelving.inbox WHERE message_id = $1`, [id]);
    expect(inbox.rowCount).toBe(1);
  });
});
