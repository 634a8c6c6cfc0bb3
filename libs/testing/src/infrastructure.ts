import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import pg from 'pg';
import { testContainerImages } from './images.js';

export interface Infrastructure {
  /** A server URL whose database part the harness replaces per test file. */
  databaseUrl: string;
  amqpUrl: string;
  redisUrl: string;
  source: InfrastructureSource;
}

export type InfrastructureSource = 'environment' | 'local services' | 'testcontainers';

/** What was resolved, and how to stop what the resolution started (containers), if anything. */
export interface ResolvedInfrastructure extends Infrastructure {
  stop(): Promise<void>;
}

/** How the resolution looks at the machine; tests of the decision pass their own. */
export interface InfrastructureProbe {
  env: NodeJS.ProcessEnv;
  reachable(port: number): Promise<boolean>;
  startContainers(): Promise<Omit<ResolvedInfrastructure, 'source'>>;
}

/**
 * The variables a Jest global setup hands its workers (they inherit its environment), so a run
 * resolves once: every test file of the run uses the same servers, and containers start once.
 */
/**
 * Set to 1 to skip this machine's PostgreSQL, RabbitMQ and Redis on their standard ports, so the
 * run takes the testcontainers path even where they answer.
 */
export const IGNORE_LOCAL_SERVICES_ENV = 'GARAGE_TEST_IGNORE_LOCAL_SERVICES';

export const RESOLVED_ENV = {
  databaseUrl: 'GARAGE_TEST_DATABASE_URL',
  amqpUrl: 'GARAGE_TEST_AMQP_URL',
  redisUrl: 'GARAGE_TEST_REDIS_URL',
  source: 'GARAGE_TEST_INFRASTRUCTURE',
} as const;

const LOCAL = {
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
  amqpUrl: 'amqp://guest:guest@127.0.0.1:5672',
  redisUrl: 'redis://127.0.0.1:6379',
};

const nothingToStop = async () => {};

/** This machine: its environment, its ports, and testcontainers. */
export const machineProbe: InfrastructureProbe = { env: process.env, reachable, startContainers };

let resolved: Promise<Infrastructure> | null = null;

/**
 * How tests reach PostgreSQL, RabbitMQ and Redis: what the run's global setup resolved, else the
 * environment's URLs (`DATABASE_URL`, `AMQP_URL`, `REDIS_URL`), else this machine's services on
 * their standard ports, else containers where a Docker engine exists, else a message that says
 * what to start.
 */
export function infrastructure(): Promise<Infrastructure> {
  resolved ??= resolveInfrastructure().then(({ stop: _stop, ...infra }) => infra);
  return resolved;
}

/** The decision behind `infrastructure()`, once; the caller stops what it started. */
export async function resolveInfrastructure(probe: InfrastructureProbe = machineProbe): Promise<ResolvedInfrastructure> {
  const env = probe.env;
  const handed = env[RESOLVED_ENV.databaseUrl] && env[RESOLVED_ENV.amqpUrl] && env[RESOLVED_ENV.redisUrl];
  if (handed) {
    return {
      databaseUrl: env[RESOLVED_ENV.databaseUrl]!,
      amqpUrl: env[RESOLVED_ENV.amqpUrl]!,
      redisUrl: env[RESOLVED_ENV.redisUrl]!,
      source: (env[RESOLVED_ENV.source] as InfrastructureSource | undefined) ?? 'environment',
      stop: nothingToStop, // the process that started them stops them
    };
  }
  if (env.DATABASE_URL && env.AMQP_URL && env.REDIS_URL) {
    return { databaseUrl: env.DATABASE_URL, amqpUrl: env.AMQP_URL, redisUrl: env.REDIS_URL, source: 'environment', stop: nothingToStop };
  }
  const ignoreLocal = env[IGNORE_LOCAL_SERVICES_ENV] === '1';
  const [postgres, rabbit, redis] = ignoreLocal
    ? [false, false, false]
    : await Promise.all([probe.reachable(5432), probe.reachable(5672), probe.reachable(6379)]);
  if (postgres && rabbit && redis) {
    return {
      databaseUrl: env.DATABASE_URL ?? LOCAL.databaseUrl,
      amqpUrl: env.AMQP_URL ?? LOCAL.amqpUrl,
      redisUrl: env.REDIS_URL ?? LOCAL.redisUrl,
      source: 'local services',
      stop: nothingToStop,
    };
  }
  const containers = await probe.startContainers().catch((error: unknown) => {
    const missing = [!postgres && 'PostgreSQL (5432)', !rabbit && 'RabbitMQ (5672)', !redis && 'Redis (6379)'].filter(Boolean);
    throw new Error(
      `Tests need PostgreSQL, RabbitMQ and Redis. ${ignoreLocal ? `${IGNORE_LOCAL_SERVICES_ENV}=1 skips this machine's` : 'Not reachable on 127.0.0.1:'} ${missing.join(', ')}; ` +
        `no Docker engine for testcontainers either (${String(error)}). ` +
        'Start the services, or set DATABASE_URL, AMQP_URL and REDIS_URL.',
    );
  });
  return { ...containers, source: 'testcontainers' };
}

/** The variables that hand a resolution to the processes started after it (Jest's workers). */
export function resolvedInfrastructureEnv(infra: Infrastructure): Record<string, string> {
  return {
    [RESOLVED_ENV.databaseUrl]: infra.databaseUrl,
    [RESOLVED_ENV.amqpUrl]: infra.amqpUrl,
    [RESOLVED_ENV.redisUrl]: infra.redisUrl,
    [RESOLVED_ENV.source]: infra.source,
  };
}

async function startContainers(): Promise<Omit<ResolvedInfrastructure, 'source'>> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const images = testContainerImages();
  const [postgres, rabbit, redis] = await Promise.all([
    new GenericContainer(images.postgres)
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/ready to accept connections/, 2))
      .start(),
    new GenericContainer(images.rabbitmq)
      .withExposedPorts(5672)
      .withWaitStrategy(Wait.forLogMessage(/Server startup complete/))
      .start(),
    new GenericContainer(images.redis).withExposedPorts(6379).start(),
  ]);
  return {
    databaseUrl: `postgres://postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/postgres`,
    amqpUrl: `amqp://guest:guest@${rabbit.getHost()}:${rabbit.getMappedPort(5672)}`,
    redisUrl: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
    stop: async () => {
      await Promise.all([postgres.stop(), rabbit.stop(), redis.stop()]);
    },
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
