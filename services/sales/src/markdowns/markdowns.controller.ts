import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import {
  markdownCreateSchema,
  markdownListQuerySchema,
  type Markdown,
  type MarkdownCreate,
  type MarkdownListQuery,
  type TokenClaims,
} from '@garage/contracts';
import { CurrentUser, IdPipe, SignedIn, ZodPipe } from '@garage/service-kit';
import { MarkdownsService } from './markdowns.service.js';

@Controller('api/markdowns')
export class MarkdownsController {
  constructor(@Inject(MarkdownsService) private readonly markdowns: MarkdownsService) {}

  @Post()
  @SignedIn()
  @HttpCode(201)
  schedule(@CurrentUser() caller: TokenClaims, @Body(new ZodPipe(markdownCreateSchema)) body: MarkdownCreate): Promise<Markdown> {
    return this.markdowns.schedule(caller.userId, body);
  }

  @Get()
  @SignedIn()
  list(@CurrentUser() caller: TokenClaims, @Query(new ZodPipe(markdownListQuerySchema)) query: MarkdownListQuery): Promise<Markdown[]> {
    return this.markdowns.list(caller.userId, query.saleId);
  }

  @Delete(':id')
  @SignedIn()
  @HttpCode(204)
  cancel(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number): Promise<void> {
    return this.markdowns.cancel(caller.userId, id);
  }
}
