import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiProxy } from './proxy.js';
import { routedServices } from './routes.js';
import { composeSaleDetail } from './sale-detail.js';
import { TokenCheck } from './token-check.js';
import { Upstreams } from './upstreams.js';

@Controller('api')
export class GatewayController {
  constructor(
    @Inject(Upstreams) private readonly upstreams: Upstreams,
    @Inject(TokenCheck) private readonly tokens: TokenCheck,
    @Inject(ApiProxy) private readonly proxy: ApiProxy,
  ) {}

  /**
   * Ready when every service it routes to is ready (each one's database answers); `503` names the
   * ones that are not. A service that answers without its broker (the outbox keeps its events) is
   * reported under `degraded`, not as a failure.
   */
  @Get('health')
  async health(@Res() reply: FastifyReply): Promise<void> {
    const services = routedServices();
    const results = await Promise.all(
      services.map(async (service) => {
        try {
          const response = await this.upstreams.request(service, { path: '/health', method: 'GET', headersTimeout: 3000, retry: false });
          const body = (await response.body.json().catch(() => ({}))) as { checks?: Record<string, string> };
          const down = Object.entries(body.checks ?? {})
            .filter(([, state]) => state !== 'ok')
            .map(([name]) => `${service} (${name})`);
          return { service, ok: response.statusCode === 200, down };
        } catch {
          return { service, ok: false, down: [] };
        }
      }),
    );
    const failing = results.filter((result) => !result.ok).map((result) => result.service);
    const degraded = results.filter((result) => result.ok).flatMap((result) => result.down);
    if (failing.length > 0) void reply.status(503).send({ status: 'unavailable', error: `Not ready: ${failing.join(', ')}`, failing });
    else if (degraded.length > 0) void reply.status(200).send({ status: 'degraded', degraded });
    else void reply.status(200).send({ status: 'ok' });
  }

  /** The composed sale detail: the sale from sales plus its items from items (see sale-detail.ts). */
  @Get('sales/:id')
  saleDetail(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return composeSaleDetail(this.upstreams, this.tokens, request, reply, () => this.proxy.forwardFrom(request, reply));
  }
}
