import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

/** A named check of something the service cannot work without (its database, its broker). */
export interface HealthCheck {
  name: string;
  check(): Promise<boolean>;
}

export const HEALTH_CHECKS = Symbol('HEALTH_CHECKS');

/** Readiness: `200 {"status":"ok"}` when every check passes, `503` naming the failing ones. */
@Controller()
export class HealthController {
  constructor(@Inject(HEALTH_CHECKS) private readonly checks: HealthCheck[]) {}

  @Get('health')
  async health(@Res() reply: FastifyReply): Promise<void> {
    const results = await Promise.all(
      this.checks.map(async (check) => ({ name: check.name, ok: await withTimeout(check.check(), 2000).catch(() => false) })),
    );
    const failing = results.filter((result) => !result.ok).map((result) => result.name);
    if (failing.length === 0) {
      void reply.status(200).send({ status: 'ok' });
    } else {
      void reply.status(503).send({ status: 'unavailable', error: `Not ready: ${failing.join(', ')}`, failing });
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
