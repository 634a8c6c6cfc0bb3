import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pg from 'pg';

let contextReady = false;
let provider: BasicTracerProvider | null = null;

/**
 * Trace context always travels (W3C `traceparent` in HTTP and message headers); spans are recorded
 * only when an exporter is configured: OTLP over HTTP when `endpoint` is set, or the one a test
 * passes (an in-memory exporter). The first call in a process wins.
 */
export function setupTracing(options: { serviceName: string; endpoint?: string; exporter?: SpanExporter }): void {
  if (!contextReady) {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    contextReady = true;
  }
  if (provider || (!options.endpoint && !options.exporter)) return;
  const exporter = options.exporter ?? new OTLPTraceExporter({ url: `${options.endpoint!.replace(/\/$/, '')}/v1/traces` });
  provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [options.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)],
  });
  trace.setGlobalTracerProvider(provider);
  instrumentPostgres();
}

export function tracingEnabled(): boolean {
  return provider !== null;
}

/** Sends the spans still buffered (on shutdown). */
export async function flushTracing(): Promise<void> {
  await provider?.forceFlush();
}

const tracer = () => trace.getTracer('garage');
const SPAN = Symbol('span');

/**
 * A server span per request, continuing the caller's trace; the rest of the request (guards,
 * handler, database) runs inside it.
 */
export function traceRequests(fastify: FastifyInstance, service: string): void {
  if (!tracingEnabled()) return;
  fastify.addHook('onRequest', (request, _reply, done) => {
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = tracer().startSpan(
      `${request.method} ${routeOf(request)}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'service.name': service, 'http.request.method': request.method, 'url.path': request.url.split('?')[0] },
      },
      parent,
    );
    (request as unknown as Record<symbol, Span>)[SPAN] = span;
    context.with(trace.setSpan(parent, span), done);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const span = (request as unknown as Record<symbol, Span | undefined>)[SPAN];
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}

/** The route pattern, not the URL, so names and metric labels stay few (`/api/sales/:id`). */
export function routeOf(request: FastifyRequest): string {
  return request.routeOptions?.url ?? 'unmatched';
}

/** Headers for an outgoing call, carrying the active trace. */
export function traceHeaders(headers: Record<string, string | string[] | undefined>): void {
  propagation.inject(context.active(), headers);
}

let postgresInstrumented = false;

/** A client span for every query made inside a traced request or consumer (never for idle polling). */
function instrumentPostgres(): void {
  if (postgresInstrumented) return;
  postgresInstrumented = true;
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function query(this: unknown, ...args: unknown[]) {
    const active = context.active();
    const parent = trace.getSpan(active);
    const config = args[0] as string | { text?: string } | undefined;
    const text = typeof config === 'string' ? config : config?.text;
    if (!parent || typeof text !== 'string') return original.apply(this, args);
    const span = tracer().startSpan(
      `pg ${text.trim().split(/\s+/, 1)[0]!.toUpperCase()}`,
      { kind: SpanKind.CLIENT, attributes: { 'db.system.name': 'postgresql', 'db.query.text': text.slice(0, 1000) } },
      active,
    );
    const finish = (error?: unknown) => {
      if (error) span.setStatus({ code: SpanStatusCode.ERROR, message: String(error) });
      span.end();
    };
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        finish(error);
        (last as (e: unknown, r: unknown) => void)(error, result);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args) as Promise<unknown> | undefined;
    if (result && typeof result.then === 'function') {
      return result.then(
        (value) => {
          finish();
          return value;
        },
        (error) => {
          finish(error);
          throw error;
        },
      );
    }
    finish();
    return result;
  };
}
