import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { canonicalEmail, RATE_LIMITS } from '@garage/contracts';
import { MemoryRateLimiter, RedisRateLimiter, SERVICE_CONFIG, tooManyRequests, type RateLimiter } from '@garage/service-kit';
import { DEV_DEFAULTS } from '@garage/service-kit';
import type { AuthConfig } from '../config.js';

const TOO_MANY_LOGINS = 'Too many failed sign-in attempts. Try again later.';

/**
 * The contract's limits: 10 failed logins per email or 50 per IP within 15 minutes, and 20
 * registration attempts per IP per hour; beyond them `429` with `Retry-After`.
 *
 * A sign-in takes its attempt (an atomic increment) before the password is checked, so however
 * many arrive at once, at most 10 per email are ever checked in a window. A refused attempt gives
 * its count back (it checked nothing); a failed one keeps it; a successful one clears the email's
 * count and gives the address its attempt back.
 */
@Injectable()
export class LoginThrottle implements OnApplicationShutdown {
  readonly limiter: RateLimiter;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: AuthConfig) {
    this.limiter =
      config.RATE_LIMIT_STORE === 'redis'
        ? new RedisRateLimiter(config.REDIS_URL ?? DEV_DEFAULTS.REDIS_URL, `${config.EVENT_QUEUE_PREFIX}:auth:`)
        : new MemoryRateLimiter();
  }

  /** Counts a sign-in attempt for the email and the IP, or refuses it with 429 when either is spent. */
  async takeLoginAttempt(email: string, ip: string): Promise<void> {
    const { windowSeconds } = RATE_LIMITS.loginFailuresPerEmail;
    const [byEmail, byIp] = await Promise.all([
      this.limiter.hit(this.emailKey(email), this.config.LOGIN_FAILURES_PER_EMAIL, windowSeconds),
      this.limiter.hit(this.ipKey(ip), this.config.LOGIN_FAILURES_PER_IP, windowSeconds),
    ]);
    if (byEmail.allowed && byIp.allowed) return;
    await Promise.all([this.limiter.refund(this.emailKey(email)), this.limiter.refund(this.ipKey(ip))]);
    throw tooManyRequests(byEmail.allowed ? byIp.retryAfter : byEmail.retryAfter, TOO_MANY_LOGINS);
  }

  async loginSucceeded(email: string, ip: string): Promise<void> {
    await Promise.all([this.limiter.reset(this.emailKey(email)), this.limiter.refund(this.ipKey(ip))]);
  }

  async registrationAttempt(ip: string): Promise<void> {
    const { windowSeconds } = RATE_LIMITS.registrationsPerIp;
    const result = await this.limiter.hit(`register:ip:${ip}`, this.config.REGISTRATIONS_PER_IP, windowSeconds);
    if (!result.allowed) throw tooManyRequests(result.retryAfter, 'Too many registration attempts. Try again later.');
  }

  /** After the HTTP server has closed: requests still in flight during the drain use the limiter. */
  async onApplicationShutdown(): Promise<void> {
    await this.limiter.close();
  }

  /** The same key the database knows the account by, so no spelling of an email gets a fresh counter. */
  private emailKey(email: string) {
    return `login:email:${canonicalEmail(email)}`;
  }

  private ipKey(ip: string) {
    return `login:ip:${ip}`;
  }
}
