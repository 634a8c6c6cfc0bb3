import { Controller, Get, Inject } from '@nestjs/common';
import { ApiError } from '@garage/service-kit';
import { Lifecycle } from './lifecycle.js';

/** The process's own probes; they depend on no service. (Metrics have their own port: see gateway.ts.) */
@Controller()
export class OpsController {
  constructor(@Inject(Lifecycle) private readonly lifecycle: Lifecycle) {}

  /** Liveness: the process answers. */
  @Get('api/live')
  live() {
    return { status: 'ok' };
  }

  /**
   * Readiness: taking requests. `503` from SIGTERM on, while the gateway still serves for its drain
   * (SHUTDOWN_DRAIN_MS), so a probe takes it out of its Service before the listener closes.
   */
  @Get('api/ready')
  ready() {
    if (!this.lifecycle.ready) throw new ApiError(503, 'The gateway is shutting down', undefined, { 'Retry-After': '1' });
    return { status: 'ok' };
  }
}
