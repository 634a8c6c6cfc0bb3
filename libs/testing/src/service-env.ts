import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import amqp from 'amqplib';
import { SERVICE_NAMES } from '@garage/contracts';
import { createTestDatabase, infrastructure, testExchange, uniqueName } from './infrastructure.js';

export interface ServiceTestEnv {
  /** Environment for `startService`/`startGateway`: a fresh database, exchange, queue prefix and data folder. */
  env: Record<string, string>;
  /** Drops the database, the queues and exchanges, and the data folder. */
  cleanup(): Promise<void>;
}

/** An address nothing listens on (port 9, discard): a connection to it is refused at once. */
export const NO_SERVICE = 'http://127.0.0.1:9';

/**
 * Everything one test file needs to run services against the real infrastructure without sharing
 * state with other files: its own database, exchange, queue names, Redis key prefix and DATA_DIR.
 */
export async function serviceTestEnv(extra: Record<string, string> = {}, { databasePrefix = 'garage_test' } = {}): Promise<ServiceTestEnv> {
  const infra = await infrastructure();
  const database = await createTestDatabase(databasePrefix);
  const exchange = testExchange();
  const prefix = uniqueName('gt').toLowerCase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'garage-test-'));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    AMQP_URL: infra.amqpUrl,
    REDIS_URL: infra.redisUrl,
    EVENT_BUS: 'rabbitmq',
    EVENT_EXCHANGE: exchange,
    EVENT_QUEUE_PREFIX: prefix,
    // No owning service unless the test starts one and names it: a closed port, so a test never
    // asks whatever another run left on the default ports.
    AUTH_URL: NO_SERVICE,
    SALES_URL: NO_SERVICE,
    ITEMS_URL: NO_SERVICE,
    PAYMENTS_URL: NO_SERVICE,
    SHOPPER_URL: NO_SERVICE,
    // Nothing restarts there: a closed port is an owner that is down, answered at once.
    OWNER_RETRY_WINDOW_MS: '0',
    // The gateway's hold for a service that does not answer (30 s by default): a test that stops a
    // service on purpose sets its own; the rest get their answer in 1.5 s.
    UPSTREAM_RETRY_WINDOW_MS: '1500',
    ...extra,
  };
  return {
    env,
    cleanup: async () => {
      await removeBrokerObjects(infra.amqpUrl, exchange, prefix).catch(() => undefined);
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every service's queue, and the tests' own. */
const QUEUE_OWNERS = [...SERVICE_NAMES, 'test'];

/**
 * Removes a run's exchange (and its dead-letter one) and every service's queue under `prefix`, and
 * the tests' own: every service declares every consumer's queue, so the ones that did not run
 * would otherwise keep filling with the run's events.
 */
export async function removeBrokerObjects(url: string, exchange: string, prefix: string): Promise<void> {
  const connection = await amqp.connect(url);
  try {
    for (const name of QUEUE_OWNERS) {
      // A failed passive operation closes the channel, so each deletion gets its own.
      for (const queue of [`${prefix}.${name}`, `${prefix}.${name}.dlq`]) {
        const channel = await connection.createChannel();
        channel.on('error', () => undefined);
        await channel.deleteQueue(queue).catch(() => undefined);
        await channel.close().catch(() => undefined);
      }
    }
    const channel = await connection.createChannel();
    channel.on('error', () => undefined);
    await channel.deleteExchange(exchange).catch(() => undefined);
    await channel.deleteExchange(`${exchange}.dlx`).catch(() => undefined);
    await channel.close().catch(() => undefined);
  } finally {
    await connection.close();
  }
}
