import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { communitySaleJoinSchema, type CommunitySaleEntry, type CommunitySaleJoin, type TokenClaims } from '@garage/contracts';
import { acceptedEncoding, CurrentUser, CurrentViewer, IdPipe, SignedIn, ZodPipe, type Viewer } from '@garage/service-kit';
import { send, type Reply } from './community-sale-pages.js';
import { CommunitySaleEntriesService } from './community-sale-entries.service.js';

/** The sales of a community sale: its numbered list, join, approve, leave or remove. */
@Controller('api/community-sales')
export class CommunitySaleEntriesController {
  constructor(@Inject(CommunitySaleEntriesService) private readonly entries: CommunitySaleEntriesService) {}

  /** Answers `CommunitySaleEntry[]` as JSON text, compressed when the client takes br or gzip. */
  @Get(':id/sales')
  async list(
    @Param('id', IdPipe) id: number,
    @CurrentViewer() viewer: Viewer,
    @Headers('accept-encoding') accepts: string | undefined,
    @Res({ passthrough: true }) reply: Reply,
  ): Promise<string | Buffer> {
    return send(reply, await this.entries.list(id, viewer, acceptedEncoding(accepts)));
  }

  /** 201 when it joined now, 200 when it had already joined. */
  @Post(':id/sales')
  @SignedIn()
  async join(
    @CurrentUser() caller: TokenClaims,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(communitySaleJoinSchema)) body: CommunitySaleJoin,
    @Res({ passthrough: true }) response: Reply,
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
