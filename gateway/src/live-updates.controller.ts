import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '@garage/service-kit';
import type { GatewayConfig } from './config.js';
import { securityHeaders } from './security-headers.js';
import { expiryOf, TokenCheck } from './token-check.js';
import { GATEWAY_CONFIG } from './tokens.js';
import { UpdateStreams } from './update-streams.js';

/**
 * `GET /api/updates`: the signed-in tab's stream of live updates (server-sent events). EventSource
 * cannot send an Authorization header, so the token may come as `?token=` on this path only
 * (decision 0212); the header is taken too. The request budget counts the stream once, when it
 * opens (Fastify's budget hook): an open stream is not load.
 */
@Controller()
export class LiveUpdatesController {
  private readonly headers: string[];

  constructor(
    @Inject(TokenCheck) private readonly tokens: TokenCheck,
    @Inject(UpdateStreams) private readonly streams: UpdateStreams,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.headers = securityHeaders(config.NODE_ENV === 'production');
  }

  @Get('api/updates')
  async updates(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const query = request.query as Record<string, unknown>;
    const given = typeof query.token === 'string' && query.token ? `Bearer ${query.token}` : request.headers.authorization;
    // Refused here, before the stream starts, the error filter answers in the contract's words.
    const viewer = await this.tokens.viewer(given);
    if (!viewer) throw unauthorized();
    const lastEventId = request.headers['last-event-id'] ?? query.lastEventId;
    void reply.hijack();
    const headers = [...this.headers, 'x-request-id', String(request.id)];
    const origin = reply.getHeader('access-control-allow-origin');
    if (typeof origin === 'string') headers.push('access-control-allow-origin', origin, 'vary', 'Origin');
    await this.streams.open(
      reply.raw,
      viewer.userId,
      expiryOf(given!) || Number.MAX_SAFE_INTEGER,
      typeof lastEventId === 'string' ? lastEventId : '',
      headers,
    );
    return reply;
  }
}
