import amqp, { type Channel, type ChannelModel, type ConfirmChannel, type ConsumeMessage } from 'amqplib';
import { parseEvent, type EventEnvelope } from '@garage/contracts';
import type { EventBus, EventHeaders, Subscription } from './event-bus.port.js';
import type { BusLogger } from './logger.js';
import { transientFailure } from './transient-failure.js';

export interface RabbitMqOptions {
  url: string;
  /** The one durable topic exchange every service publishes to. */
  exchange: string;
  /** Messages a consumer may hold unacknowledged at once. */
  prefetch?: number;
  /** Redeliveries before a message goes to the queue's dead-letter queue. */
  deliveryLimit?: number;
  /** Quorum queues where the broker has them (RabbitMQ ≥ 3.8); classic for brokers that do not. */
  queueType?: 'quorum' | 'classic';
  /** The most time between two reconnection attempts. */
  maxReconnectDelayMs?: number;
  /** Queues to declare (with their bindings) on connecting, whether or not this process consumes them. */
  declare?: Array<{ queue: string; patterns: string[] }>;
  /** The most time between two checks of a paused consumer's `ready` (see `holdUntilApplied`). */
  maxRecoveryDelayMs?: number;
}

/** A consumer paused by a transient failure: the messages it holds and the wait for recovery. */
interface Pause {
  held: number;
  recovery: Promise<void> | null;
}

/**
 * RabbitMQ adapter: a durable topic exchange, a durable queue per consuming service with a
 * dead-letter queue, publisher confirms, manual acknowledgement after the handler committed, and
 * reconnection (with the topology and consumers restored) after the broker restarts.
 *
 * A handler failure caused by the message (unreadable, or rejected by the handler) is handed back
 * and counts toward the queue's delivery limit, past which the message is dead-lettered. A
 * transient failure (the database unreachable, a dropped connection, a lost serialization race)
 * says nothing about the message: the consumer is paused and the message kept unacknowledged, in
 * hand, until the subscription's `ready` answers, then applied again. It never goes back to the
 * queue, so the outage does not use up its deliveries.
 */
export class RabbitMqBus implements EventBus {
  private connection: ChannelModel | null = null;
  private publishChannel: ConfirmChannel | null = null;
  private consumeChannel: Channel | null = null;
  private readonly subscriptions: Subscription[] = [];
  private readonly consumerTags = new Map<string, string>();
  private readonly pauses = new Map<string, Pause>();
  private readonly starting = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();
  private consuming = true;
  private closing = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectAttempt = 0;
  private connecting: Promise<void> | null = null;

  constructor(
    private readonly options: RabbitMqOptions,
    private readonly logger: BusLogger,
  ) {}

