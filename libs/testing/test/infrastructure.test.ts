import { describe, expect, it, jest } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  infrastructure,
  isPinnedImage,
  machineProbe,
  RESOLVED_ENV,
  resolveInfrastructure,
  resolvedInfrastructureEnv,
  TEST_CONTAINER_IMAGES,
  testContainerImages,
  type InfrastructureProbe,
} from '../src/index.js';

const given = { DATABASE_URL: 'postgres://ci@db:5432/postgres', AMQP_URL: 'amqp://ci@mq:5672', REDIS_URL: 'redis://cache:6379' };

function probe(overrides: Partial<InfrastructureProbe> = {}) {
  const stop = jest.fn(async () => {});
  const fake = {
    env: {},
    reachable: jest.fn(async (_port: number) => false),
    startContainers: jest.fn(async () => ({
      databaseUrl: 'postgres://c:1/postgres',
      amqpUrl: 'amqp://c:2',
      redisUrl: 'redis://c:3',
      stop,
    })),
    ...overrides,
  };
  return { fake, stop };
}

describe('resolving the infrastructure once per run', () => {
  it('uses what the global setup handed down, probing nothing', async () => {
    const handed = resolvedInfrastructureEnv({
      databaseUrl: 'postgres://h/postgres',
      amqpUrl: 'amqp://h',
      redisUrl: 'redis://h',
      source: 'testcontainers',
    });
    const { fake } = probe({ env: { ...given, ...handed } });
    const infra = await resolveInfrastructure(fake);
    expect(infra).toMatchObject({
      databaseUrl: 'postgres://h/postgres',
      amqpUrl: 'amqp://h',
      redisUrl: 'redis://h',
      source: 'testcontainers',
    });
    expect(fake.reachable).not.toHaveBeenCalled();
    expect(fake.startContainers).not.toHaveBeenCalled();
  });

  it("uses the environment's URLs when all three are set, probing nothing", async () => {
    const { fake } = probe({ env: given });
    const infra = await resolveInfrastructure(fake);
    expect(infra).toMatchObject({
      databaseUrl: given.DATABASE_URL,
      amqpUrl: given.AMQP_URL,
      redisUrl: given.REDIS_URL,
      source: 'environment',
    });
    expect(fake.reachable).not.toHaveBeenCalled();
    expect(fake.startContainers).not.toHaveBeenCalled();
    await expect(infra.stop()).resolves.toBeUndefined();
  });

  it("uses this machine's services when they answer on their standard ports, without containers", async () => {
    const { fake } = probe({ env: { REDIS_URL: 'redis://127.0.0.1:6380' }, reachable: jest.fn(async () => true) });
    const infra = await resolveInfrastructure(fake);
    expect(infra).toMatchObject({
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
      amqpUrl: 'amqp://guest:guest@127.0.0.1:5672',
      redisUrl: 'redis://127.0.0.1:6380',
      source: 'local services',
    });
    expect(fake.reachable.mock.calls.map(([port]) => port).sort()).toEqual([5432, 5672, 6379]);
    expect(fake.startContainers).not.toHaveBeenCalled();
  });

  it('starts containers when a service is missing, and hands back how to stop them', async () => {
    const { fake, stop } = probe({ reachable: jest.fn(async (port: number) => port !== 5672) });
    const infra = await resolveInfrastructure(fake);
    expect(infra).toMatchObject({ databaseUrl: 'postgres://c:1/postgres', source: 'testcontainers' });
    expect(fake.startContainers).toHaveBeenCalledTimes(1);
    await infra.stop();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('says what is missing and what to do when there are neither services nor Docker', async () => {
    const { fake } = probe({
      reachable: jest.fn(async (port: number) => port === 6379),
      startContainers: jest.fn(async () => {
        throw new Error('Could not find a working container runtime strategy');
      }),
    });
    const failure = resolveInfrastructure(fake);
    await expect(failure).rejects.toThrow('Not reachable on 127.0.0.1: PostgreSQL (5432), RabbitMQ (5672);');
    await expect(failure).rejects.toThrow('Could not find a working container runtime strategy');
    await expect(failure).rejects.toThrow('Start the services, or set DATABASE_URL, AMQP_URL and REDIS_URL.');
  });

  it('reaches testcontainers 11 for real when nothing else is there (here: no Docker engine, so the message)', async () => {
    const attempt = resolveInfrastructure({ ...machineProbe, env: {}, reachable: async () => false }).then(
      async (infra) => {
        await infra.stop(); // a machine with Docker started them
        return infra.source;
      },
      (error: Error) => error.message,
    );
    const outcome = await attempt;
    // Without an engine testcontainers names the missing runtime; with one, whatever stopped it
    // (an image no registry gives here) is named.
    if (outcome !== 'testcontainers')
      expect(outcome).toMatch(/^Tests need PostgreSQL, RabbitMQ and Redis\. .*no Docker engine for testcontainers either \(.+\)/);
  }, 120_000);

  it('is what this run resolved in its global setup: every test file gets the same servers', async () => {
    expect(process.env[RESOLVED_ENV.source]).toMatch(/^(environment|local services|testcontainers)$/);
    const infra = await infrastructure();
    expect(infra.source).toBe(process.env[RESOLVED_ENV.source]);
    expect(infra.databaseUrl).toBe(process.env[RESOLVED_ENV.databaseUrl]);
  });

  it('runs the containers compose runs, pinned to exact versions', () => {
    for (const image of Object.values(TEST_CONTAINER_IMAGES)) expect(isPinnedImage(image)).toBe(true);
  });

  it('takes other images from GARAGE_TEST_*_IMAGE, each defaulting to the pinned one', () => {
    expect(testContainerImages({})).toEqual(TEST_CONTAINER_IMAGES);
    expect(testContainerImages({ GARAGE_TEST_POSTGRES_IMAGE: 'garage-local/postgres:15.14', GARAGE_TEST_REDIS_IMAGE: '' })).toEqual({
      ...TEST_CONTAINER_IMAGES,
      postgres: 'garage-local/postgres:15.14',
    });
  });

  it("skips this machine's services when GARAGE_TEST_IGNORE_LOCAL_SERVICES=1, probing no port", async () => {
    const { fake } = probe({ env: { GARAGE_TEST_IGNORE_LOCAL_SERVICES: '1' }, reachable: jest.fn(async () => true) });
    const infra = await resolveInfrastructure(fake);
    expect(infra.source).toBe('testcontainers');
    expect(fake.reachable).not.toHaveBeenCalled();
    expect(fake.startContainers).toHaveBeenCalledTimes(1);
  });
});

describe('with-infrastructure.mjs (around the whole npm test run)', () => {
  it('resolves once and hands the URLs to the command, passing its exit status on', () => {
    const script = fileURLToPath(new URL('../with-infrastructure.mjs', import.meta.url));
    const child = spawnSync(
      process.execPath,
      [script, process.execPath, '-e', 'console.log(JSON.stringify(process.env)); process.exit(3)'],
      { env: { PATH: process.env.PATH, ...given }, encoding: 'utf8' },
    );
    expect(child.status).toBe(3);
    const env = JSON.parse(child.stdout);
    expect(env).toMatchObject(
      resolvedInfrastructureEnv({
        databaseUrl: given.DATABASE_URL,
        amqpUrl: given.AMQP_URL,
        redisUrl: given.REDIS_URL,
        source: 'environment',
      }),
    );
  });
});

describe('isPinnedImage', () => {
  it.each([
    'postgres:15.14-alpine',
    'garage/auth:1.0.0',
    'axllent/mailpit:v1.24.0',
    'minio/minio:RELEASE.2025-04-22T22-12-26Z',
    'localhost:5000/garage/web:2.3.1',
    `redis@sha256:${'a'.repeat(64)}`,
  ])('accepts %s', (image) => expect(isPinnedImage(image)).toBe(true));
  it.each(['postgres', 'postgres:latest', 'postgres:15-alpine', 'redis:7', 'localhost:5000/garage/web', 'node:lts-slim'])(
    'refuses %s',
    (image) => expect(isPinnedImage(image)).toBe(false),
  );
});
