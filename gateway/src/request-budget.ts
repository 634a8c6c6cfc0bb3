import type { FastifyInstance } from 'fastify';
import {
  DEV_DEFAULTS,
  MemoryRateLimiter,
  RedisRateLimiter,
  tooManyRequests,
  type ErrorFilter,
  type Logger,
  type RateLimiter,
} from '@garage/service-kit';
import type { GatewayConfig } from './config.js';

/** Probes and liveness are not the client's budget: an orchestrator calls them from one address. */
const EXEMPT = new Set(['/api/live', '/api/ready', '/api/health']);
const WINDOW_SECONDS = 60;
/** A count slower than this (Redis unreachable, reconnecting) lets the request pass rather than wait. */
const COUNT_TIMEOUT_MS = 250;

/** The most budget counts one replica takes from the shared count at a time (see RequestBudget). */
const MOST_LEASED = 100;

/**
 * A per-client request budget on /api (the architecture's "the gateway applies rate limits"):
 * `REQUESTS_PER_MINUTE` per client address, then `429` with `Retry-After` until the minute ends.
 * Counted in Redis in the stack (every replica shares it), in memory in standalone. It is a
 * flood guard, generous enough for any person; the contract's sign-in limits stay in auth.
 * Should Redis fail or lag, requests pass (logged): the budget must not become an outage of its own.
 *
 * Asking Redis on every call cost the gateway a tenth of its time per call. So a replica takes a
 * client's counts a block at a time (a hundredth of the limit, at most 100; one under 200 a
 * minute) and spends the block itself: Redis is asked once per block. The block is counted when it
 * is taken, so a client is never let through past the limit; at worst one is refused a few counts
 * early (each replica's unspent block, at most 1 % of the limit, when the minute ends). And the
 * requests of one client that arrive in the same turn of the event loop are counted in one call,
 * each with its own count, as one call each would have given them.
 */
export class RequestBudget {
  private readonly limiter: RateLimiter;
  private readonly block: number;
  private warned = 0;
  /** Requests not yet counted, by key, with what each is waiting for. */
  private readonly waiting = new Map<string, Array<(retryAfter: number | null) => void>>();
  /** Counts taken from the shared count and not yet spent, by key, until their minute ends. */
  private readonly leased = new Map<string, { left: number; until: number }>();

  private constructor(
    private readonly limit: number,
    config: GatewayConfig,
    private readonly logger: Logger,
  ) {
    this.block = Math.max(1, Math.min(MOST_LEASED, Math.floor(limit / 100)));
    this.limiter =
      config.RATE_LIMIT_STORE === 'redis'
        ? new RedisRateLimiter(config.REDIS_URL ?? DEV_DEFAULTS.REDIS_URL, `${config.EVENT_QUEUE_PREFIX}:gateway:`)
        : new MemoryRateLimiter();
  }

  /** The budget, or null when `REQUESTS_PER_MINUTE` is 0 (off). */
  static of(config: GatewayConfig, logger: Logger): RequestBudget | null {
    return config.REQUESTS_PER_MINUTE === 0 ? null : new RequestBudget(config.REQUESTS_PER_MINUTE, config, logger);
  }

  /**
   * Counts one request of `address`: null (at once, or once counted) when it may go on, else the
   * seconds until it may try again.
   */
  spend(address: string): Promise<number | null> | null {
    const key = `requests:${address}`;
    const lease = this.leased.get(key);
    if (lease && lease.left > 0 && lease.until > Date.now()) {
      lease.left -= 1;
      return null;
    }
    let waiting = this.waiting.get(key);
    if (!waiting) {
      waiting = [];
      this.waiting.set(key, waiting);
      if (this.waiting.size === 1) setImmediate(() => this.count());
    }
    const queue = waiting;
    return new Promise((resolve) => queue.push(resolve));
  }

  private count(): void {
    const batches = [...this.waiting];
    this.waiting.clear();
    if (this.leased.size > 50_000) this.sweep();
    for (const [key, waiting] of batches) {
      const spare = this.block - 1;
      withinTime(this.limiter.hit(key, this.limit, WINDOW_SECONDS, waiting.length + spare), COUNT_TIMEOUT_MS).then(
        (result) => {
          // The batch took the counts up to `result.count`, in the order the requests came; the
          // spare ones still within the limit are this replica's to spend.
          const first = result.count - waiting.length - spare + 1;
          waiting.forEach((resolve, i) => resolve(first + i <= this.limit ? null : result.retryAfter));
          const left = Math.min(result.count, this.limit) - (first + waiting.length - 1);
          // Spent only inside the minute they were counted in (Retry-After is rounded up), and
          // added to what is left of an earlier block (batches of one turn each take theirs).
          const until = Date.now() + (result.retryAfter - 1) * 1000;
          const lease = this.leased.get(key);
          if (left > 0 && lease && lease.until > Date.now())
            this.leased.set(key, { left: lease.left + left, until: Math.min(lease.until, until) });
          else if (left > 0) this.leased.set(key, { left, until });
        },
        (error: unknown) => {
          if (Date.now() - this.warned > 60_000) {
            this.warned = Date.now();
            this.logger.warn({ err: String(error) }, 'request budget unavailable; requests pass unmetered');
          }
          for (const resolve of waiting) resolve(null);
        },
      );
    }
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, lease] of this.leased) if (lease.until <= now || lease.left === 0) this.leased.delete(key);
  }

  close(): Promise<void> {
    return this.limiter.close();
  }
}

export const OVER_BUDGET = 'Too many requests. Try again later.';

/** The budget on the /api paths Fastify answers (the proxy's own path spends it itself). */
export function addRequestBudget(fastify: FastifyInstance, budget: RequestBudget | null, errors: ErrorFilter): void {
  if (!budget) return;
  fastify.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (!path.startsWith('/api/') || EXEMPT.has(path)) return;
    const retryAfter = await budget.spend(request.ip);
    if (retryAfter === null) return;
    errors.send(tooManyRequests(retryAfter, OVER_BUDGET), request, reply);
    return reply;
  });
}

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
