import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import {
  saleListQuerySchema,
  saleUpdateSchema,
  type Sale,
  type SaleForm,
  type SaleListQuery,
  type SaleUpdate,
  type TokenClaims,
} from '@garage/contracts';
import { CurrentUser, CurrentViewer, IdPipe, SignedIn, ZodPipe, type Viewer } from '@garage/service-kit';
import { CurrentClient, type Client } from '../stats/sale-views.js';
import { SaleCreatePipe } from './sale-form.pipe.js';
import { SalesService } from './sales.service.js';

@Controller('api/sales')
export class SalesController {
  constructor(@Inject(SalesService) private readonly sales: SalesService) {}

  @Get()
  browse(@Query(new ZodPipe(saleListQuerySchema)) query: SaleListQuery, @CurrentViewer() viewer: Viewer): Promise<Sale[]> {
    return this.sales.browse(query, viewer);
  }

  @Get('my-sales')
  @SignedIn()
  mine(@CurrentUser() caller: TokenClaims): Promise<Sale[]> {
    return this.sales.mine(caller.userId);
  }

  @Get(':id')
  get(@Param('id', IdPipe) id: number, @CurrentViewer() viewer: Viewer, @CurrentClient() client: Client): Promise<Sale> {
    return this.sales.get(id, viewer, client);
  }

  @Post()
  @SignedIn()
  @HttpCode(201)
  create(@CurrentUser() caller: TokenClaims, @Body(SaleCreatePipe) form: SaleForm): Promise<Sale> {
    return this.sales.create(caller.userId, form);
  }

  @Put(':id')
  @SignedIn()
  update(
    @CurrentUser() caller: TokenClaims,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(saleUpdateSchema)) form: SaleUpdate,
  ): Promise<Sale> {
    return this.sales.update(caller.userId, id, form);
  }

  @Delete(':id')
  @SignedIn()
  @HttpCode(204)
  remove(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number): Promise<void> {
    return this.sales.remove(caller.userId, id);
  }
}
