import { Controller, Get, Inject, Query } from '@nestjs/common';
import { itemSearchQuerySchema, type ItemSearchQuery, type SearchResult } from '@garage/contracts';
import { CurrentViewer, ZodPipe, type Viewer } from '@garage/service-kit';
import { SearchService } from './search.service.js';

@Controller('api/items')
export class SearchController {
  constructor(@Inject(SearchService) private readonly searchService: SearchService) {}

  @Get('search')
  search(@Query(new ZodPipe(itemSearchQuerySchema)) query: ItemSearchQuery, @CurrentViewer() viewer: Viewer): Promise<SearchResult[]> {
    return this.searchService.search(query, viewer);
  }
}
