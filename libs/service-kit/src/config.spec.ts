import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { baseConfigShape, BASE_PRODUCTION_REQUIRED, ConfigError, loadConfig } from './config.js';

const shape = { ...baseConfigShape, PORT: z.coerce.number().default(4000), STRIPE_SECRET_KEY: z.string().optional() };

describe('loadConfig', () => {
  it('applies development defaults', () => {
    const config = loadConfig(shape, {});
    expect(config).toMatchObject({ NODE_ENV: 'development', PORT: 4000, EVENT_BUS: 'rabbitmq', DB_POOL_SIZE: 10 });
  });

  it('stops a production process that lacks a secret, naming every missing key', () => {
    const attempt = () =>
      loadConfig(shape, { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/garage' }, { production: [...BASE_PRODUCTION_REQUIRED] });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/AMQP_URL is required in production/);
    expect(attempt).toThrow(/JWT_PUBLIC_KEY is required in production/);
  });

  it('names a key whose value is invalid', () => {
    expect(() => loadConfig(shape, { DB_POOL_SIZE: 'many' })).toThrow(/DB_POOL_SIZE/);
    expect(() => loadConfig(shape, { EVENT_BUS: 'kafka' })).toThrow(/EVENT_BUS/);
  });
});
