import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import type { SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { preloadedInstrumentations } from './preloaded-instrumentations.js';

let started: Promise<void> | null = null;
let processors: SpanProcessor[] = [];

/**
 * Sets up OpenTelemetry once per process (the first call wins; the standalone process runs several
 * services). Trace context always travels (W3C `traceparent` and `baggage` in HTTP and message
 * headers). Spans are recorded only when an exporter is configured: OTLP over HTTP when `endpoint`
 * is set, or the one a test passes (an in-memory exporter). Only then is the Node SDK started.
 *
 * Without an exporter the SDK is not even imported. It pulls in every exporter it can build
 * (gRPC, protobuf, Zipkin, Prometheus, logs, metrics): 18 MB more heap and 1.6 s more start-up
 * for nothing, and a process that holds more heap spends more time in garbage collection on every
 * request. The context manager and propagators set here are the ones the SDK would register.
 *
 * Metrics stay with Prometheus and logs with pino, so the SDK gets no metric reader or log
 * processor (an idle OTLP one would also hold every shutdown for seconds). Patching `pg`,
 * `ioredis`, `amqplib` and `http` has to happen before they are imported, which in ESM means the
 * `--import @garage/service-kit/instrument` preload; without it (e.g. in Jest) only the spans we
 * make ourselves are recorded.
 */
export function setupTracing(options: { serviceName: string; endpoint?: string; exporter?: SpanExporter }): Promise<void> {
  started ??= options.endpoint || options.exporter ? startSdk(options) : Promise.resolve(propagateOnly());
  return started;
}

function propagateOnly(): void {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }));
}

async function startSdk(options: { serviceName: string; endpoint?: string; exporter?: SpanExporter }): Promise<void> {
  const [{ NodeSDK }, { BatchSpanProcessor, SimpleSpanProcessor }, { OTLPTraceExporter }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
  ]);
  processors = options.exporter
    ? [new SimpleSpanProcessor(options.exporter)]
    : [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${options.endpoint!.replace(/\/$/, '')}/v1/traces` }))];
  new NodeSDK({
    serviceName: options.serviceName,
    spanProcessors: processors,
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: preloadedInstrumentations,
  }).start();
}

export function tracingEnabled(): boolean {
  return processors.length > 0;
}

/** Sends the spans still buffered (on shutdown). */
export async function flushTracing(): Promise<void> {
  await Promise.all(processors.map((processor) => processor.forceFlush()));
}

/**
 * Names the HTTP instrumentation's server span after the route pattern, not the URL, so names
 * stay few (`PUT /api/users/me`, `GET /api/sales/:id`).
 */
export function traceRequests(fastify: FastifyInstance): void {
  if (!tracingEnabled()) return;
  fastify.addHook('onRequest', (request, _reply, done) => {
    const span = trace.getActiveSpan();
    if (span) {
      const route = routeOf(request);
      span.updateName(`${request.method} ${route}`);
      span.setAttribute('http.route', route);
    }
    done();
  });
}

/** The route pattern, not the URL, so names and metric labels stay few (`/api/sales/:id`). */
export function routeOf(request: FastifyRequest): string {
  return request.routeOptions?.url ?? 'unmatched';
}
