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
export function addRequestBudget(
  fastify: FastifyInstance,
  config: GatewayConfig,
  errors: ErrorFilter,
  logger: Logger,
): () => Promise<void> {
  const limit = config.REQUESTS_PER_MINUTE;
  if (limit === 0) return async () => undefined;
  const limiter: RateLimiter =
    config.RATE_LIMIT_STORE === 'redis'
      ? new RedisRateLimiter(config.REDIS_URL ?? DEV_DEFAULTS.REDIS_URL, `${config.EVENT_QUEUE_PREFIX}:gateway:`)
      : new MemoryRateLimiter();
  let warned = 0;
  fastify.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (!path.startsWith('/api/') || EXEMPT.has(path)) return;
    let result;
    try {
      result = await withinTime(limiter.hit(`requests:${request.ip}`, limit, WINDOW_SECONDS), COUNT_TIMEOUT_MS);
    } catch (error) {
      if (Date.now() - warned > 60_000) {
        warned = Date.now();
        logger.warn({ err: String(error) }, 'request budget unavailable; requests pass unmetered');
      }
      return;
    }
    if (result.allowed) return;
    errors.send(tooManyRequests(result.retryAfter, 'Too many requests. Try again later.'), request, reply);
    return reply;
  });
  return () => limiter.close();
}

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
