import { Body, Controller, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import {
  checkInBodySchema,
  liveStatusBodySchema,
  type CheckInBody,
  type CheckInResult,
  type LiveStatusBody,
  type Sale,
  type TokenClaims,
} from '@garage/contracts';
import { CurrentUser, IdPipe, SignedIn, ZodPipe } from '@garage/service-kit';
import { LiveStatusService } from './live-status.service.js';

@Controller('api/sales')
export class LiveStatusController {
  constructor(@Inject(LiveStatusService) private readonly liveStatus: LiveStatusService) {}

  @Put(':id/live-status')
  @SignedIn()
  say(
    @CurrentUser() caller: TokenClaims,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(liveStatusBodySchema)) body: LiveStatusBody,
  ): Promise<Sale> {
    return this.liveStatus.say(caller.userId, id, body.state);
  }

  @Post(':id/check-ins')
  @SignedIn()
  @HttpCode(201)
  checkIn(
    @CurrentUser() caller: TokenClaims,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(checkInBodySchema)) body: CheckInBody,
  ): Promise<CheckInResult> {
    return this.liveStatus.checkIn(caller.userId, id, body);
  }
}
