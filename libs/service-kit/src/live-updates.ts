import { Redis } from 'ioredis';
import type { LiveBroadcast, LiveUpdate, LiveUpdateEnvelope } from '@garage/contracts';

/** Updates kept per member for a dropped stream to resume from (`Last-Event-ID`). */
export const KEPT_UPDATES = 200;
/** A member's kept updates go this long after their last one. */
const KEEP_SECONDS = 24 * 3600;

type Listener = (envelope: LiveUpdateEnvelope) => void;
type EveryoneListener = (broadcast: LiveBroadcast) => void;

/**
 * The live updates of `GET /api/updates` (decision 0211): whoever learns of a change writes it once
 * (`publish`), to the member's stream of recent updates and as a notice every gateway replica hears
 * (`subscribe`); a replica writes it to its own tabs of that member, and a tab that reconnects
 * reads what it missed (`since`). Redis in the stack and production (a per-member stream and a
 * pub/sub channel); one process's memory in standalone, where the services and the gateway share
 * the process, chosen like the rate limits (`RATE_LIMIT_STORE`). A public fact goes to every open
 * stream instead (`broadcast`, decision 0276): heard by every replica, kept nowhere.
 */
export interface LiveUpdates {
  /** Writes one update for `userId`; its id (the member's stream position). */
  publish(userId: number, update: LiveUpdate): Promise<string>;
  /** Tells every replica's open streams, all of them, of `update` once, keeping nothing. */
  broadcast(update: LiveBroadcast['update']): Promise<void>;
  /** Hears every update written from now on, by any process, and every broadcast (`everyone`). */
  subscribe(listener: Listener, everyone?: EveryoneListener): Promise<void>;
  /** The member's kept updates after `after` (the newest KEPT_UPDATES at most), oldest first; none when `after` is not an id. */
  since(userId: number, after: string): Promise<LiveUpdateEnvelope[]>;
  close(): Promise<void>;
}

const ID = /^(\d+)-(\d+)$/;

/** Whether stream id `a` comes after `b` (both `<ms>-<seq>`). */
export function laterId(a: string, b: string): boolean {
  const [, aMs, aSeq] = ID.exec(a) ?? [];
  const [, bMs, bSeq] = ID.exec(b) ?? [];
  if (aMs === undefined || bMs === undefined) return false;
  return Number(aMs) !== Number(bMs) ? Number(aMs) > Number(bMs) : Number(aSeq) > Number(bSeq);
}

/** The members' streams and listeners of one prefix, shared by everything in the process. */
class Hub {
  readonly listeners = new Set<Listener>();
  readonly everyone = new Set<EveryoneListener>();
  readonly streams = new Map<number, { updates: LiveUpdateEnvelope[]; until: number }>();
  private lastMs = 0;
  private seq = 0;

  nextId(): string {
    const now = Date.now();
    if (now > this.lastMs) {
      this.lastMs = now;
      this.seq = 0;
    } else this.seq += 1;
    return `${this.lastMs}-${this.seq}`;
  }
}
const hubs = new Map<string, Hub>();

export class MemoryLiveUpdates implements LiveUpdates {
  private readonly hub: Hub;
  private readonly own = new Set<Listener>();
  private readonly ownEveryone = new Set<EveryoneListener>();

  constructor(prefix: string) {
    this.hub = hubs.get(prefix) ?? new Hub();
    hubs.set(prefix, this.hub);
  }

  async publish(userId: number, update: LiveUpdate): Promise<string> {
    const envelope: LiveUpdateEnvelope = { userId, id: this.hub.nextId(), update };
    const now = Date.now();
    if (this.hub.streams.size > 10_000) for (const [key, stream] of this.hub.streams) if (stream.until < now) this.hub.streams.delete(key);
    const stream = this.hub.streams.get(userId) ?? { updates: [], until: 0 };
    stream.updates.push(envelope);
    if (stream.updates.length > KEPT_UPDATES) stream.updates.shift();
    stream.until = now + KEEP_SECONDS * 1000;
    this.hub.streams.set(userId, stream);
    // Heard after the writer's turn, as a notice from Redis would be.
    for (const listener of this.hub.listeners) queueMicrotask(() => listener(envelope));
    return envelope.id;
  }

  async broadcast(update: LiveBroadcast['update']): Promise<void> {
    const broadcast: LiveBroadcast = { everyone: true, update };
    for (const listener of this.hub.everyone) queueMicrotask(() => listener(broadcast));
  }

