import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  routePlanBodySchema,
  type RoutePlan,
  type RoutePlanBody,
  type RoutePlanPreview,
  type RoutePlanSummary,
  type TokenClaims,
} from '@garage/contracts';
import { CurrentUser, IdPipe, SignedIn, ZodPipe } from '@garage/service-kit';
import { sendCalendar } from '../calendar/calendar-reply.js';
import { RoutePlansService } from './route-plans.service.js';

@Controller('api/route-plans')
@SignedIn()
export class RoutePlansController {
  constructor(@Inject(RoutePlansService) private readonly plans: RoutePlansService) {}

  @Post('preview')
  @HttpCode(200)
  preview(@CurrentUser() caller: TokenClaims, @Body(new ZodPipe(routePlanBodySchema)) body: RoutePlanBody): Promise<RoutePlanPreview> {
    return this.plans.preview(caller, body);
  }

  @Post()
  @HttpCode(201)
  create(@CurrentUser() caller: TokenClaims, @Body(new ZodPipe(routePlanBodySchema)) body: RoutePlanBody): Promise<RoutePlan> {
    return this.plans.create(caller, body);
  }

  @Get()
  list(@CurrentUser() caller: TokenClaims): Promise<RoutePlanSummary[]> {
    return this.plans.list(caller.userId);
  }

  @Get(':id')
  get(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number): Promise<RoutePlan> {
    return this.plans.get(caller.userId, id);
  }

  @Delete(':id')
  @HttpCode(204)
  delete(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number): Promise<void> {
    return this.plans.delete(caller.userId, id);
  }

  @Get(':id/calendar.ics')
  async calendar(
    @CurrentUser() caller: TokenClaims,
    @Param('id', IdPipe) id: number,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return sendCalendar(reply, await this.plans.calendar(caller.userId, id));
  }
}
