import { matchesRoutingPattern, parseEvent, type EventEnvelope } from '@garage/contracts';
import type { EventBus, EventHeaders, Subscription } from './event-bus.port.js';
import type { BusLogger } from './logger.js';
import { transientFailure } from './transient-failure.js';

interface Queue {
  subscription: Subscription;
  tail: Promise<void>;
  inFlight: number;
}

/**
 * The standalone topology's bus: one process, no broker. Each subscription is a queue delivered
 * in order, one message at a time; a failing handler is retried with back-off and, after
 * `maxAttempts`, parked in `deadLetters` (the in-memory dead-letter queue). As on RabbitMQ, a
 * transient failure (the database unreachable) does not count as an attempt: the queue waits
 * until the subscription's `ready` answers and tries again.
 */
export class InProcessBus implements EventBus {
  readonly deadLetters: Array<{ queue: string; event: EventEnvelope; error: string }> = [];
  private readonly queues: Queue[] = [];
  private consuming = true;

  constructor(
    private readonly logger: BusLogger,
    private readonly options: { maxAttempts?: number; retryDelayMs?: number } = {},
  ) {}

  /**
   * Resolves once every subscribed queue has handled (or dead-lettered) the events: the outbox
   * marks its rows sent only then, so a process that dies mid-delivery loses nothing.
   */
  async publish(events: EventEnvelope[], headers?: (event: EventEnvelope) => EventHeaders): Promise<void> {
    if (!this.consuming) throw new Error('The in-process bus has stopped');
    const deliveries: Promise<void>[] = [];
    for (const event of events) {
      // A round trip through JSON, as on the wire: no handler may keep a reference to the producer's object.
      const copy = parseEvent(JSON.parse(JSON.stringify(event)));
      const eventHeaders = headers?.(event) ?? {};
      for (const queue of this.queues) {
        if (!queue.subscription.patterns.some((pattern) => matchesRoutingPattern(pattern, event.type))) continue;
        queue.inFlight += 1;
        const delivery = queue.tail
          .then(() => this.deliver(queue, copy, eventHeaders))
          .finally(() => {
            queue.inFlight -= 1;
          });
        // The next message waits for this one whatever its outcome; the publisher sees the outcome.
        queue.tail = delivery.catch(() => undefined);
        deliveries.push(delivery);
      }
    }
    await Promise.all(deliveries);
  }

  async subscribe(subscription: Subscription): Promise<void> {
    this.queues.push({ subscription, tail: Promise.resolve(), inFlight: 0 });
  }

  isConnected(): boolean {
    return true;
  }

  async stopConsuming(): Promise<void> {
    this.consuming = false;
    await Promise.all(this.queues.map((queue) => queue.tail));
  }

  async close(): Promise<void> {
    await this.stopConsuming();
  }

  /** Resolves when every queue has delivered what was published so far (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.queues.some((queue) => queue.inFlight > 0)) {
      await Promise.all(this.queues.map((queue) => queue.tail));
    }
  }

  async deadLetterCount(queue: string): Promise<number> {
    return this.deadLetters.filter((letter) => letter.queue === queue).length;
  }

  private async deliver(queue: Queue, event: ReturnType<typeof parseEvent>, headers: EventHeaders): Promise<void> {
    const maxAttempts = this.options.maxAttempts ?? 5;
    for (let attempt = 1; this.consuming; attempt += 1) {
      try {
        await queue.subscription.handle(event, headers);
        return;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (transientFailure(error)) {
          this.logger.warn({ queue: queue.subscription.queue, eventId: event.id, err: message }, 'transient failure; waiting for recovery');
          await this.waitUntilReady(queue.subscription);
          attempt -= 1;
          continue;
        }
        if (attempt >= maxAttempts) {
          this.logger.error({ queue: queue.subscription.queue, eventId: event.id, type: event.type, err: message }, 'event dead-lettered');
          this.deadLetters.push({ queue: queue.subscription.queue, event, error: message });
          return;
        }
        this.logger.warn({ queue: queue.subscription.queue, eventId: event.id, attempt, err: message }, 'event handler failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, (this.options.retryDelayMs ?? 100) * attempt));
      }
    }
    // Stopped before it was applied: the publish fails, so the outbox keeps the row for the next start.
    throw new Error('The in-process bus stopped before delivering the event');
  }

  private async waitUntilReady(subscription: Subscription): Promise<void> {
    for (let wait = 100; this.consuming; wait = Math.min(2000, wait * 2)) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        await subscription.ready?.();
        return;
      } catch {
        /* still down */
      }
    }
  }
}
