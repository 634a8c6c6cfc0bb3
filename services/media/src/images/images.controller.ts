import { Controller, Get, Headers, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { TokenClaims, UploadResponse } from '@garage/contracts';
import { CurrentUser, SignedIn } from '@garage/service-kit';
import { IMAGE_CACHE_CONTROL } from './image-names.js';
import { ImagesService } from './images.service.js';
import { UploadedImage } from './uploaded-image.js';

@Controller('api/upload')
export class UploadsController {
  constructor(@Inject(ImagesService) private readonly images: ImagesService) {}

  @Post('image')
  @HttpCode(201)
  @SignedIn()
  upload(@CurrentUser() caller: TokenClaims, @UploadedImage() image: Buffer): Promise<UploadResponse> {
    return this.images.upload(caller.userId, image);
  }
}

@Controller('api/images')
export class ImagesController {
  constructor(@Inject(ImagesService) private readonly images: ImagesService) {}

  /** Public: item photos are shown to visitors too. Names never change content, so caches keep them for a year. */
  @Get(':name')
  async serve(
    @Param('name') name: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const image = await this.images.open(name, ifNoneMatch);
    void reply
      .header('content-type', image.contentType)
      .header('cache-control', IMAGE_CACHE_CONTROL)
      .header('etag', image.etag)
      .header('x-content-type-options', 'nosniff');
    if (!image.body) {
      void reply.status(304).send();
      return;
    }
    void reply.header('content-length', image.size).status(200).send(image.body);
  }
}
