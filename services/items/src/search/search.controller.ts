import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { itemSearchQuerySchema, type ItemSearchQuery } from '@garage/contracts';
import { CurrentViewer, ZodPipe, type Viewer } from '@garage/service-kit';
import { SearchService } from './search.service.js';

@Controller('api/items')
export class SearchController {
  constructor(@Inject(SearchService) private readonly searchService: SearchService) {}

  /** Answers `SearchResult[]`, sent as the JSON text the service keeps for repeated searches. */
  @Get('search')
  async search(
    @Query(new ZodPipe(itemSearchQuerySchema)) query: ItemSearchQuery,
    @CurrentViewer() viewer: Viewer,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    void reply.type('application/json; charset=utf-8');
    return this.searchService.search(query, viewer);
  }
}
