import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { serviceTestEnv, waitFor, type ServiceTestEnv } from '@garage/testing';
import { routedServices } from '../src/index.js';

/**
 * The gateway, auth and sales run as the built processes production runs, with the telemetry
 * preload (`--import @garage/service-kit/instrument`) and an OTLP endpoint: module patching only
 * happens that way (Jest loads modules itself, past the hooks). Their spans arrive here, at a
 * stand-in collector, as OTLP/HTTP JSON.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const entries = {
  auth: path.join(root, 'services/auth/dist/main.js'),
  sales: path.join(root, 'services/sales/dist/main.js'),
  gateway: path.join(root, 'gateway/dist/main.js'),
};

interface ExportedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  attributes: Record<string, string | number | boolean>;
}

const spans: ExportedSpan[] = [];
const children: ChildProcess[] = [];
let collector: Server;
let testEnv: ServiceTestEnv;
const url: Record<keyof typeof entries | 'metrics', string> = { auth: '', sales: '', gateway: '', metrics: '' };

beforeAll(async () => {
  for (const entry of Object.values(entries)) if (!existsSync(entry)) throw new Error(`Build first: ${entry} is missing`);
  collector = createServer((incoming, response) => {
    let body = '';
    incoming.on('data', (chunk) => (body += chunk));
    incoming.on('end', () => {
      spans.push(...readOtlp(body));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const endpoint = `http://127.0.0.1:${await listen(collector)}`;
  testEnv = await serviceTestEnv();
  const [authPort, salesPort, gatewayPort, metricsPort] = await Promise.all([1, 2, 3, 4].map(() => freePort()));
  url.auth = `http://127.0.0.1:${authPort}`;
  url.sales = `http://127.0.0.1:${salesPort}`;
  url.gateway = `http://127.0.0.1:${gatewayPort}`;
  url.metrics = `http://127.0.0.1:${metricsPort}/metrics`;
  const traced = { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_BSP_SCHEDULE_DELAY: '100' };
  const upstreams = Object.fromEntries(routedServices().map((service) => [`${service.toUpperCase()}_URL`, url.auth]));
  await Promise.all([
    start(entries.auth, { ...traced, PORT: String(authPort) }, `${url.auth}/live`),
    start(entries.sales, { ...traced, PORT: String(salesPort) }, `${url.sales}/live`),
  ]);
  await start(
    entries.gateway,
    { ...traced, ...upstreams, PORT: String(gatewayPort), METRICS_PORT: String(metricsPort) },
    `${url.gateway}/api/live`,
  );
}, 360_000);

afterAll(async () => {
  await Promise.all(children.map((child) => stop(child)));
  await new Promise((resolve) => collector?.close(resolve));
  await testEnv?.cleanup();
});

describe('one trace across the system', () => {
  it('follows a profile change from the browser through gateway, auth, database, outbox, RabbitMQ and a consumer', async () => {
    const registered = await request(url.gateway)
      .post('/api/auth/register')
      .send({ firstName: 'Trace', lastName: 'Able', email: `trace.${Date.now()}@example.com`, password: 'follow-me' })
      .expect(201);

    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await request(url.gateway)
      .put('/api/users/me')
      .set('authorization', `Bearer ${registered.body.token}`)
      .set('traceparent', `00-${traceId}-00f067aa0ba902b7-01`)
      .send({ firstName: 'Traced', lastName: 'Able', phone: null })
      .expect(200);

    // Each process exports on its own schedule, so wait for every part of the path, not just the last.
    const expected = [
      'gateway: PUT /api/*',
      'gateway: PUT auth',
      'auth: PUT /api/users/me',
      'auth: publish user.updated',
      'sales: consume user.updated',
    ];
    const traced = await waitFor(
      () => {
        const found = spans.filter((span) => span.traceId === traceId);
        const names = new Set(found.map((span) => `${span.service}: ${span.name}`));
        return expected.every((name) => names.has(name)) &&
          found.some((span) => span.service === 'sales' && /INSERT INTO inbox/.test(statementOf(span)))
          ? found
          : undefined;
      },
      20_000,
      'every span of the path',
    );
    expect(traced.map((span) => `${span.service}: ${span.name}`)).toEqual(expect.arrayContaining(expected));
    // Postgres statements come from the pg instrumentation, which only the preload can install.
    const statements = traced.map((span) => `${span.service}: ${statementOf(span)}`);
    expect(statements.some((sql) => /^auth: UPDATE users/.test(sql))).toBe(true);
    expect(statements.some((sql) => /^auth: INSERT INTO outbox/.test(sql))).toBe(true);
    expect(statements.some((sql) => /^sales: INSERT INTO inbox/.test(sql))).toBe(true);

    // Parent links form one tree: the consumer hangs under the producer, which hangs under the
    // request, which hangs under the gateway's hop, which hangs under the browser's request.
    const byId = new Map(traced.map((span) => [span.spanId, span]));
    const parentOf = (span: ExportedSpan | undefined) => (span ? byId.get(span.parentSpanId) : undefined);
    const named = (service: string, name: string) => traced.find((span) => span.service === service && span.name === name);
    expect(parentOf(named('sales', 'consume user.updated'))?.name).toBe('publish user.updated');
    expect(parentOf(named('auth', 'PUT /api/users/me'))?.name).toBe('PUT auth');
    expect(parentOf(named('gateway', 'PUT auth'))?.name).toBe('PUT /api/*');
    expect(named('gateway', 'PUT /api/*')?.parentSpanId).toBe('00f067aa0ba902b7');
    const update = traced.find((span) => /^UPDATE users/.test(statementOf(span)));
    expect(parentOf(update)?.name).toBe('PUT /api/users/me');
  });

  it('exports Prometheus metrics on each service and the gateway', async () => {
    const service = await request(url.auth).get('/metrics').expect(200);
    expect(service.text).toContain('garage_http_requests_total{service="auth",method="PUT",route="/api/users/me",status="200"}');
    expect(service.text).toContain('garage_http_request_duration_seconds_bucket');
    expect(service.text).toMatch(/garage_events_published_total\{service="auth",type="user.updated"\} \d+/);
    expect(service.text).toMatch(/garage_outbox_backlog\{service="auth"\} 0/);
    const consumer = await request(url.sales).get('/metrics').expect(200);
    expect(consumer.text).toMatch(/garage_events_consumed_total\{service="sales",type="user.updated",outcome="applied"\} \d+/);
    // The gateway's are on their own port: the public one does not route /metrics.
    const edge = await fetch(url.metrics);
    expect(edge.status).toBe(200);
    expect(await edge.text()).toContain('service="gateway"');
    expect((await request(url.gateway).get('/metrics').expect(404)).body).toEqual({ error: expect.any(String) });
    await request(url.gateway).get('/api/live').expect(200);
  });
});

function statementOf(span: ExportedSpan): string {
  return String(span.attributes['db.query.text'] ?? span.attributes['db.statement'] ?? '');
}

/** The spans of one OTLP/HTTP JSON export request. */
function readOtlp(body: string): ExportedSpan[] {
  type Attribute = { key: string; value: Record<string, string | number | boolean> };
  const flat = (attributes: Attribute[] = []) =>
    Object.fromEntries(attributes.map(({ key, value }) => [key, Object.values(value)[0]!])) as ExportedSpan['attributes'];
  const parsed = JSON.parse(body) as {
    resourceSpans: Array<{
      resource: { attributes: Attribute[] };
      scopeSpans: Array<{
        spans: Array<{ traceId: string; spanId: string; parentSpanId?: string; name: string; attributes: Attribute[] }>;
      }>;
    }>;
  };
  return parsed.resourceSpans.flatMap((resource) =>
    resource.scopeSpans.flatMap((scope) =>
      scope.spans.map((span) => ({
        service: String(flat(resource.resource.attributes)['service.name']),
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? '',
        name: span.name,
        attributes: flat(span.attributes),
      })),
    ),
  );
}

async function start(entry: string, env: Record<string, string>, live: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', '@garage/service-kit/instrument', entry], {
    cwd: root,
    env: { ...process.env, ...testEnv.env, ...env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors += chunk));
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`${path.relative(root, entry)} exited: ${errors}`);
      return fetch(live).then(
        (response) => response.ok,
        () => false,
      );
    },
    // Generous: on a loaded machine a process with the preload takes a while to import everything.
    150_000,
    `${path.relative(root, entry)} to listen`,
  );
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
