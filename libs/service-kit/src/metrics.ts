import { Controller, Get, Header } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';
import type { EventBusObserver } from '@garage/event-bus';
import { routeOf } from './telemetry.js';

const EVENT_LOOP_SAMPLE_MS = 100;

/**
 * Prometheus metrics of the process. One registry per process: in standalone several services
 * share it, told apart by the `service` label. The event loop's delay is sampled every 100 ms, not
 * the library's 10 ms: each sample wakes the process, and a hundred wakes a second cost an idle
 * service some 5–10 ms of processor time a second and wake it between every request it serves.
 */
collectDefaultMetrics({ eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });

const requests = new Counter({
  name: 'garage_http_requests_total',
  help: 'HTTP requests by route and status',
  labelNames: ['service', 'method', 'route', 'status'],
});
const errors = new Counter({
  name: 'garage_http_errors_total',
  help: 'HTTP requests that ended in a server error (5xx)',
  labelNames: ['service', 'method', 'route'],
});
const latency = new Histogram({
  name: 'garage_http_request_duration_seconds',
  help: 'HTTP request latency by route',
  labelNames: ['service', 'method', 'route'],
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
});
const published = new Counter({
  name: 'garage_events_published_total',
  help: 'Events confirmed by the broker',
  labelNames: ['service', 'type'],
});
const consumed = new Counter({
  name: 'garage_events_consumed_total',
  help: 'Events consumed, by outcome (applied, duplicate, failed)',
  labelNames: ['service', 'type', 'outcome'],
});
const lag = new Histogram({
  name: 'garage_event_consume_lag_seconds',
  help: 'Time from an event occurring to its consumption',
  labelNames: ['service', 'type'],
  buckets: [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
});
const backlogs = new Map<string, () => Promise<number>>();
new Gauge({
  name: 'garage_outbox_backlog',
  help: 'Outbox rows not yet confirmed by the broker',
  labelNames: ['service'],
  async collect() {
    this.reset();
    for (const [service, backlog] of backlogs) this.set({ service }, await backlog().catch(() => -1));
  },
});

const deadLetterDepths = new Map<string, () => Promise<number | null>>();
new Gauge({
  name: 'garage_dead_letter_queue_depth',
  help: "Messages waiting in the service's dead-letter queue (replay or drop them with `npm run dlq`)",
  labelNames: ['service'],
  async collect() {
    this.reset();
    for (const [service, depth] of deadLetterDepths) {
      const value = await depth().catch(() => null);
      if (value !== null) this.set({ service }, value);
    }
  },
});
const brokerStates = new Map<string, () => boolean>();
new Gauge({
  name: 'garage_broker_connected',
  help: 'Whether the service is connected to the broker (1) or not (0); readiness does not depend on it',
  labelNames: ['service'],
  collect() {
    this.reset();
    for (const [service, connected] of brokerStates) this.set({ service }, connected() ? 1 : 0);
  },
});

/** Reports the depth of the service's dead-letter queue and its broker connection. */
export function watchEventBus(service: string, depth: () => Promise<number | null>, connected: () => boolean): () => void {
  deadLetterDepths.set(service, depth);
  brokerStates.set(service, connected);
  return () => {
    deadLetterDepths.delete(service);
    brokerStates.delete(service);
  };
}

export function recordHttpMetrics(fastify: FastifyInstance, service: string): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    recordHttpRequest(service, request.method, routeOf(request), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/** One answered request, for a server that answers some requests outside Fastify (the gateway's proxy). */
export function recordHttpRequest(service: string, method: string, route: string, status: number, seconds: number): void {
  const labels = { service, method, route };
  requests.inc({ ...labels, status: String(status) });
  latency.observe(labels, seconds);
  if (status >= 500) errors.inc(labels);
}

export function eventMetrics(service: string): EventBusObserver {
  return {
    published: (event) => published.inc({ service, type: event.type }),
    consumed: (event, outcome, lagSeconds) => {
      consumed.inc({ service, type: event.type, outcome });
      if (outcome !== 'failed') lag.observe({ service, type: event.type }, lagSeconds);
    },
  };
}

export function watchOutboxBacklog(service: string, backlog: () => Promise<number>): () => void {
  backlogs.set(service, backlog);
  return () => backlogs.delete(service);
}

/** `GET /metrics` in the Prometheus text format. */
@Controller()
export class MetricsController {
  @Get('metrics')
  @Header('content-type', register.contentType)
  metrics(): Promise<string> {
    return register.metrics();
  }
}

export const metricsRegistry = register;