  async subscribe(listener: Listener, everyone?: EveryoneListener): Promise<void> {
    this.own.add(listener);
    this.hub.listeners.add(listener);
    if (!everyone) return;
    this.ownEveryone.add(everyone);
    this.hub.everyone.add(everyone);
  }

  async since(userId: number, after: string): Promise<LiveUpdateEnvelope[]> {
    if (!ID.test(after)) return [];
    return (this.hub.streams.get(userId)?.updates ?? []).filter((envelope) => laterId(envelope.id, after));
  }

  async close(): Promise<void> {
    for (const listener of this.own) this.hub.listeners.delete(listener);
    for (const listener of this.ownEveryone) this.hub.everyone.delete(listener);
    this.own.clear();
    this.ownEveryone.clear();
  }
}

/** Adds to the member's stream (trimmed, kept a day) and tells every replica, in one round trip. */
const PUBLISH = `
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'u', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('PUBLISH', ARGV[4], '{"userId":' .. ARGV[5] .. ',"id":"' .. id .. '","update":' .. ARGV[2] .. '}')
return id`;

export class RedisLiveUpdates implements LiveUpdates {
  private readonly redis: Redis;
  private subscriber: Redis | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly everyoneListeners = new Set<EveryoneListener>();
  private readonly channel: string;
  private readonly everyone: string;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.redis.on('error', () => undefined); // reported through failed commands; reconnects by itself
    this.channel = `${prefix}updates`;
    this.everyone = `${prefix}everyone`;
  }

  private key(userId: number): string {
    return `${this.prefix}updates:${userId}`;
  }

  async publish(userId: number, update: LiveUpdate): Promise<string> {
    const id = await this.redis.eval(
      PUBLISH,
      1,
      this.key(userId),
      String(KEPT_UPDATES),
      JSON.stringify(update),
      String(KEEP_SECONDS),
      this.channel,
      String(Math.trunc(userId)),
    );
    return String(id);
  }

  async broadcast(update: LiveBroadcast['update']): Promise<void> {
    await this.redis.publish(this.everyone, JSON.stringify({ everyone: true, update } satisfies LiveBroadcast));
  }

  async subscribe(listener: Listener, everyone?: EveryoneListener): Promise<void> {
    this.listeners.add(listener);
    if (everyone) this.everyoneListeners.add(everyone);
    if (this.subscriber) return;
    // A connection in subscriber mode takes no other commands: one of its own, resubscribed on
    // reconnect. Its SUBSCRIBE waits for Redis however long it is away, rather than failing.
    this.subscriber = this.redis.duplicate({ maxRetriesPerRequest: null });
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (channel: string, text: string) => {
      let heard: unknown;
      try {
        heard = JSON.parse(text);
      } catch {
        return;
      }
      if (channel === this.everyone) for (const each of this.everyoneListeners) each(heard as LiveBroadcast);
      else for (const each of this.listeners) each(heard as LiveUpdateEnvelope);
    });
    await this.subscriber.subscribe(this.channel, this.everyone);
  }

  async since(userId: number, after: string): Promise<LiveUpdateEnvelope[]> {
    if (!ID.test(after)) return [];
    // The newest ones when more were written since (approximate trimming keeps a few more).
    const entries = (await this.redis.xrevrange(this.key(userId), '+', `(${after}`, 'COUNT', KEPT_UPDATES)).reverse();
    return entries.flatMap(([id, fields]) => {
      const at = fields.indexOf('u');
      try {
        return [{ userId, id, update: JSON.parse(fields[at + 1] ?? '') as LiveUpdate }];
      } catch {
        return [];
      }
    });
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.everyoneListeners.clear();
    // Not QUIT: with Redis away it would wait for it (this connection never gives a command up).
    this.subscriber?.disconnect();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** The store the config chooses, as the rate limits choose theirs (`RATE_LIMIT_STORE`, `REDIS_URL`). */
export function liveUpdatesFrom(
  config: { RATE_LIMIT_STORE: 'redis' | 'memory'; REDIS_URL?: string | undefined; EVENT_QUEUE_PREFIX: string },
  defaultRedisUrl: string,
): LiveUpdates {
  const prefix = `${config.EVENT_QUEUE_PREFIX}:live:`;
  return config.RATE_LIMIT_STORE === 'redis'
    ? new RedisLiveUpdates(config.REDIS_URL ?? defaultRedisUrl, prefix)
    : new MemoryLiveUpdates(prefix);
}
