import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { communitySaleJoinSchema, type CommunitySaleEntry, type CommunitySaleJoin, type TokenClaims } from '@garage/contracts';
import { CurrentUser, CurrentViewer, IdPipe, SignedIn, ZodPipe, type Viewer } from '@garage/service-kit';
import { CommunitySaleEntriesService } from './community-sale-entries.service.js';

/** The sales of a community sale: its numbered list, join, approve, leave or remove. */
@Controller('api/community-sales')
export class CommunitySaleEntriesController {
  constructor(@Inject(CommunitySaleEntriesService) private readonly entries: CommunitySaleEntriesService) {}

  @Get(':id/sales')
  list(@Param('id', IdPipe) id: number, @CurrentViewer() viewer: Viewer): Promise<CommunitySaleEntry[]> {
    return this.entries.list(id, viewer);
  }

  /** 201 when it joined now, 200 when it had already joined. */
  @Post(':id/sales')
  @SignedIn()
  async join(
    @CurrentUser() caller: TokenClaims,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(communitySaleJoinSchema)) body: CommunitySaleJoin,
    // Fastify's reply; only its status is set here.
    @Res({ passthrough: true }) response: { status(code: number): unknown },
  ): Promise<CommunitySaleEntry> {
    const { entry, created } = await this.entries.join(caller.userId, id, body.saleId);
    void response.status(created ? 201 : 200);
    return entry;
  }

  @Post(':id/sales/:saleId/approve')
  @SignedIn()
  @HttpCode(200)
  approve(
    @CurrentUser() caller: TokenClaims,
    @Param('id', IdPipe) id: number,
    @Param('saleId', IdPipe) saleId: number,
  ): Promise<CommunitySaleEntry> {
    return this.entries.approve(caller.userId, id, saleId);
  }

  @Delete(':id/sales/:saleId')
  @SignedIn()
  @HttpCode(204)
  leave(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number, @Param('saleId', IdPipe) saleId: number): Promise<void> {
    return this.entries.leave(caller.userId, id, saleId);
  }
}
