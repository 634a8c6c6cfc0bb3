import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import pg from 'pg';

export interface Infrastructure {
  /** A server URL whose database part the harness replaces per test file. */
  databaseUrl: string;
  amqpUrl: string;
  redisUrl: string;
  source: 'environment' | 'local services' | 'testcontainers';
}

const LOCAL = {
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
  amqpUrl: 'amqp://guest:guest@127.0.0.1:5672',
  redisUrl: 'redis://127.0.0.1:6379',
};

let resolved: Promise<Infrastructure> | null = null;

/**
 * How tests reach PostgreSQL, RabbitMQ and Redis: the environment's URLs (`DATABASE_URL`,
 * `AMQP_URL`, `REDIS_URL`), else this machine's services on their standard ports, else containers
 * where a Docker engine exists, else a message that says what to start.
 */
export function infrastructure(): Promise<Infrastructure> {
  resolved ??= resolve();
  return resolved;
}

async function resolve(): Promise<Infrastructure> {
  const env = process.env;
  if (env.DATABASE_URL && env.AMQP_URL && env.REDIS_URL) {
    return { databaseUrl: env.DATABASE_URL, amqpUrl: env.AMQP_URL, redisUrl: env.REDIS_URL, source: 'environment' };
  }
  const [postgres, rabbit, redis] = await Promise.all([reachable(5432), reachable(5672), reachable(6379)]);
  if (postgres && rabbit && redis) {
    return {
      databaseUrl: env.DATABASE_URL ?? LOCAL.databaseUrl,
      amqpUrl: env.AMQP_URL ?? LOCAL.amqpUrl,
      redisUrl: env.REDIS_URL ?? LOCAL.redisUrl,
      source: 'local services',
    };
  }
  const containers = await startContainers().catch((error: unknown) => {
    const missing = [!postgres && 'PostgreSQL (5432)', !rabbit && 'RabbitMQ (5672)', !redis && 'Redis (6379)'].filter(Boolean);
    throw new Error(
      `Tests need PostgreSQL, RabbitMQ and Redis. Not reachable on 127.0.0.1: ${missing.join(', ')}; ` +
        `no Docker engine for testcontainers either (${String(error)}). ` +
        'Start the services, or set DATABASE_URL, AMQP_URL and REDIS_URL.',
    );
  });
  return { ...containers, source: 'testcontainers' };
}

async function startContainers(): Promise<Omit<Infrastructure, 'source'>> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const [postgres, rabbit, redis] = await Promise.all([
    new GenericContainer('postgres:15-alpine')
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/ready to accept connections/, 2))
      .start(),
    new GenericContainer('rabbitmq:3.13-alpine')
      .withExposedPorts(5672)
      .withWaitStrategy(Wait.forLogMessage(/Server startup complete/))
      .start(),
    new GenericContainer('redis:7-alpine').withExposedPorts(6379).start(),
  ]);
  return {
    databaseUrl: `postgres://postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/postgres`,
    amqpUrl: `amqp://guest:guest@${rabbit.getHost()}:${rabbit.getMappedPort(5672)}`,
    redisUrl: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
  };
}

function reachable(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = new Socket();
    const finish = (ok: boolean) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(500, () => finish(false));
    socket.once('error', () => finish(false));
    socket.connect(port, '127.0.0.1', () => finish(true));
  });
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A database of its own for one test file, so files run in parallel without sharing state. */
export async function createTestDatabase(prefix = 'garage_test'): Promise<TestDatabase> {
  const infra = await infrastructure();
  const name = uniqueName(prefix).toLowerCase();
  const admin = new pg.Client({ connectionString: infra.databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(infra.databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: infra.databaseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A topic exchange of its own for one test file (queues are named after it). */
export function testExchange(): string {
  return uniqueName('garage.test').replace(/_/g, '.');
}
