import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { RATE_LIMITS } from '@garage/contracts';
import { MemoryRateLimiter, RedisRateLimiter, SERVICE_CONFIG, tooManyRequests, type RateLimiter } from '@garage/service-kit';
import { DEV_DEFAULTS } from '@garage/service-kit';
import type { AuthConfig } from '../config.js';

/**
 * The contract's limits: 10 failed logins per email or 50 per IP within 15 minutes, and 20
 * registration attempts per IP per hour; beyond them `429` with `Retry-After`.
 */
@Injectable()
export class LoginThrottle implements OnModuleDestroy {
  readonly limiter: RateLimiter;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: AuthConfig) {
    this.limiter =
      config.RATE_LIMIT_STORE === 'redis'
        ? new RedisRateLimiter(config.REDIS_URL ?? DEV_DEFAULTS.REDIS_URL, `${config.EVENT_QUEUE_PREFIX}:auth:`)
        : new MemoryRateLimiter();
  }

  /** Refuses a login while the email or the IP is over its failure budget. */
  async beforeLogin(email: string, ip: string): Promise<void> {
    const { windowSeconds } = RATE_LIMITS.loginFailuresPerEmail;
    const [byEmail, byIp] = await Promise.all([
      this.limiter.peek(this.emailKey(email), this.config.LOGIN_FAILURES_PER_EMAIL, windowSeconds),
      this.limiter.peek(this.ipKey(ip), this.config.LOGIN_FAILURES_PER_IP, windowSeconds),
    ]);
    if (byEmail.count >= this.config.LOGIN_FAILURES_PER_EMAIL)
      throw tooManyRequests(byEmail.retryAfter, 'Too many failed sign-in attempts. Try again later.');
    if (byIp.count >= this.config.LOGIN_FAILURES_PER_IP)
      throw tooManyRequests(byIp.retryAfter, 'Too many failed sign-in attempts. Try again later.');
  }

  async loginFailed(email: string, ip: string): Promise<void> {
    const { windowSeconds } = RATE_LIMITS.loginFailuresPerEmail;
    await Promise.all([
      this.limiter.hit(this.emailKey(email), this.config.LOGIN_FAILURES_PER_EMAIL, windowSeconds),
      this.limiter.hit(this.ipKey(ip), this.config.LOGIN_FAILURES_PER_IP, windowSeconds),
    ]);
  }

  async loginSucceeded(email: string): Promise<void> {
    await this.limiter.reset(this.emailKey(email));
  }

  async registrationAttempt(ip: string): Promise<void> {
    const { windowSeconds } = RATE_LIMITS.registrationsPerIp;
    const result = await this.limiter.hit(`register:ip:${ip}`, this.config.REGISTRATIONS_PER_IP, windowSeconds);
    if (!result.allowed) throw tooManyRequests(result.retryAfter, 'Too many registration attempts. Try again later.');
  }

  async onModuleDestroy(): Promise<void> {
    await this.limiter.close();
  }

  private emailKey(email: string) {
    return `login:email:${email.trim().toLowerCase()}`;
  }

  private ipKey(ip: string) {
    return `login:ip:${ip}`;
  }
}
