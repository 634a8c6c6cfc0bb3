import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import {
  confirmSubscriptionBodySchema,
  type ConfirmSubscriptionBody,
  type ConfirmSubscriptionResponse,
  type PaymentsConfig,
  type SubscribeResponse,
  type TokenClaims,
} from '@garage/contracts';
import { CurrentUser, SignedIn, ZodPipe } from '@garage/service-kit';
import { SubscriptionsService } from './subscriptions.service.js';

@Controller('api/payments')
export class SubscriptionsController {
  constructor(@Inject(SubscriptionsService) private readonly subscriptions: SubscriptionsService) {}

  @Get('config')
  config(): PaymentsConfig {
    return this.subscriptions.config();
  }

  @Post('subscribe')
  @SignedIn()
  @HttpCode(200)
  subscribe(@CurrentUser() caller: TokenClaims): Promise<SubscribeResponse> {
    return this.subscriptions.subscribe(caller.userId, caller.email ?? null);
  }

  @Post('confirm-subscription')
  @SignedIn()
  @HttpCode(200)
  confirm(
    @CurrentUser() caller: TokenClaims,
    @Body(new ZodPipe(confirmSubscriptionBodySchema)) body: ConfirmSubscriptionBody,
  ): Promise<ConfirmSubscriptionResponse> {
    return this.subscriptions.confirm(caller.userId, body.paymentIntentId);
  }
}
