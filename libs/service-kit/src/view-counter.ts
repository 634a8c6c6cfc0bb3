import { createHmac, randomBytes } from 'node:crypto';
import { HttpStatus } from '@nestjs/common';
import { Redis } from 'ioredis';
import { UNAVAILABLE } from './error.filter.js';
import { ApiError } from './errors.js';

/** How long counts are kept after their last view: a year and a bit, so last year's sale still reads. */
const KEEP_SECONDS = 400 * 24 * 3600;
/** A day's salt outlives its day by one, for replicas whose clocks or zones straddle midnight. */
const SALT_SECONDS = 2 * 24 * 3600;

/** What one scope (a sale) was seen: views per day and subject, distinct viewers per day. */
export interface ViewCounts {
  views: Array<{ day: string; subject: string; count: number }>;
  /** Distinct viewers of the scope each day (approximate in Redis: a HyperLogLog, ~0.8 % error). */
  viewers: Record<string, number>;
}

/**
 * Views of what a service serves, counted per scope (a sale), subject (the sale, or one of its
 * items) and day, with each day's distinct viewers, without keeping who viewed: a viewer is given as
 * a token (`viewerToken`, an HMAC under the day's random salt) and only ever added to a
 * HyperLogLog, which keeps no element. Redis in the stack and production, shared by every replica
 * and kept across restarts; memory in standalone (lost on a restart), chosen like the rate limits.
 */
export interface ViewCounter {
  /** One view; `viewer` joins the day's distinct viewers of the scope. */
  view(scope: string, subject: string, day: string, viewer?: string): Promise<void>;
  read(scope: string): Promise<ViewCounts>;
  /** The day's random salt, the same for every replica; forgotten a day after. */
  salt(day: string): Promise<Buffer>;
  close(): Promise<void>;
}

/** Who viewed, as a token that cannot be turned back into a member or an address without the day's salt. */
export function viewerToken(salt: Buffer, identity: string): string {
  return createHmac('sha256', salt).update(identity).digest('base64url').slice(0, 22);
}

const field = (day: string, subject: string) => `${day}|${subject}`;

function countsOf(fields: Record<string, string | number>): ViewCounts['views'] {
  return Object.entries(fields).map(([key, count]) => {
    const [day, subject] = key.split('|') as [string, string];
    return { day, subject, count: Number(count) };
  });
}

export class MemoryViewCounter implements ViewCounter {
  private readonly views = new Map<string, Record<string, number>>();
  private readonly viewers = new Map<string, Set<string>>();
  private readonly salts = new Map<string, Buffer>();

  async view(scope: string, subject: string, day: string, viewer?: string): Promise<void> {
    const counts = this.views.get(scope) ?? {};
    counts[field(day, subject)] = (counts[field(day, subject)] ?? 0) + 1;
    this.views.set(scope, counts);
    if (viewer === undefined) return;
    const key = `${scope}|${day}`;
    const seen = this.viewers.get(key) ?? new Set<string>();
    seen.add(viewer);
    this.viewers.set(key, seen);
  }

  async read(scope: string): Promise<ViewCounts> {
    const views = countsOf(this.views.get(scope) ?? {});
    const days = new Set(views.map((view) => view.day));
    return { views, viewers: Object.fromEntries([...days].map((day) => [day, this.viewers.get(`${scope}|${day}`)?.size ?? 0])) };
  }

  async salt(day: string): Promise<Buffer> {
    let salt = this.salts.get(day);
    if (!salt) {
      // Only today's and yesterday's are ever asked for: older ones are dropped, never kept.
      if (this.salts.size >= 2) this.salts.delete(this.salts.keys().next().value as string);
      salt = randomBytes(32);
      this.salts.set(day, salt);
    }
    return salt;
  }

  async close(): Promise<void> {
    this.views.clear();
    this.viewers.clear();
    this.salts.clear();
  }
}

export class RedisViewCounter implements ViewCounter {
  private readonly redis: Redis;
  private readonly salts = new Map<string, Buffer>();

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.redis.on('error', () => undefined); // reported through failed commands; reconnects by itself
  }

  async view(scope: string, subject: string, day: string, viewer?: string): Promise<void> {
    const views = `${this.prefix}views:${scope}`;
    // One round trip: the count, and the day's HyperLogLog of viewers.
    const pipeline = this.redis.pipeline().hincrby(views, field(day, subject), 1).expire(views, KEEP_SECONDS);
    if (viewer !== undefined) {
      const viewers = `${this.prefix}viewers:${scope}:${day}`;
      pipeline.pfadd(viewers, viewer).expire(viewers, KEEP_SECONDS);
    }
    const replies = await pipeline.exec();
    const failed = replies?.find(([error]) => error);
    if (failed) throw failed[0];
  }

  async read(scope: string): Promise<ViewCounts> {
    const views = countsOf(await this.redis.hgetall(`${this.prefix}views:${scope}`));
    const days = [...new Set(views.map((view) => view.day))];
    if (days.length === 0) return { views, viewers: {} };
    const pipeline = this.redis.pipeline();
    for (const day of days) pipeline.pfcount(`${this.prefix}viewers:${scope}:${day}`);
    const replies = (await pipeline.exec()) ?? [];
    return { views, viewers: Object.fromEntries(days.map((day, i) => [day, Number(replies[i]?.[1] ?? 0)])) };
  }

  async salt(day: string): Promise<Buffer> {
    const known = this.salts.get(day);
    if (known) return known;
    const key = `${this.prefix}salt:${day}`;
    // The first replica to need the day's salt makes it; the others read that one.
    await this.redis.set(key, randomBytes(32).toString('base64'), 'EX', SALT_SECONDS, 'NX');
    const stored = await this.redis.get(key);
    if (!stored) throw new Error('the day’s salt could not be kept');
    const salt = Buffer.from(stored, 'base64');
    if (this.salts.size >= 2) this.salts.delete(this.salts.keys().next().value as string);
    this.salts.set(day, salt);
    return salt;
  }

  async ping(): Promise<boolean> {
    return (await this.redis.ping()) === 'PONG';
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** The store the config chooses, as the rate limits choose theirs (`RATE_LIMIT_STORE`, `REDIS_URL`). */
export function viewCounterFrom(
  config: { RATE_LIMIT_STORE: 'redis' | 'memory'; REDIS_URL?: string | undefined; EVENT_QUEUE_PREFIX: string },
  service: string,
  defaultRedisUrl: string,
): ViewCounter {
  return config.RATE_LIMIT_STORE === 'redis'
    ? new RedisViewCounter(config.REDIS_URL ?? defaultRedisUrl, `${config.EVENT_QUEUE_PREFIX}:${service}:stats:`)
    : new MemoryViewCounter();
}

/**
 * The counts, or a retryable 503 when the store cannot be read (Redis down): nothing is wrong with
 * the request, and a page of zeros would be a wrong answer.
 */
export async function readViews(counter: ViewCounter, scope: string): Promise<ViewCounts> {
  try {
    return await counter.read(scope);
  } catch {
    throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, UNAVAILABLE, undefined, { 'Retry-After': '1' });
  }
}
