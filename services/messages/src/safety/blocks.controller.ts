import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { blockBodySchema, CANNOT_BLOCK_SELF, type BlockBody, type TokenClaims } from '@garage/contracts';
import { badRequest, CurrentUser, SignedIn, ZodPipe } from '@garage/service-kit';
import { SafetyRepository } from './safety.repository.js';

/** A member blocks another: the blocked one is not told (decision 0201). */
@Controller('api/blocks')
@SignedIn()
export class BlocksController {
  constructor(@Inject(SafetyRepository) private readonly safety: SafetyRepository) {}

  @Post()
  @HttpCode(201)
  async block(@CurrentUser() caller: TokenClaims, @Body(new ZodPipe(blockBodySchema)) body: BlockBody) {
    if (body.userId === caller.userId) throw badRequest(CANNOT_BLOCK_SELF, [{ field: 'userId', message: CANNOT_BLOCK_SELF }]);
    const since = await this.safety.block(caller.userId, body.userId);
    return { userId: body.userId, createdAt: since.toISOString() };
  }
}
