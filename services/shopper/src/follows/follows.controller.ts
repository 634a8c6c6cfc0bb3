import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { CommunitySaleFollow, TokenClaims } from '@garage/contracts';
import { CurrentUser, IdPipe, SignedIn } from '@garage/service-kit';
import { FollowsService } from './follows.service.js';

/** Following a community sale (its page's Follow button); the community sale itself is the sales service's. */
@Controller('api/community-sales')
@SignedIn()
export class FollowsController {
  constructor(@Inject(FollowsService) private readonly follows: FollowsService) {}

  @Get(':id/follow')
  get(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number): Promise<CommunitySaleFollow> {
    return this.follows.get(caller.userId, id);
  }

  /** 201 when newly followed, 200 when it already was. */
  @Post(':id/follow')
  async follow(
    @CurrentUser() caller: TokenClaims,
    @Param('id', IdPipe) id: number,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CommunitySaleFollow> {
    const { created, body } = await this.follows.follow(caller.userId, id);
    void reply.status(created ? 201 : 200);
    return body;
  }

  @Delete(':id/follow')
  @HttpCode(204)
  unfollow(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number): Promise<void> {
    return this.follows.unfollow(caller.userId, id);
  }
}
