import amqp, { type ConfirmChannel, type GetMessage } from 'amqplib';
import { EVENT_CONSUMERS } from '@garage/contracts';

/** A message in a service's dead-letter queue, as `npm run dlq -- <service> list` shows it. */
export interface DeadLetter {
  id: string;
  type: string;
  /** Why the broker dead-lettered it: `rejected` (unreadable) or `delivery_limit` (kept failing). */
  reason: string;
  deadLetteredAt: string | null;
  bytes: number;
}

/** Headers the broker adds on dead-lettering and redelivery; a replayed message starts afresh without them. */
const BROKER_HEADERS = /^x-(death|first-death-|last-death-|delivery-count)/;

/**
 * The dead-letter queue of one service's queue (`<queue>.dlq`): list what is in it, replay messages
 * to the service's own queue (not the exchange, so other services do not see them again) or drop
 * them. Messages not selected stay where they were.
 */
export class DeadLetters {
  constructor(
    private readonly url: string,
    /** The service's queue, e.g. `garage.sales`. */
    private readonly queue: string,
  ) {}

  async list(): Promise<DeadLetter[]> {
    return this.withMessages(async (_channel, messages) => {
      return { result: messages.map(describe), take: [] };
    });
  }

  /** Sends the selected messages back to the service's queue; returns how many. */
  async replay(select: string | 'all'): Promise<number> {
    return this.withMessages(async (channel, messages) => {
      const chosen = messages.filter((message) => select === 'all' || message.properties.messageId === select);
      for (const message of chosen) {
        const headers = Object.fromEntries(Object.entries(message.properties.headers ?? {}).filter(([key]) => !BROKER_HEADERS.test(key)));
        channel.sendToQueue(this.queue, message.content, {
          persistent: true,
          contentType: message.properties.contentType,
          messageId: message.properties.messageId,
          type: message.properties.type,
          timestamp: message.properties.timestamp,
          headers: { ...headers, 'x-replayed-at': new Date().toISOString() },
        });
      }
      // Only once the broker holds the copies are the originals removed.
      await channel.waitForConfirms();
      return { result: chosen.length, take: chosen };
    });
  }

  /** Removes the selected messages for good; returns how many. */
  async drop(select: string | 'all'): Promise<number> {
    return this.withMessages(async (_channel, messages) => {
      const chosen = messages.filter((message) => select === 'all' || message.properties.messageId === select);
      return { result: chosen.length, take: chosen };
    });
  }

  /**
   * Takes every message of the dead-letter queue in hand (unacknowledged), lets `work` choose which
   * to remove (`take`), acknowledges those and hands the others back in their order.
   */
  private async withMessages<R>(
    work: (channel: ConfirmChannel, messages: GetMessage[]) => Promise<{ result: R; take: GetMessage[] }>,
  ): Promise<R> {
    const connection = await amqp.connect(this.url);
    connection.on('error', () => undefined); // a failed check closes the channel; the promise says why
    try {
      const channel = await connection.createConfirmChannel();
      channel.on('error', () => undefined);
      await channel.checkQueue(`${this.queue}.dlq`).catch(() => {
        throw new Error(`No queue ${this.queue}.dlq on the broker (the service declares it when it first connects)`);
      });
      const messages: GetMessage[] = [];
      for (;;) {
        const message = await channel.get(`${this.queue}.dlq`, { noAck: false });
        if (!message) break;
        messages.push(message);
      }
      try {
        const { result, take } = await work(channel, messages);
        const taken = new Set(take);
        for (const message of messages) {
          if (taken.has(message)) channel.ack(message);
          else channel.nack(message, false, true);
        }
        await channel.close();
        return result;
      } catch (error) {
        // Closing without acknowledging hands every message back.
        await channel.close().catch(() => undefined);
        throw error;
      }
    } finally {
      await connection.close().catch(() => undefined);
    }
  }
}

function describe(message: GetMessage): DeadLetter {
  const headers = message.properties.headers ?? {};
  const deaths = Array.isArray(headers['x-death']) ? (headers['x-death'] as Array<{ reason?: string; time?: { value?: number } }>) : [];
  const seconds = deaths[0]?.time?.value;
  return {
    id: String(message.properties.messageId ?? '(no id)'),
    type: String(message.properties.type ?? '(unknown)'),
    reason: String(headers['x-first-death-reason'] ?? deaths[0]?.reason ?? 'unknown'),
    deadLetteredAt: typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null,
    bytes: message.content.length,
  };
}

const USAGE = 'usage: npm run dlq -- <service> list | replay <id>|--all | drop <id>|--all';

/**
 * `npm run dlq -- <service> list|replay [id|--all]|drop [id|--all]` against `AMQP_URL` and the
 * queues named by `EVENT_QUEUE_PREFIX` (the services' own settings). Returns the exit code.
 */
export async function runDlqCommand(
  args: string[],
  env: Record<string, string | undefined>,
  print: (line: string) => void,
  services: string[] = Object.keys(EVENT_CONSUMERS),
): Promise<number> {
  const [service, command, target] = args;
  if (!service || !command || !services.includes(service)) {
    print(USAGE);
    print(`services with a queue: ${services.join(', ')}`);
    return 2;
  }
  const queue = `${env.EVENT_QUEUE_PREFIX ?? 'garage'}.${service}`;
  const letters = new DeadLetters(env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672', queue);
  if (command === 'list') {
    const list = await letters.list();
    for (const letter of list) {
      print(`${letter.id}  ${letter.type}  ${letter.reason}  ${letter.deadLetteredAt ?? '-'}  ${letter.bytes} bytes`);
    }
    print(`${list.length} dead-lettered in ${queue}.dlq`);
    return 0;
  }
  if ((command === 'replay' || command === 'drop') && target) {
    const select = target === '--all' ? 'all' : target;
    const count = command === 'replay' ? await letters.replay(select) : await letters.drop(select);
    print(`${command === 'replay' ? 'replayed' : 'dropped'} ${count} of ${queue}.dlq`);
    return count === 0 && select !== 'all' ? 1 : 0;
  }
  print(USAGE);
  return 2;
}
