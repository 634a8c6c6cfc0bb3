import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { DEV_DEFAULTS, MemoryRateLimiter, RedisRateLimiter, SERVICE_CONFIG, tooManyRequests, type RateLimiter } from '@garage/service-kit';
import { TOO_MANY_CONVERSATIONS } from '@garage/contracts';
import type { MessagesConfig } from '../config.js';

const WINDOW_SECONDS = 3600;
const keyOf = (userId: number) => `new-conversations:${userId}`;

/**
 * At most NEW_CONVERSATIONS_PER_HOUR new conversations per member an hour, counted in the shared
 * rate limiter (Redis, so every replica counts together). Only a conversation that is really
 * created counts: one that turned out to exist already, or failed, is given back.
 */
@Injectable()
export class NewConversationLimit implements OnApplicationShutdown {
  readonly limiter: RateLimiter;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: MessagesConfig) {
    this.limiter =
      config.RATE_LIMIT_STORE === 'redis'
        ? new RedisRateLimiter(config.REDIS_URL ?? DEV_DEFAULTS.REDIS_URL, `${config.EVENT_QUEUE_PREFIX}:messages:`)
        : new MemoryRateLimiter();
  }

  /** Counts one, or refuses with 429 and Retry-After (the refused attempt is not counted). */
  async take(userId: number): Promise<void> {
    const result = await this.limiter.hit(keyOf(userId), this.config.NEW_CONVERSATIONS_PER_HOUR, WINDOW_SECONDS);
    if (result.allowed) return;
    await this.limiter.refund(keyOf(userId));
    throw tooManyRequests(result.retryAfter, TOO_MANY_CONVERSATIONS);
  }

  giveBack(userId: number): Promise<void> {
    return this.limiter.refund(keyOf(userId));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.limiter.close();
  }
}
