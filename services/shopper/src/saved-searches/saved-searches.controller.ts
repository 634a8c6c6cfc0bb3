import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import { savedSearchBodySchema, type SavedSearch, type SavedSearchBody, type TokenClaims } from '@garage/contracts';
import { CurrentUser, IdPipe, SignedIn, ZodPipe } from '@garage/service-kit';
import { SavedSearchesService } from './saved-searches.service.js';

@Controller('api/saved-searches')
@SignedIn()
export class SavedSearchesController {
  constructor(@Inject(SavedSearchesService) private readonly searches: SavedSearchesService) {}

  @Get()
  list(@CurrentUser() caller: TokenClaims): Promise<SavedSearch[]> {
    return this.searches.list(caller);
  }

  @Get(':id')
  get(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number): Promise<SavedSearch> {
    return this.searches.get(caller, id);
  }

  @Post()
  @HttpCode(201)
  create(@CurrentUser() caller: TokenClaims, @Body(new ZodPipe(savedSearchBodySchema)) body: SavedSearchBody): Promise<SavedSearch> {
    return this.searches.create(caller, body);
  }

  @Put(':id')
  update(
    @CurrentUser() caller: TokenClaims,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(savedSearchBodySchema)) body: SavedSearchBody,
  ): Promise<SavedSearch> {
    return this.searches.update(caller, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  delete(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number): Promise<void> {
    return this.searches.delete(caller, id);
  }
}
