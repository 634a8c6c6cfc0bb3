import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '@garage/service-kit';
import { itemPagePhoto } from './item-photo.js';
import { Upstreams } from './upstreams.js';
import { WebAssets } from './web-assets.js';

/**
 * The SPA's files, its prerendered pages, and its index.html for other deep links (`/sales/12`):
 * the browser's router takes over.
 */
@Controller()
export class WebController {
  constructor(
    @Inject(WebAssets) private readonly assets: WebAssets,
    @Inject(Upstreams) private readonly upstreams: Upstreams,
  ) {}

  @Get('*')
  async serve(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const urlPath = decodeURIComponent(request.url.split('?')[0]!);
    if (urlPath.startsWith('/api/')) throw notFound('Not found');
    const preloadImage = (await itemPagePhoto(this.upstreams, request, urlPath)) ?? undefined;
    if (!this.assets.send(urlPath, request, reply, { preloadImage })) throw notFound('Not found');
  }
}
