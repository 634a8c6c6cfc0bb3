import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import type { AnyEvent, EventData, EventEnvelope, EventType } from '@garage/contracts';
import { RabbitMqBus } from '@garage/event-bus';
import { silentLogger, waitFor } from './wait.js';

/** An event as its owning service would publish it (a fresh id unless one is given). */
export function testEvent<T extends EventType>(type: T, version: number, data: EventData<T>, id: string = randomUUID()): EventEnvelope<T> {
  return { id, type, occurredAt: new Date().toISOString(), version, data } as EventEnvelope<T>;
}

/**
 * A test's own connection to a test environment's exchange: it publishes events as other services
 * would, and collects in `received` what the services under test publish of the `listen` kinds.
 */
export interface TestBus {
  readonly received: AnyEvent[];
  publish<T extends EventType>(type: T, version: number, data: EventData<T>, id?: string): Promise<EventEnvelope<T>>;
  /** Publishes events built elsewhere (a redelivery, a malformed one). */
  publishEnvelopes(events: EventEnvelope[]): Promise<void>;
  /** Deletes the listening queue and closes the connection. */
  close(): Promise<void>;
}

/** Connects a TestBus to the exchange of `env` (see serviceTestEnv); listens on `${EVENT_QUEUE_PREFIX}.test`. */
export async function testBus(env: Record<string, string>, { listen = [] }: { listen?: string[] } = {}): Promise<TestBus> {
  const bus = new RabbitMqBus({ url: env.AMQP_URL!, exchange: env.EVENT_EXCHANGE! }, silentLogger());
  await bus.connect();
  const received: AnyEvent[] = [];
  const queue = listen.length ? `${env.EVENT_QUEUE_PREFIX}.test` : null;
  if (queue) await bus.subscribe({ queue, patterns: listen, handle: async (event) => void received.push(event) });
  return {
    received,
    publish: async (type, version, data, id) => {
      const event = testEvent(type, version, data, id);
      await bus.publish([event as EventEnvelope]);
      return event;
    },
    publishEnvelopes: (events) => bus.publish(events),
    close: async () => {
      if (queue) await bus.deleteQueues([queue]);
      await bus.close();
    },
  };
}

/**
 * Resolves once `queue` exists and has a consumer, so events published from now on reach it (an
 * exchange drops what no queue is bound for yet).
 */
export async function queueConsumed(amqpUrl: string, queue: string, timeoutMs = 10_000): Promise<void> {
  const connection = await amqp.connect(amqpUrl);
  try {
    await waitFor(
      async () => {
        const channel = await connection.createChannel();
        channel.on('error', () => undefined);
        try {
          return (await channel.checkQueue(queue)).consumerCount > 0;
        } finally {
          await channel.close().catch(() => undefined);
        }
      },
      timeoutMs,
      `a consumer on ${queue}`,
    );
  } finally {
    await connection.close();
  }
}

/** Waits until the queue of `service` in the test environment `env` is consumed (see queueConsumed). */
export function serviceQueueReady(env: Record<string, string>, service: string): Promise<void> {
  return queueConsumed(env.AMQP_URL!, `${env.EVENT_QUEUE_PREFIX}.${service}`);
}
