import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import {
  itemCreateSchema,
  itemUpdateSchema,
  myItemsQuerySchema,
  type Item,
  type ItemCreate,
  type ItemUpdate,
  type TokenClaims,
} from '@garage/contracts';
import { CurrentUser, CurrentViewer, IdPipe, SignedIn, ZodPipe, type Viewer } from '@garage/service-kit';
import { ItemViews } from '../stats/item-views.js';
import { ItemsService } from './items.service.js';

@Controller('api/items')
export class ItemsController {
  constructor(
    @Inject(ItemsService) private readonly items: ItemsService,
    @Inject(ItemViews) private readonly views: ItemViews,
  ) {}

  @Post()
  @SignedIn()
  @HttpCode(201)
  create(@CurrentUser() caller: TokenClaims, @Body(new ZodPipe(itemCreateSchema)) body: ItemCreate): Promise<Item> {
    return this.items.create(caller, body);
  }

  @Get('my-items')
  @SignedIn()
  mine(
    @CurrentUser() caller: TokenClaims,
    @Query(new ZodPipe(myItemsQuerySchema)) query: { includeAll?: 'true' | 'false' },
  ): Promise<Item[]> {
    return this.items.mine(caller, query.includeAll === 'true');
  }

  /** The items of a sale, for the gateway's composed `GET /api/sales/{id}`. */
  @Get('by-sale/:id')
  ofSale(@Param('id', IdPipe) saleId: number, @CurrentViewer() viewer: Viewer): Promise<Item[]> {
    return this.items.ofSale(saleId, viewer);
  }

  /** One item; a read by anyone but its owner counts as a view of it in its sale's stats. */
  @Get(':id')
  async get(@Param('id', IdPipe) id: number, @CurrentViewer() viewer: Viewer): Promise<Item> {
    const item = await this.items.get(id, viewer);
    this.views.read(item, viewer);
    return item;
  }

  @Put(':id')
  @SignedIn()
  update(
    @CurrentUser() caller: TokenClaims,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(itemUpdateSchema)) body: ItemUpdate,
  ): Promise<Item> {
    return this.items.update(caller, id, body);
  }

  @Delete(':id')
  @SignedIn()
  @HttpCode(204)
  delete(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number): Promise<void> {
    return this.items.delete(caller, id);
  }
}
