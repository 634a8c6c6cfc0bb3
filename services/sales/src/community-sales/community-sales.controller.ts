import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  communitySaleBodySchema,
  communitySaleListQuerySchema,
  type CommunitySale,
  type CommunitySaleBody,
  type CommunitySaleListQuery,
  type TokenClaims,
} from '@garage/contracts';
import { acceptedEncoding, CurrentUser, CurrentViewer, IdPipe, SignedIn, ZodPipe, type Viewer } from '@garage/service-kit';
import { send, type Reply } from './community-sale-pages.js';
import { CommunitySalesService } from './community-sales.service.js';

@Controller('api/community-sales')
export class CommunitySalesController {
  constructor(@Inject(CommunitySalesService) private readonly communitySales: CommunitySalesService) {}

  @Get()
  list(
    @Query(new ZodPipe(communitySaleListQuerySchema)) query: CommunitySaleListQuery,
    @CurrentViewer() viewer: Viewer,
  ): Promise<CommunitySale[]> {
    return this.communitySales.list(query, viewer);
  }

  @Post()
  @SignedIn()
  @HttpCode(201)
  create(@CurrentUser() caller: TokenClaims, @Body(new ZodPipe(communitySaleBodySchema)) body: CommunitySaleBody): Promise<CommunitySale> {
    return this.communitySales.create(caller.userId, body);
  }

  @Get(':id')
  async get(
    @Param('id', IdPipe) id: number,
    @Headers('accept-encoding') accepts: string | undefined,
    @Res({ passthrough: true }) reply: Reply,
  ): Promise<string | Buffer> {
    return send(reply, await this.communitySales.get(id, acceptedEncoding(accepts)));
  }

  @Put(':id')
  @SignedIn()
  update(
    @CurrentUser() caller: TokenClaims,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(communitySaleBodySchema)) body: CommunitySaleBody,
  ): Promise<CommunitySale> {
    return this.communitySales.update(caller.userId, id, body);
  }

  @Post(':id/cancel')
  @SignedIn()
  @HttpCode(200)
  cancel(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number): Promise<CommunitySale> {
    return this.communitySales.cancel(caller.userId, id);
  }

  @Post(':id/rain-date')
  @SignedIn()
  @HttpCode(200)
  moveToRainDate(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number): Promise<CommunitySale> {
    return this.communitySales.moveToRainDate(caller.userId, id);
  }
}
