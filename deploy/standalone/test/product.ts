import { Redis } from 'ioredis';
import { startGateway, type RunningGateway } from '@garage/gateway';
import { startService, type RunningService } from '@garage/service-kit';
import { serviceTestEnv, type ServiceTestEnv } from '@garage/testing';
import { SERVICES } from '../src/services.js';

export interface RunningProduct {
  testEnv: ServiceTestEnv;
  services: RunningService<unknown>[];
  gateway: RunningGateway;
  service(name: string): RunningService<unknown>;
  stop(): Promise<void>;
}

/**
 * Every service and the gateway, isolated like any test (its own database, broker names and
 * Redis keys), started as the standalone start does: in order, each earlier service told the
 * addresses of the ones after it (sales asks items and shopper, which start after it).
 */
export async function startProduct(): Promise<RunningProduct> {
  const testEnv = await serviceTestEnv({ REGISTRATIONS_PER_IP: '10000', REQUESTS_PER_MINUTE: '0' });
  const services: RunningService<unknown>[] = [];
  const urls: Record<string, string> = {};
  for (const service of SERVICES) {
    const running = await startService(service.definition, { env: { ...testEnv.env, ...urls } });
    for (const earlier of services) (earlier.config as Record<string, unknown>)[service.gatewayKey] = running.url;
    services.push(running);
    urls[service.gatewayKey] = running.url;
  }
  const gateway = await startGateway({ env: { ...testEnv.env, ...urls } });
  return {
    testEnv,
    services,
    gateway,
    service: (name) => services.find((running) => running.name === name)!,
    stop: async () => {
      await gateway.close();
      for (const service of [...services].reverse()) await service.close();
      // What the run kept in Redis (counts kept for a year, rate limits) goes with it.
      const redis = new Redis(testEnv.env.REDIS_URL!);
      const keys = await redis.keys(`${testEnv.env.EVENT_QUEUE_PREFIX}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
      await testEnv.cleanup();
    },
  };
}
