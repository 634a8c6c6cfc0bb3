import { Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import type { Membership, MembershipRefund, ReceiptList, TokenClaims } from '@garage/contracts';
import { CurrentUser, SignedIn } from '@garage/service-kit';
import { MembershipAccountService } from './membership-account.service.js';

/** The caller's own membership: every call acts on the signed-in member only (no id in the path). */
@Controller('api/payments')
@SignedIn()
export class MembershipController {
  constructor(@Inject(MembershipAccountService) private readonly account: MembershipAccountService) {}

  @Get('membership')
  view(@CurrentUser() caller: TokenClaims): Promise<Membership> {
    return this.account.view(caller.userId);
  }

  @Post('membership/cancel')
  @HttpCode(200)
  cancel(@CurrentUser() caller: TokenClaims): Promise<Membership> {
    return this.account.cancel(caller.userId);
  }

  @Post('membership/resume')
  @HttpCode(200)
  resume(@CurrentUser() caller: TokenClaims): Promise<Membership> {
    return this.account.resume(caller.userId);
  }

  @Post('membership/refund')
  @HttpCode(200)
  refund(@CurrentUser() caller: TokenClaims): Promise<MembershipRefund> {
    return this.account.refund(caller.userId);
  }

  @Get('receipts')
  receipts(@CurrentUser() caller: TokenClaims): Promise<ReceiptList> {
    return this.account.receipts(caller.userId);
  }
}
