import { Controller, Get } from '@nestjs/common';

/** Liveness: the process answers; it depends on nothing. (Metrics have their own port: see gateway.ts.) */
@Controller()
export class OpsController {
  @Get('api/live')
  live() {
    return { status: 'ok' };
  }
}
