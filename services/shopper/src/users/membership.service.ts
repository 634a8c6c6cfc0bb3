import { Inject, Injectable } from '@nestjs/common';
import { PREMIUM_REQUIRED, type TokenClaims } from '@garage/contracts';
import { Clock, forbidden } from '@garage/service-kit';
import { UsersRepository } from '../projections/users.repository.js';

/** Premium membership, as this service's projection of the user has it (never the token's word). */
@Injectable()
export class MembershipService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * Premium now; a "no" from this service's copy is checked with auth first, since the caller's
   * `user.premium_activated` may still be on its way (a member who has just paid).
   */
  isPremium(userId: number): Promise<boolean> {
    return this.users.isPremiumOrAsk(userId, this.clock.now());
  }

  /** `403 Premium membership required` unless the caller is premium now (see `isPremium`). */
  async requirePremium(caller: TokenClaims): Promise<void> {
    if (!(await this.isPremium(caller.userId))) throw forbidden(PREMIUM_REQUIRED);
  }
}
