import { describe, expect, it } from '@jest/globals';
import { context, propagation, ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { setupTracing, tracingEnabled } from './telemetry.js';

describe('setupTracing without a collector', () => {
  it('records nothing but still carries the caller’s trace through async work and into outgoing headers', async () => {
    await setupTracing({ serviceName: 'test' });
    expect(tracingEnabled()).toBe(false);

    const incoming = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', baggage: 'tenant=garage' };
    const parent = propagation.extract(ROOT_CONTEXT, incoming);
    expect(trace.getSpanContext(parent)).toMatchObject({ traceId: '0af7651916cd43dd8448eb211c80319c', traceFlags: TraceFlags.SAMPLED });

    const outgoing: Record<string, string> = {};
    await context.with(parent, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      const span = trace.getTracer('test').startSpan('work');
      expect(span.isRecording()).toBe(false);
      context.with(trace.setSpan(context.active(), span), () => propagation.inject(context.active(), outgoing));
      span.end();
    });
    expect(outgoing.traceparent).toMatch(/^00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01$/);
    expect(outgoing.baggage).toBe('tenant=garage');
  });
});
