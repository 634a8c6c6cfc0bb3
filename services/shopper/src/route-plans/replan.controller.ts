import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { routePlanReplanBodySchema, type RoutePlan, type RoutePlanReplanBody, type TokenClaims } from '@garage/contracts';
import { CurrentUser, IdPipe, SignedIn, ZodPipe } from '@garage/service-kit';
import { ReplanService } from './replan.service.js';

@Controller('api/route-plans')
@SignedIn()
export class ReplanController {
  constructor(@Inject(ReplanService) private readonly replans: ReplanService) {}

  @Post(':id/replan')
  @HttpCode(200)
  replan(
    @CurrentUser() caller: TokenClaims,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(routePlanReplanBodySchema)) body: RoutePlanReplanBody,
  ): Promise<RoutePlan> {
    return this.replans.replan(caller, id, body);
  }
}
