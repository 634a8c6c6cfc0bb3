import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import { addDays, usToday, type AnyEvent, type EventData, type EventEnvelope, type EventType, type UserSnapshot } from '@garage/contracts';
import { RabbitMqBus } from '@garage/event-bus';
import { developmentKeys, TokenSigner } from '@garage/service-kit';
import { silentLogger, waitFor } from '@garage/testing';

/** The calendar day `days` after the server's "today" (UTC-10), as the sale rules see it. */
export function dayFromToday(days: number): string {
  return addDays(usToday(new Date()), days);
}

/** A valid sale form (Beverly Hills, 90210), starting in a week. */
export function saleForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Moving sale',
    description: 'Furniture and books',
    address: '1 Main St',
    city: 'Beverly Hills',
    state: 'CA',
    zipCode: '90210',
    startDate: dayFromToday(7),
    endDate: dayFromToday(8),
    startTime: '08:00',
    endTime: '16:00',
    ...overrides,
  };
}

/** Tokens signed with the development key pair the service under test verifies with. */
export async function tokenSigner(dataDir: string): Promise<(userId: number) => Promise<string>> {
  const signer = await TokenSigner.fromPem(developmentKeys(dataDir).privateKey, 3600);
  return (userId) => signer.sign({ userId, email: `user${userId}@example.com` });
}

/**
 * A bus of the test's own: it publishes events as other services would and records what the
 * service under test publishes.
 */
export async function testBus(env: Record<string, string>, patterns: string[] = ['sale.*']) {
  const bus = new RabbitMqBus({ url: env.AMQP_URL!, exchange: env.EVENT_EXCHANGE! }, silentLogger());
  await bus.connect();
  const received: AnyEvent[] = [];
  await bus.subscribe({ queue: `${env.EVENT_QUEUE_PREFIX}.test`, patterns, handle: async (event) => void received.push(event) });
  const publish = async <T extends EventType>(type: T, version: number, data: EventData<T>, id: string = randomUUID()) => {
    const event = { id, type, occurredAt: new Date().toISOString(), version, data } as EventEnvelope<T>;
    await bus.publish([event as EventEnvelope]);
    return event;
  };
  return { bus, received, publish };
}

/**
 * Resolves once the service's queue is bound and consumed, so events published from now on reach
 * it (an exchange drops what no queue is bound for yet).
 */
export async function serviceQueueReady(env: Record<string, string>, service = 'sales'): Promise<void> {
  const connection = await amqp.connect(env.AMQP_URL!);
  try {
    await waitFor(
      async () => {
        const channel = await connection.createChannel();
        channel.on('error', () => undefined);
        try {
          const queue = await channel.checkQueue(`${env.EVENT_QUEUE_PREFIX}.${service}`);
          return queue.consumerCount > 0;
        } finally {
          await channel.close().catch(() => undefined);
        }
      },
      10_000,
      `the ${service} queue`,
    );
  } finally {
    await connection.close();
  }
}

export function userSnapshot(id: number, overrides: Partial<UserSnapshot> = {}): UserSnapshot {
  return {
    id,
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: '555-0100',
    rating: 4.5,
    ratingCount: 2,
    premiumExpiresAt: null,
    ...overrides,
  };
}
