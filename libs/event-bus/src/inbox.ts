import type { DataSource, EntityManager } from 'typeorm';
import { matchesRoutingPattern, type AnyEvent, type EventType } from '@garage/contracts';
import type { EventBus, EventHeaders, Subscription } from './event-bus.port.js';
import { currentTraceHeaders, inConsumerSpan, type EventBusObserver } from './observer.js';
import { collector, recordEvents, type Emit } from './outbox.js';

/**
 * A named, idempotent consumer of some event types. `id` is stable across releases: the inbox
 * remembers which messages each handler applied.
 */
export interface EventHandler {
  id: string;
  events: EventType[];
  /**
   * Applies the event inside the transaction that also records it in the inbox. Events it emits
   * are written to the service's outbox in that same transaction.
   */
  handle(event: AnyEvent, manager: EntityManager, headers: EventHeaders, emit: Emit): Promise<void>;
}

export interface InboxOptions {
  /**
   * How long each delivery waits before it is handled (EVENT_DELIVERY_DELAY_MS): a slow broker or
   * consumer on demand, for tests that must hold with projections lagging. 0 in production.
   */
  deliveryDelayMs?: number;
}

/**
 * The inbox: each (handler, message id) is recorded in the same transaction as the handler's
 * effect, so a redelivered message changes nothing.
 */
export class Inbox {
  constructor(
    private readonly dataSource: DataSource,
    private readonly observer: EventBusObserver = {},
    /** Called after a handler's transaction that emitted events has committed (wakes the relay). */
    private readonly onEmitted: () => void = () => undefined,
    private readonly options: InboxOptions = {},
  ) {}

  /** Runs `handler` for `event` unless it already ran; returns whether it ran. */
  async apply(handler: EventHandler, event: AnyEvent, headers: EventHeaders = {}): Promise<boolean> {
    let emitted = false;
    const applied = await this.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO inbox (handler, message_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`,
        [handler.id, event.id],
      );
      if (inserted.length === 0) return false;
      const { emit, pending } = collector();
      await handler.handle(event, manager, headers, emit);
      if (pending.length > 0) {
        await recordEvents(manager, pending, currentTraceHeaders());
        emitted = true;
      }
      return true;
    });
    if (emitted) this.onEmitted();
    return applied;
  }

  /** Subscribes the service's queue to what its handlers need, and routes each message to them. */
  async subscribe(bus: EventBus, queue: string, handlers: EventHandler[]): Promise<Subscription> {
    const patterns = [...new Set(handlers.flatMap((handler) => handler.events))];
    const subscription: Subscription = {
      queue,
      patterns,
      handle: (event, headers) =>
        inConsumerSpan(queue, event, headers, async () => {
          const delayMs = this.options.deliveryDelayMs ?? 0;
          if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
          const lagSeconds = Math.max(0, (Date.now() - Date.parse(event.occurredAt)) / 1000);
          let applied = false;
          try {
            for (const handler of handlers) {
              if (handler.events.some((pattern) => matchesRoutingPattern(pattern, event.type))) {
                applied = (await this.apply(handler, event, headers)) || applied;
              }
            }
          } catch (error) {
            this.observer.consumed?.(event, 'failed', lagSeconds);
            throw error;
          }
          this.observer.consumed?.(event, applied ? 'applied' : 'duplicate', lagSeconds);
        }),
      // After a transient failure the bus waits for the database to answer before trying again.
      ready: () => this.dataSource.query('SELECT 1'),
    };
    if (patterns.length > 0) await bus.subscribe(subscription);
    return subscription;
  }
}
