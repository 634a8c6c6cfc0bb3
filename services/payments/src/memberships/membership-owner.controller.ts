import { Controller, Get, Inject, Param } from '@nestjs/common';
import type { MemberPremium } from '@garage/contracts';
import { IdPipe } from '@garage/service-kit';
import { MembershipStanding } from './membership-standing.js';

/**
 * Payments' word on one member's premium, for the services whose premium-only calls must agree
 * with a payment or refund the member has just been answered (see `Owners.membership` in
 * service-kit). Every id is answered: payments does not own users, and "no membership" is an
 * answer (`premiumExpiresAt: null`), not a 404. Under `/internal`, which the gateway never routes.
 */
@Controller('internal/memberships')
export class MembershipOwnerController {
  constructor(@Inject(MembershipStanding) private readonly standing: MembershipStanding) {}

  @Get(':userId')
  membership(@Param('userId', IdPipe) userId: number): Promise<MemberPremium> {
    return this.standing.of(userId);
  }
}
