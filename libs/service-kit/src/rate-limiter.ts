import { Redis } from 'ioredis';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/**
 * Fixed-window counters keyed by what is limited (an email, an IP). Redis in the stack, so every
 * replica shares the counts; memory in standalone.
 */
export interface RateLimiter {
  /** Current count without changing it. */
  peek(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /**
   * Adds one, or `times` (atomically: concurrent callers get distinct counts), and tells whether the
   * count after it is within the limit.
   */
  hit(key: string, limit: number, windowSeconds: number, times?: number): Promise<RateLimitResult>;
  /** Takes one back (an attempt that turned out not to count); never below zero, never a new window. */
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async peek(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const window = this.current(key, windowSeconds, false);
    return this.result(window, limit);
  }

  async hit(key: string, limit: number, windowSeconds: number, times = 1): Promise<RateLimitResult> {
    const window = this.current(key, windowSeconds, true);
    window.count += times;
    return this.result(window, limit);
  }

  async refund(key: string): Promise<void> {
    const window = this.windows.get(key);
    if (window && window.count > 0) window.count -= 1;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private current(key: string, windowSeconds: number, create: boolean) {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowSeconds * 1000 };
      if (create) this.windows.set(key, window);
      if (this.windows.size > 100_000) this.sweep(now);
    }
    return window;
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }

  private result(window: { count: number; resetAt: number }, limit: number): RateLimitResult {
    return {
      allowed: window.count <= limit,
      count: window.count,
      retryAfter: Math.max(1, Math.ceil((window.resetAt - this.now()) / 1000)),
    };
  }
}

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'garage:rl:',
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.redis.on('error', () => undefined); // reported through failed commands; reconnects by itself
  }

  async peek(key: string, limit: number): Promise<RateLimitResult> {
    const [count, ttl] = await this.redis
      .multi()
      .get(this.prefix + key)
      .pttl(this.prefix + key)
      .exec()
      .then((replies) => [Number(replies?.[0]?.[1] ?? 0), Number(replies?.[1]?.[1] ?? -1)]);
    return { allowed: count <= limit, count, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
  }

  async hit(key: string, limit: number, windowSeconds: number, times = 1): Promise<RateLimitResult> {
    const fullKey = this.prefix + key;
    const replies = await this.redis
      .multi()
      .incrby(fullKey, times)
      .pexpire(fullKey, windowSeconds * 1000, 'NX')
      .pttl(fullKey)
      .exec();
    const count = Number(replies?.[0]?.[1] ?? 0);
    const ttl = Number(replies?.[2]?.[1] ?? windowSeconds * 1000);
    return { allowed: count <= limit, count, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
  }

  async refund(key: string): Promise<void> {
    // Only an existing, positive counter: a DECR on an expired key would start a window with no TTL.
    await this.redis.eval(
      "local v = tonumber(redis.call('GET', KEYS[1]) or '0') if v > 0 then return redis.call('DECR', KEYS[1]) end return 0",
      1,
      this.prefix + key,
    );
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async ping(): Promise<boolean> {
    return (await this.redis.ping()) === 'PONG';
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
