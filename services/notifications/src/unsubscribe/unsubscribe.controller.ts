import { Controller, Get, Headers, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { unsubscribeQuerySchema, type UnsubscribeResult } from '@garage/contracts';
import { SERVICE_CONFIG, ZodPipe } from '@garage/service-kit';
import { siteUrl, type NotificationsConfig } from '../config.js';
import { unsubscribePage } from './unsubscribe-page.js';
import { UnsubscribeService } from './unsubscribe.service.js';

/**
 * The one-click unsubscribe link of every email: no sign-in, the signed token is the proof.
 * `GET` is the person's click: a small HTML page (JSON when the client asks for JSON only).
 * `POST` is the mail client's one-click request (RFC 8058, `List-Unsubscribe-Post`): JSON.
 * Errors are JSON, as everywhere in the API.
 */
@Controller('api/saved-searches/unsubscribe')
export class UnsubscribeController {
  constructor(
    @Inject(UnsubscribeService) private readonly unsubscribes: UnsubscribeService,
    @Inject(SERVICE_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  @Get()
  async click(
    @Query(new ZodPipe(unsubscribeQuerySchema)) query: { token: string },
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UnsubscribeResult | string> {
    const result = await this.unsubscribes.unsubscribe(query.token);
    if (accept && /application\/json/.test(accept) && !/text\/html/.test(accept)) return result;
    void reply.header('content-type', 'text/html; charset=utf-8');
    return unsubscribePage(result, siteUrl(this.config));
  }

  @Post()
  @HttpCode(200)
  oneClick(@Query(new ZodPipe(unsubscribeQuerySchema)) query: { token: string }): Promise<UnsubscribeResult> {
    return this.unsubscribes.unsubscribe(query.token);
  }
}
