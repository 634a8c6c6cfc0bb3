import { Inject, Injectable } from '@nestjs/common';
import { PREMIUM_REQUIRED, type TokenClaims } from '@garage/contracts';
import { Clock, forbidden } from '@garage/service-kit';
import { UsersRepository } from '../projections/users.repository.js';

/** Premium membership for the calls it allows or refuses: payments' word (never the token's). */
@Injectable()
export class MembershipService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * Premium now, as payments has it: this service's copy hears of a payment or a refund two events
   * later, after the member's next call may already have come. The copy answers only when payments
   * cannot be asked (see `UserProjection.isPremiumAskingPayments`).
   */
  isPremium(userId: number): Promise<boolean> {
    return this.users.isPremiumAskingPayments(userId, this.clock.now());
  }

  /** `403 Premium membership required` unless the caller is premium now (see `isPremium`). */
  async requirePremium(caller: TokenClaims): Promise<void> {
    if (!(await this.isPremium(caller.userId))) throw forbidden(PREMIUM_REQUIRED);
  }
}
