import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '@garage/service-kit';
import { WebAssets } from './web-assets.js';

/** The SPA's files, and its index.html for deep links (`/sales/12`): the browser's router takes over. */
@Controller()
export class WebController {
  constructor(@Inject(WebAssets) private readonly assets: WebAssets) {}

  @Get('*')
  serve(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    const urlPath = decodeURIComponent(request.url.split('?')[0]!);
    if (urlPath.startsWith('/api/') || !this.assets.send(urlPath, request, reply)) throw notFound('Not found');
  }
}
