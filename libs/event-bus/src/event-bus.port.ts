import type { AnyEvent, EventEnvelope } from '@garage/contracts';

/** Message headers that travel with an event (W3C trace context, request id). */
export type EventHeaders = Record<string, string>;

/** A consumer group: one durable queue per consuming service, bound to routing-key patterns. */
export interface Subscription {
  queue: string;
  patterns: string[];
  /** Resolves once the effect is committed; the message is acknowledged only then. */
  handle(event: AnyEvent, headers: EventHeaders): Promise<void>;
  /**
   * Resolves once what the handler needs answers again (the service's database); the bus asks it
   * while consumption is paused by a transient failure before trying the held messages again.
   */
  ready?(): Promise<unknown>;
}

/**
 * The event bus port. Producers never call `publish` directly: they write to the outbox, and the
 * relay publishes (see outbox.ts). `publish` resolves only once the broker has confirmed.
 */
export interface EventBus {
  publish(events: EventEnvelope[], headers?: (event: EventEnvelope) => EventHeaders): Promise<void>;
  subscribe(subscription: Subscription): Promise<void>;
  /** True while messages can be published and consumed. */
  isConnected(): boolean;
  /** Stops consuming (in-flight handlers finish) but keeps publishing possible. */
  stopConsuming(): Promise<void>;
  close(): Promise<void>;
  /** Messages waiting in the dead-letter queue of `queue` (null when it cannot be told now). */
  deadLetterCount?(queue: string): Promise<number | null>;
}
