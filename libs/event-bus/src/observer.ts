import { context, propagation, trace, SpanKind, SpanStatusCode, type Context } from '@opentelemetry/api';
import type { EventEnvelope } from '@garage/contracts';
import type { EventHeaders } from './event-bus.port.js';

/** What the bus reports for metrics; service-kit turns it into Prometheus counters. */
export interface EventBusObserver {
  published?(event: EventEnvelope): void;
  consumed?(event: EventEnvelope, outcome: 'applied' | 'duplicate' | 'failed', lagSeconds: number): void;
}

const tracer = () => trace.getTracer('garage.event-bus');

/** The active trace context as W3C headers, stored with an outbox row. */
export function currentTraceHeaders(): EventHeaders {
  const carrier: EventHeaders = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/**
 * Runs `publish` in a producer span whose parent is the request that recorded the event, and
 * returns the headers to send: the trace continues in the consumer.
 */
export function producerHeaders(event: EventEnvelope, recorded: EventHeaders): EventHeaders {
  const parent = propagation.extract(context.active(), recorded);
  const span = tracer().startSpan(
    `publish ${event.type}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: { 'messaging.system': 'rabbitmq', 'messaging.destination.name': event.type, 'messaging.message.id': event.id },
    },
    parent,
  );
  const headers: EventHeaders = { ...recorded };
  propagation.inject(trace.setSpan(parent, span), headers);
  span.end();
  return headers;
}

/** Runs a consumer's work in a consumer span continuing the producer's trace. */
export async function inConsumerSpan<T>(queue: string, event: EventEnvelope, headers: EventHeaders, work: () => Promise<T>): Promise<T> {
  const parent: Context = propagation.extract(context.active(), headers);
  const span = tracer().startSpan(
    `consume ${event.type}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'rabbitmq',
        'messaging.destination.name': event.type,
        'messaging.consumer.group.name': queue,
        'messaging.message.id': event.id,
      },
    },
    parent,
  );
  try {
    return await context.with(trace.setSpan(parent, span), work);
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: String(error) });
    throw error;
  } finally {
    span.end();
  }
}