  /** Connects once; callers that cannot wait for the broker may start without it (see `connectInBackground`). */
  async connect(): Promise<void> {
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  /** Starts without the broker: the outbox keeps events until it is reachable. */
  connectInBackground(): void {
    this.connect().catch((error) => {
      this.logger.warn({ err: String(error) }, 'broker unreachable; retrying in the background');
      this.scheduleReconnect();
    });
  }

  isConnected(): boolean {
    return this.publishChannel !== null && this.consumeChannel !== null;
  }

  async publish(events: EventEnvelope[], headers?: (event: EventEnvelope) => EventHeaders): Promise<void> {
    const channel = this.publishChannel;
    if (!channel) throw new Error('Not connected to the broker');
    for (const event of events) {
      channel.publish(this.options.exchange, event.type, Buffer.from(JSON.stringify(event)), {
        persistent: true,
        contentType: 'application/json',
        messageId: event.id,
        type: event.type,
        timestamp: Math.floor(Date.parse(event.occurredAt) / 1000),
        headers: headers?.(event) ?? {},
      });
    }
    await channel.waitForConfirms();
  }

  async subscribe(subscription: Subscription): Promise<void> {
    this.subscriptions.push(subscription);
    if (this.consumeChannel) await this.startConsumer(this.consumeChannel, subscription);
  }

  async stopConsuming(): Promise<void> {
    this.consuming = false;
    const channel = this.consumeChannel;
    if (channel) {
      for (const tag of this.consumerTags.values()) await channel.cancel(tag).catch(() => undefined);
    }
    this.consumerTags.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.stopConsuming();
    await this.connection?.close().catch(() => undefined);
    this.connection = null;
    this.publishChannel = null;
    this.consumeChannel = null;
  }

  /** Removes the queues of these subscriptions and their dead-letter queues (tests clean up with it). */
  async deleteQueues(queues: string[]): Promise<void> {
    const channel = this.consumeChannel;
    if (!channel) return;
    for (const queue of queues) {
      await channel.deleteQueue(queue).catch(() => undefined);
      await channel.deleteQueue(`${queue}.dlq`).catch(() => undefined);
    }
  }

  private async open(): Promise<void> {
    const connection = await amqp.connect(this.options.url, { clientProperties: { connection_name: this.options.exchange } });
    connection.on('error', (error) => this.logger.warn({ err: String(error) }, 'broker connection error'));
    connection.on('close', () => {
      this.publishChannel = null;
      this.consumeChannel = null;
      this.connection = null;
      this.consumerTags.clear();
      if (!this.closing) {
        this.logger.warn({}, 'broker connection closed; reconnecting');
        this.scheduleReconnect();
      }
    });
    try {
      const publishChannel = await connection.createConfirmChannel();
      const consumeChannel = await connection.createChannel();
      publishChannel.on('error', (error) => this.logger.warn({ err: String(error) }, 'publish channel error'));
      consumeChannel.on('error', (error) => this.logger.warn({ err: String(error) }, 'consume channel error'));
      // A channel the broker closed on its own (a consumer held a message past the broker's
      // consumer timeout, an operation it refused) leaves the connection up but useless: start over.
      for (const channel of [publishChannel, consumeChannel]) {
        channel.on('close', () => {
          if (!this.closing && this.connection === connection) void connection.close().catch(() => undefined);
        });
      }
      await publishChannel.assertExchange(this.options.exchange, 'topic', { durable: true });
      await consumeChannel.prefetch(this.options.prefetch ?? 16);
      for (const queue of this.options.declare ?? []) await this.declareQueue(consumeChannel, queue.queue, queue.patterns);
      this.connection = connection;
      this.publishChannel = publishChannel;
      this.consumeChannel = consumeChannel;
      for (const subscription of this.subscriptions) {
        // A paused consumer resumes when its held messages are done (they end with the old channel).
        if (this.pauses.has(subscription.queue)) await this.declareQueue(consumeChannel, subscription.queue, subscription.patterns);
        else await this.startConsumer(consumeChannel, subscription);
      }
      this.reconnectAttempt = 0;
      this.logger.info({ exchange: this.options.exchange }, 'connected to the broker');
    } catch (error) {
      await connection.close().catch(() => undefined);
      throw error;
    }
  }

  private scheduleReconnect(): void {
    if (this.closing || this.reconnectTimer) return;
    const delay = Math.min(this.options.maxReconnectDelayMs ?? 5000, 200 * 2 ** this.reconnectAttempt);
    this.reconnectAttempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().catch((error) => {
        this.logger.warn({ err: String(error), attempt: this.reconnectAttempt }, 'reconnection failed');
        this.scheduleReconnect();
      });
    }, delay);
  }

  /** Connects, waiting at most `timeoutMs`; past that, keeps trying in the background. */
  async connectWithin(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const attempt = this.connect();
    const outcome = await Promise.race([
      attempt.then(
        () => 'connected' as const,
        () => 'failed' as const,
      ),
      new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs))),
    ]);
    clearTimeout(timer);
    if (outcome === 'failed') {
      this.logger.warn({}, 'broker unreachable; retrying in the background');
      this.scheduleReconnect();
    } else if (outcome === 'timeout') {
      attempt.catch(() => this.scheduleReconnect());
    }
  }

  private async startConsumer(channel: Channel, subscription: Subscription): Promise<void> {
    await this.declareQueue(channel, subscription.queue, subscription.patterns);
    await this.consume(channel, subscription);
  }

  private async consume(channel: Channel, subscription: Subscription): Promise<void> {
    const { queue } = subscription;
    // One consumer per queue: a resume and a reconnection may both get here.
    if (!this.consuming || this.closing || this.consumerTags.has(queue) || this.starting.has(queue)) return;
    this.starting.add(queue);
    try {
      const { consumerTag } = await channel.consume(queue, (message) => {
        if (!message) return; // the broker cancelled the consumer; the reconnect restores it
        const work = this.handleMessage(channel, subscription, message);
        this.inFlight.add(work);
        void work.finally(() => this.inFlight.delete(work));
      });
      this.consumerTags.set(queue, consumerTag);
      // Paused while it was starting (a message it got failed transiently): pause it now.
      if (this.pauses.has(queue)) {
        this.consumerTags.delete(queue);
        await channel.cancel(consumerTag).catch(() => undefined);
      }
    } finally {
      this.starting.delete(queue);
    }
  }

  private async declareQueue(channel: Channel, queue: string, patterns: string[]): Promise<void> {
    const deadLetterExchange = `${this.options.exchange}.dlx`;
    await channel.assertExchange(deadLetterExchange, 'direct', { durable: true });
    await channel.assertQueue(`${queue}.dlq`, { durable: true });
    await channel.bindQueue(`${queue}.dlq`, deadLetterExchange, queue);
    const quorum = (this.options.queueType ?? 'quorum') === 'quorum';
    await channel.assertQueue(queue, {
      durable: true,
      arguments: {
        'x-dead-letter-exchange': deadLetterExchange,
        'x-dead-letter-routing-key': queue,
        ...(quorum ? { 'x-queue-type': 'quorum', 'x-delivery-limit': this.options.deliveryLimit ?? 5 } : {}),
      },
    });
    for (const pattern of patterns) await channel.bindQueue(queue, this.options.exchange, pattern);
  }

  private async handleMessage(channel: Channel, subscription: Subscription, message: ConsumeMessage): Promise<void> {
    let event;
    try {
      event = parseEvent(JSON.parse(message.content.toString('utf8')));
    } catch (error) {
      // A message that can never be read goes straight to the dead-letter queue.
      this.logger.error({ queue: subscription.queue, err: String(error) }, 'unreadable message dead-lettered');
      safely(() => channel.nack(message, false, false));
      return;
    }
    const headers = headersOf(message);
    try {
      await subscription.handle(event, headers);
      safely(() => channel.ack(message));
    } catch (error) {
      if (transientFailure(error)) {
        await this.holdUntilApplied(channel, subscription, message, error);
        return;
      }
      await this.handBack(channel, subscription, message, error);
    }
  }

  /**
   * A failure that counts against the message: back off, so a failing handler does not spin, then
   * hand it back; the queue's delivery limit moves it to the dead-letter queue when it keeps failing.
   */
  private async handBack(channel: Channel, subscription: Subscription, message: ConsumeMessage, error: unknown): Promise<void> {
    const redelivered = message.fields.redelivered;
    this.logger.warn(
      { queue: subscription.queue, eventId: message.properties.messageId, type: message.properties.type, redelivered, err: String(error) },
      'event handler failed',
    );
    await delay(redelivered ? 1000 : 200);
    safely(() => channel.nack(message, false, true));
  }

  /**
   * A transient failure: pause the consumer (no more deliveries while the service cannot apply
   * them), keep the message in hand and apply it again once `ready` answers. The message is
   * acknowledged when applied; if the connection drops meanwhile, the broker redelivers it.
   */
  private async holdUntilApplied(channel: Channel, subscription: Subscription, message: ConsumeMessage, first: unknown): Promise<void> {
    const { queue } = subscription;
    const pause = this.pauses.get(queue) ?? { held: 0, recovery: null };
    this.pauses.set(queue, pause);
    pause.held += 1;
    if (pause.held === 1) {
      this.logger.warn({ queue, err: String(first) }, 'consumer paused: transient failure; waiting for the service to recover');
    }
    const tag = this.consumerTags.get(queue);
    if (tag) {
      this.consumerTags.delete(queue);
      await channel.cancel(tag).catch(() => undefined);
    }
    try {
      for (;;) {
        pause.recovery ??= this.waitUntilReady(channel, subscription).finally(() => (pause.recovery = null));
        await pause.recovery;
        // Stopping, or the channel is gone (the broker requeued the message): let go of it.
        if (!this.consuming || this.closing || channel !== this.consumeChannel) return;
        const event = parseEvent(JSON.parse(message.content.toString('utf8')));
        try {
          await subscription.handle(event, headersOf(message));
          safely(() => channel.ack(message));
          return;
        } catch (error) {
          if (!transientFailure(error)) {
            await this.handBack(channel, subscription, message, error);
            return;
          }
        }
      }
    } finally {
      pause.held -= 1;
      if (pause.held === 0) {
        this.pauses.delete(queue);
        const current = this.consumeChannel;
        if (current) {
          this.logger.info({ queue }, 'consumer resumed');
          await this.consume(current, subscription).catch((error) =>
            this.logger.warn({ queue, err: String(error) }, 'resuming the consumer failed; the reconnection restores it'),
          );
        }
      }
    }
  }

  /** Resolves once `subscription.ready` answers (or the bus stops, or the channel is gone). */
  private async waitUntilReady(channel: Channel, subscription: Subscription): Promise<void> {
    const maxDelay = this.options.maxRecoveryDelayMs ?? 2000;
    for (let wait = 100; ; wait = Math.min(maxDelay, wait * 2)) {
      await delay(wait);
      if (!this.consuming || this.closing || channel !== this.consumeChannel) return;
      try {
        await subscription.ready?.();
        return;
      } catch {
        /* still down */
      }
    }
  }

  /** Messages in the dead-letter queue of `queue`, read on a channel of its own (a failed check closes it). */
  async deadLetterCount(queue: string): Promise<number | null> {
    const connection = this.connection;
    if (!connection) return null;
    const channel = await connection.createChannel().catch(() => null);
    if (!channel) return null;
    channel.on('error', () => undefined);
    try {
      const { messageCount } = await channel.checkQueue(`${queue}.dlq`);
      return messageCount;
    } catch {
      return null;
    } finally {
      await channel.close().catch(() => undefined);
    }
  }
}

function headersOf(message: ConsumeMessage): EventHeaders {
  const headers: EventHeaders = {};
  for (const [key, value] of Object.entries(message.properties.headers ?? {})) {
    if (typeof value === 'string') headers[key] = value;
  }
  return headers;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Acknowledging on a channel that closed meanwhile throws; the broker redelivers anyway. */
function safely(action: () => void): void {
  try {
    action();
  } catch {
    /* the channel is gone: the message will be redelivered */
  }
}
