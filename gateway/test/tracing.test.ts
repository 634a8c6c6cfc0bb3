import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Module } from '@nestjs/common';
import { Ctx } from '@nestjs/microservices';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import request from 'supertest';
import { authService } from '@garage/auth';
import { InboxContext, InboxHandler, setupTracing, startService, type RunningService, type ServiceDefinition } from '@garage/service-kit';
import { serviceTestEnv, waitFor, type ServiceTestEnv } from '@garage/testing';
import { routedServices, startGateway, type RunningGateway } from '../src/index.js';

// Spans of every process part land here: the gateway, auth, the relay, the broker hop and a consumer.
const exporter = new InMemorySpanExporter();
setupTracing({ serviceName: 'tracing-test', exporter });

/** A consumer of user.updated that touches its own database, as the sales service's projection does. */
@Controller()
class UserUpdatedListener {
  @InboxHandler('test.user-updated', ['user.updated'])
  async handle(@Ctx() context: unknown): Promise<void> {
    await InboxContext.of(context).manager.query('SELECT 1');
  }
}

@Module({ controllers: [UserUpdatedListener] })
class ListenerModule {}

const listener: ServiceDefinition<Record<string, never>> = {
  name: 'test',
  config: {},
  module: ListenerModule,
  migrations: [],
};

let testEnv: ServiceTestEnv;
let auth: RunningService<unknown>;
let consumer: RunningService<unknown>;
let gateway: RunningGateway;

beforeAll(async () => {
  testEnv = await serviceTestEnv();
  auth = await startService(authService, { env: testEnv.env });
  consumer = await startService(listener, { env: testEnv.env });
  const urls = Object.fromEntries(routedServices().map((service) => [`${service.toUpperCase()}_URL`, auth.url]));
  gateway = await startGateway({ env: { ...testEnv.env, ...urls, METRICS_PORT: '0' } });
});

afterAll(async () => {
  await gateway.close();
  await consumer.close();
  await auth.close();
  await testEnv.cleanup();
});

describe('one trace across the system', () => {
  it('follows a profile change from the browser through gateway, auth, database, outbox, RabbitMQ and a consumer', async () => {
    const registered = await request(gateway.url)
      .post('/api/auth/register')
      .send({ firstName: 'Trace', lastName: 'Able', email: `trace.${Date.now()}@example.com`, password: 'follow-me' })
      .expect(201);
    exporter.reset();

    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await request(gateway.url)
      .put('/api/users/me')
      .set('authorization', `Bearer ${registered.body.token}`)
      .set('traceparent', `00-${traceId}-00f067aa0ba902b7-01`)
      .send({ firstName: 'Traced', lastName: 'Able', phone: null })
      .expect(200);

    const spans = await waitFor(
      () => {
        const found = exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
        return found.some((span) => span.name === 'consume user.updated') &&
          found.some((span) => /INSERT/.test(span.name) && span.attributes['db.query.text']?.toString().includes('inbox'))
          ? found
          : undefined;
      },
      10_000,
      'the consumer span',
    );
    const names = spans.map((span) => span.name);
    expect(names).toEqual(
      expect.arrayContaining(['PUT /api/*', 'PUT auth', 'PUT /api/users/me', 'publish user.updated', 'consume user.updated']),
    );
    const statements = spans.map((span) => String(span.attributes['db.query.text'] ?? ''));
    expect(statements.some((sql) => /UPDATE users/.test(sql))).toBe(true);
    expect(statements.some((sql) => /INSERT INTO outbox/.test(sql))).toBe(true);
    expect(statements.some((sql) => /INSERT INTO inbox/.test(sql))).toBe(true);

    // Parent links form one tree: the consumer hangs under the producer, which hangs under the request.
    const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]));
    const parentOf = (span: (typeof spans)[number]) => byId.get(span.parentSpanContext?.spanId ?? '');
    const consume = spans.find((span) => span.name === 'consume user.updated')!;
    expect(parentOf(consume)?.name).toBe('publish user.updated');
    const serviceSpan = spans.find((span) => span.name === 'PUT /api/users/me')!;
    expect(parentOf(serviceSpan)?.name).toBe('PUT auth');
  });

  it('exports Prometheus metrics on each service and the gateway', async () => {
    const service = await request(auth.url).get('/metrics').expect(200);
    expect(service.text).toContain('garage_http_requests_total{service="auth",method="PUT",route="/api/users/me",status="200"}');
    expect(service.text).toContain('garage_http_request_duration_seconds_bucket');
    expect(service.text).toMatch(/garage_events_published_total\{service="auth",type="user.updated"\} \d+/);
    expect(service.text).toMatch(/garage_events_consumed_total\{service="test",type="user.updated",outcome="applied"\} \d+/);
    expect(service.text).toMatch(/garage_outbox_backlog\{service="auth"\} 0/);
    // The gateway's are on their own port: the public one does not route /metrics.
    const edge = await fetch(gateway.metricsUrl!);
    expect(edge.status).toBe(200);
    expect(await edge.text()).toContain('service="gateway"');
    expect((await request(gateway.url).get('/metrics').expect(404)).body).toEqual({ error: expect.any(String) });
    await request(gateway.url).get('/api/live').expect(200);
  });
});
