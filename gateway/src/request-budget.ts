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
const EXEMPT = new Set(['/api/live', '/api/health']);
const WINDOW_SECONDS = 60;
/** A count slower than this (Redis unreachable, reconnecting) lets the request pass rather than wait. */
const COUNT_TIMEOUT_MS = 250;

/**
 * A per-client request budget on /api (the architecture's "the gateway applies rate limits"):
 * `REQUESTS_PER_MINUTE` per client address, then `429` with `Retry-After` until the minute ends.
 * Counted in Redis in the stack (every replica shares it), in memory in standalone. It is a
 * flood guard, generous enough for any person; the contract's sign-in limits stay in auth.
 * Should Redis fail or lag, requests pass (logged): the budget must not become an outage of its own.
 */
export class RequestBudget {
  private readonly limiter: RateLimiter;
  private warned = 0;
  /** Requests not yet counted, by key, with what each is waiting for. */
  private readonly waiting = new Map<string, Array<(retryAfter: number | null) => void>>();

  private constructor(
    private readonly limit: number,
    config: GatewayConfig,
    private readonly logger: Logger,
  ) {
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
   * Counts one request of `address`: null when it may go on, else the seconds until it may try
   * again. The requests of one client that arrive in the same turn of the event loop are counted
   * in one call (a client with many connections open sends many at once): each still gets its own
   * count, as one call each would have given them.
   */
  spend(address: string): Promise<number | null> {
    const key = `requests:${address}`;
    let waiting = this.waiting.get(key);
    if (!waiting) {
      waiting = [];
      this.waiting.set(key, waiting);
      if (this.waiting.size === 1) setImmediate(() => this.count());
    }
    return new Promise((resolve) => waiting.push(resolve));
  }

  private count(): void {
    const batches = [...this.waiting];
    this.waiting.clear();
    for (const [key, waiting] of batches) {
      withinTime(this.limiter.hit(key, this.limit, WINDOW_SECONDS, waiting.length), COUNT_TIMEOUT_MS).then(
        (result) => {
          // The batch took the counts up to `result.count`, in the order the requests came.
          const first = result.count - waiting.length + 1;
          waiting.forEach((resolve, i) => resolve(first + i <= this.limit ? null : result.retryAfter));
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
