import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

/**
 * A named check of something the service depends on. A required check (the default: the
 * database) decides readiness; an optional one (the broker, whose outage the outbox absorbs) is
 * only reported, so its outage does not take the service out of its load balancer.
 */
export interface HealthCheck {
  name: string;
  check(): Promise<boolean>;
  required?: boolean;
}

export const HEALTH_CHECKS = Symbol('HEALTH_CHECKS');

/**
 * Readiness: `200 {"status":"ok"}` when every check passes; `200 {"status":"degraded","checks":{…}}`
 * when only optional ones fail (the service still answers); `503` naming the failing required ones
 * otherwise. `checks` reports each dependency as `ok` or `down`.
 */
@Controller()
export class HealthController {
  constructor(@Inject(HEALTH_CHECKS) private readonly checks: HealthCheck[]) {}

  @Get('health')
  async health(@Res() reply: FastifyReply): Promise<void> {
    const results = await Promise.all(
      this.checks.map(async (check) => ({
        name: check.name,
        required: check.required !== false,
        ok: await withTimeout(check.check(), 2000).catch(() => false),
      })),
    );
    const checks = Object.fromEntries(results.map((result) => [result.name, result.ok ? 'ok' : 'down']));
    const failing = results.filter((result) => result.required && !result.ok).map((result) => result.name);
    if (failing.length === 0) {
      const degraded = results.some((result) => !result.ok);
      void reply.status(200).send(degraded ? { status: 'degraded', checks } : { status: 'ok' });
    } else {
      void reply.status(503).send({ status: 'unavailable', error: `Not ready: ${failing.join(', ')}`, failing, checks });
    }
  }

  /** Liveness: the process answers; it does not depend on the database or the broker. */
  @Get('live')
  live() {
    return { status: 'ok' };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
