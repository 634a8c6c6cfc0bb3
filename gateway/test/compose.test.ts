import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { gatewayConfig, routedServices } from '../src/index.js';
import { isTrustProxySetting } from '../src/client-address.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, any> };
const services = compose.services;
const dependsOn = (name: string) => Object.keys(services[name]?.depends_on ?? {});

describe('docker-compose.yml', () => {
  it('defines every service the gateway routes to, with its database and broker as dependencies', () => {
    for (const service of routedServices()) {
      expect(services[service]).toBeDefined();
      expect(services[service].depends_on.postgres.condition).toBe('service_healthy');
      expect(services[service].depends_on.rabbitmq.condition).toBe('service_healthy');
      expect(services[service].healthcheck.test.join(' ')).toContain('/health');
      expect(dependsOn('gateway')).toContain(service);
      expect(services.gateway.environment[`${service.toUpperCase()}_URL`]).toBe(`http://${service}:${services[service].environment.PORT}`);
    }
  });

  it('has the infrastructure the services expect, with health checks and volumes', () => {
    for (const name of ['postgres', 'rabbitmq', 'redis', 'minio', 'otel-collector', 'jaeger']) expect(services[name]).toBeDefined();
    for (const name of ['postgres', 'rabbitmq', 'redis', 'minio']) expect(services[name].healthcheck).toBeDefined();
    expect(services.rabbitmq.image).toContain('management');
    expect(dependsOn('media')).toContain('minio-bucket');
    expect(services.web.depends_on.gateway.condition).toBe('service_healthy');
  });

  it("gives the gateway the client's address from nginx, a shared request budget and metrics off the public port", () => {
    const env = services.gateway.environment;
    expect(env.TRUST_PROXY).toBeTruthy();
    expect(isTrustProxySetting(env.TRUST_PROXY)).toBe(true);
    expect(env.REDIS_URL).toBe(services.auth.environment.REDIS_URL);
    expect(dependsOn('gateway')).toContain('redis');
    expect(Number(env.METRICS_PORT)).toBeGreaterThan(0);
    expect(Number(env.METRICS_PORT)).not.toBe(Number(env.PORT));
    // Reachable on the compose network only: neither published nor what nginx proxies.
    expect(services.gateway.ports).toBeUndefined();
    expect(() => gatewayConfig.METRICS_PORT.parse(env.METRICS_PORT)).not.toThrow();
  });

  it('keeps secrets out of the file: every secret comes from the environment (.env)', () => {
    const text = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    const secretKeys = [...text.matchAll(/^\s+([A-Z_]*(?:PASSWORD|SECRET|PRIVATE_KEY|PUBLIC_KEY)[A-Z_]*):\s*(.+)$/gm)];
    expect(secretKeys.length).toBeGreaterThan(5);
    for (const [, , value] of secretKeys) expect(value).toMatch(/^\$\{/);
    const example = readFileSync(path.join(root, '.env.example'), 'utf8');
    for (const variable of text.matchAll(/\$\{([A-Z_]+):\?/g)) expect(example).toContain(`${variable[1]}=`);
  });
});
