import { z } from 'zod';
import { ownersConfigShape } from './owners.js';

/**
 * Environment keys every service reads. Development defaults point at this machine's services; in
 * production each of `PRODUCTION_REQUIRED` must be set, and a missing one stops the process with
 * its name.
 */
export const baseConfigShape = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535),
  DATA_DIR: z.string().default('./.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().url().optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  EVENT_BUS: z.enum(['rabbitmq', 'memory']).default('rabbitmq'),
  AMQP_URL: z.string().optional(),
  EVENT_EXCHANGE: z.string().default('garage.events'),
  EVENT_QUEUE_PREFIX: z.string().default('garage'),
  AMQP_QUEUE_TYPE: z.enum(['quorum', 'classic']).default('quorum'),
  /**
   * Tests only: each delivery waits this long before its consumer handles it, so a test can make
   * every projection lag behind its owner (see Inbox). 0 (the default) in every real topology.
   */
  EVENT_DELIVERY_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  JWT_PUBLIC_KEY: z.string().optional(),
  JWT_PUBLIC_KEY_FILE: z.string().optional(),
  /** OTLP/HTTP collector for traces (e.g. http://otel-collector:4318); without it no spans are exported. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_SERVICE_NAME: z.string().optional(),
  /** Where the services that own other data answer (see owners.ts). */
  ...ownersConfigShape,
};

export const DEV_DEFAULTS = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/garage',
  AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
  REDIS_URL: 'redis://127.0.0.1:6379',
} as const;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/**
 * Validates the environment once, at boot, and returns the typed configuration. `required` lists
 * the keys a production process must be given (secrets and infrastructure addresses).
 */
export function loadConfig<S extends z.ZodRawShape>(
  shape: S,
  env: Record<string, string | undefined>,
  required: { production: Array<keyof S & string>; when?: (config: Record<string, unknown>) => Array<keyof S & string> } = {
    production: [],
  },
): z.infer<z.ZodObject<S>> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = z.object(shape).safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  const config = result.data as Record<string, unknown>;
  const needed = [...(config.NODE_ENV === 'production' ? required.production : []), ...(required.when?.(config) ?? [])];
  const missing = needed.filter((key) => config[key] === undefined);
  if (missing.length > 0) {
    throw new ConfigError(missing.map((key) => `${key} is required${config.NODE_ENV === 'production' ? ' in production' : ''}`));
  }
  return result.data as z.infer<z.ZodObject<S>>;
}

export type BaseConfig = z.infer<z.ZodObject<typeof baseConfigShape>>;

/** The keys every production service needs besides its own. */
export const BASE_PRODUCTION_REQUIRED = ['DATABASE_URL', 'AMQP_URL', 'JWT_PUBLIC_KEY'] as const;
