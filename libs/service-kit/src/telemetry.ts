import { trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { preloadedInstrumentations } from './preloaded-instrumentations.js';

let sdk: NodeSDK | null = null;
let processors: SpanProcessor[] = [];

/**
 * Starts OpenTelemetry's Node SDK once per process (the first call wins; the standalone process
 * runs several services). Trace context always travels (W3C `traceparent` in HTTP and message
 * headers); spans are recorded only when an exporter is configured: OTLP over HTTP when `endpoint`
 * is set, or the one a test passes (an in-memory exporter). Metrics stay with Prometheus and logs
 * with pino, so the SDK gets no metric reader or log processor (an idle OTLP one would also hold
 * every shutdown for seconds).
 *
 * Patching `pg`, `ioredis`, `amqplib` and `http` has to happen before they are imported, which in
 * ESM means the `--import @garage/service-kit/instrumentation` preload; without it (e.g. in Jest)
 * only the spans we make ourselves are recorded.
 */
export function setupTracing(options: { serviceName: string; endpoint?: string; exporter?: SpanExporter }): void {
  if (sdk) return;
  const exporter =
    options.exporter ?? (options.endpoint ? new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/$/, '')}/v1/traces` }) : null);
  processors = exporter ? [options.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)] : [];
  sdk = new NodeSDK({
    serviceName: options.serviceName,
    spanProcessors: processors,
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: exporter ? preloadedInstrumentations : [],
  });
  sdk.start();
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
