import { Controller, Get, Header } from '@nestjs/common';
import { metricsRegistry } from '@garage/service-kit';

/** Liveness (the process answers; it depends on nothing) and Prometheus metrics. */
@Controller()
export class OpsController {
  @Get('api/live')
  live() {
    return { status: 'ok' };
  }

  @Get('metrics')
  @Header('content-type', metricsRegistry.contentType)
  metrics(): Promise<string> {
    return metricsRegistry.metrics();
  }
}
