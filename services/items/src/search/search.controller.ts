import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { itemSearchQuerySchema, type ItemSearchQuery } from '@garage/contracts';
import { acceptedEncoding, CurrentViewer, ZodPipe, type Viewer } from '@garage/service-kit';
import { SearchService } from './search.service.js';

@Controller('api/items')
export class SearchController {
  constructor(@Inject(SearchService) private readonly searchService: SearchService) {}

  /**
   * Answers `SearchResult[]`, sent as the JSON text the service keeps for repeated searches,
   * compressed when the client accepts br or gzip.
   */
  @Get('search')
  async search(
    @Query(new ZodPipe(itemSearchQuerySchema)) query: ItemSearchQuery,
    @CurrentViewer() viewer: Viewer,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string | Buffer> {
    const { body, encoding } = await this.searchService.search(query, viewer, acceptedEncoding(request.headers['accept-encoding']));
    void reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding');
    if (encoding) void reply.header('content-encoding', encoding);
    return body;
  }
}
