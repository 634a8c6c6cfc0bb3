import { applyDecorators, Catch, UseFilters, type RpcExceptionFilter } from '@nestjs/common';
import { BaseRpcContext, EventPattern, Server, type CustomTransportStrategy, type MessageHandler } from '@nestjs/microservices';
import { lastValueFrom, throwError, type Observable } from 'rxjs';
import type { EntityManager } from 'typeorm';
import { matchesRoutingPattern, type AnyEvent, type EventType } from '@garage/contracts';
import type { Emit, EventBus, EventHandler, EventHeaders, Inbox } from '@garage/event-bus';

/** Where `@InboxHandler` keeps the stable handler id among the pattern's extras. */
const INBOX_ID = 'inboxId';

/**
 * What an inbox handler gets besides the event (`@Ctx()`): the transaction that also records the
 * message in the inbox, the message headers, and `emit`, which records events in the outbox of
 * that same transaction.
 */
export class InboxContext extends BaseRpcContext<[EntityManager, EventHeaders, Emit]> {
  get manager(): EntityManager {
    return this.args[0];
  }
  get headers(): EventHeaders {
    return this.args[1];
  }
  get emit(): Emit {
    return this.args[2];
  }

  /**
   * Narrows what `@Ctx()` injected. Handlers type that parameter `unknown` (a typed `@EventPattern`
   * rejects a narrower one) and call this.
   */
  static of(context: unknown): InboxContext {
    if (!(context instanceof InboxContext)) throw new Error('Not called by the inbox transport');
    return context;
  }
}

/**
 * Hands a handler's failure, unchanged, back to the inbox transport. Nest's default RPC filter
 * would log it and replace it with a generic `{ status: 'error' }`: the bus could then no longer
 * tell a lost database (pause and retry) from a message that can never apply (dead-letter).
 */
@Catch()
class PropagateToBus implements RpcExceptionFilter {
  catch(exception: unknown): Observable<never> {
    return throwError(() => exception);
  }
}

/**
 * Marks a controller method as an inbox handler of `events`: `@EventPattern(events)` carrying
 * `id`, the name under which the inbox records the messages this handler applied. The id must
 * never change once released, or redelivered messages would apply again.
 */
export function InboxHandler(id: string, events: EventType[]): MethodDecorator {
  return applyDecorators(EventPattern(events, { [INBOX_ID]: id }), UseFilters(new PropagateToBus()));
}

export interface InboxTransportOptions {
  inbox: Inbox;
  bus: EventBus;
  /** The service's durable queue. */
  queue: string;
  /** The service name, for messages. */
  service: string;
  /** What the contract lets the service consume (`EVENT_CONSUMERS`); undefined lets anything through. */
  declared?: readonly string[];
}

interface Registration {
  events: string[];
  callback: MessageHandler;
}

/**
 * The Nest transport of our events: `@EventPattern` handlers (declared with `@InboxHandler`) are
 * subscribed on the service's queue of the event bus and each message is applied through the
 * inbox, so a handler runs once per message in the transaction that records it, and its emitted
 * events reach the outbox in that transaction. A handler's failure leaves the message
 * unacknowledged for the bus to retry or dead-letter.
 */
export class InboxTransport extends Server implements CustomTransportStrategy {
  // Nest must not swallow (and log) an event handler's failure: the bus decides what it means.
  override readonly propagatesEventHandlerErrors = true;
  private readonly registrations = new Map<string, Registration>();
  private readonly extrasSeen = new Map<string, unknown>();

  constructor(private readonly options: InboxTransportOptions) {
    super();
  }

  /**
   * Nest calls this once per pattern of each handler method. Handlers are kept here by inbox id
   * rather than chained per pattern as the base class does: each runs in its own transaction.
   */
  override addHandler(pattern: unknown, callback: MessageHandler, isEventHandler = false, extras: Record<string, unknown> = {}): void {
    const id = extras[INBOX_ID];
    if (!isEventHandler)
      throw new Error(`${this.options.service}: events have no reply; use @InboxHandler, not @MessagePattern (${String(pattern)})`);
    if (typeof id !== 'string' || id === '') {
      throw new Error(
        `${this.options.service}: the handler of ${String(pattern)} has no inbox id; declare it with @InboxHandler(id, events)`,
      );
    }
    // One method's patterns share one extras object; another method under the same id is a mistake.
    if (this.extrasSeen.has(id) && this.extrasSeen.get(id) !== extras) throw new Error(`Two event handlers share the inbox id ${id}`);
    this.extrasSeen.set(id, extras);
    const registration = this.registrations.get(id) ?? { events: [], callback };
    registration.events.push(String(pattern));
    this.registrations.set(id, registration);
  }

  /** The registered handlers as the inbox runs them. */
  handlers(): EventHandler[] {
    return [...this.registrations].map(([id, { events, callback }]) => ({
      id,
      events: events as EventType[],
      handle: async (event: AnyEvent, manager: EntityManager, headers: EventHeaders, emit: Emit) => {
        const result = await callback(event, new InboxContext([manager, headers, emit]));
        await lastValueFrom(this.transformToObservable(result), { defaultValue: undefined });
      },
    }));
  }

  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      const handlers = this.handlers();
      const { declared, service, inbox, bus, queue } = this.options;
      for (const handler of handlers) {
        const undeclared = handler.events.filter((pattern) => declared && !declared.some((key) => matchesRoutingPattern(pattern, key)));
        if (undeclared.length > 0) {
          throw new Error(
            `Handler ${handler.id} consumes ${undeclared.join(', ')}, which EVENT_CONSUMERS.${service} (libs/contracts) does not list`,
          );
        }
      }
      await inbox.subscribe(bus, queue, handlers);
      callback();
    } catch (error) {
      callback(error);
    }
  }

  /** Consumption is stopped by `startService`'s close, which owns the order (consumers, outbox, bus). */
  close(): void {}

  on(): never {
    throw new Error('The inbox transport has no events to listen to');
  }

  unwrap<T>(): T {
    return this.options.bus as T;
  }
}
