import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { FavoriteIds, Favorites, FavoriteSaved, TokenClaims } from '@garage/contracts';
import { CurrentUser, IdPipe, SignedIn } from '@garage/service-kit';
import { FavoritesService } from './favorites.service.js';

@Controller('api/favorites')
@SignedIn()
export class FavoritesController {
  constructor(@Inject(FavoritesService) private readonly favorites: FavoritesService) {}

  @Get()
  list(@CurrentUser() caller: TokenClaims): Promise<Favorites> {
    return this.favorites.list(caller.userId);
  }

  @Get('ids')
  ids(@CurrentUser() caller: TokenClaims): Promise<FavoriteIds> {
    return this.favorites.ids(caller.userId);
  }

  /** 201 when newly saved, 200 when it already was. */
  @Post('sales/:id')
  async saveSale(
    @CurrentUser() caller: TokenClaims,
    @Param('id', IdPipe) id: number,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<FavoriteSaved> {
    const { created, body } = await this.favorites.saveSale(caller.userId, id);
    void reply.status(created ? 201 : 200);
    return body;
  }

  @Delete('sales/:id')
  @HttpCode(204)
  removeSale(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number): Promise<void> {
    return this.favorites.removeSale(caller.userId, id);
  }

  @Post('items/:id')
  async saveItem(
    @CurrentUser() caller: TokenClaims,
    @Param('id', IdPipe) id: number,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<FavoriteSaved> {
    const { created, body } = await this.favorites.saveItem(caller.userId, id);
    void reply.status(created ? 201 : 200);
    return body;
  }

  @Delete('items/:id')
  @HttpCode(204)
  removeItem(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number): Promise<void> {
    return this.favorites.removeItem(caller.userId, id);
  }
}
