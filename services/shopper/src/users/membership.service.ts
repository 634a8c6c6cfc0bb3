import { Inject, Injectable } from '@nestjs/common';
import { PREMIUM_REQUIRED, type TokenClaims } from '@garage/contracts';
import { Clock, forbidden, SERVICE_CONFIG } from '@garage/service-kit';
import type { ShopperConfig } from '../config.js';
import { UsersRepository } from '../projections/users.repository.js';

/** Premium membership, as this service's projection of the user has it (never the token's word). */
@Injectable()
export class MembershipService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: ShopperConfig,
  ) {}

  isPremium(userId: number): Promise<boolean> {
    return this.users.isPremium(userId, this.clock.now());
  }

  /**
   * `403 Premium membership required` unless the caller is premium now, after waiting for the
   * caller's `user.premium_activated` if it may still be on its way (a member who has just paid).
   * Also keeps the caller's email (from the token) for the alerts this feature will send them.
   */
  async requirePremium(caller: TokenClaims): Promise<void> {
    const premium = await this.users.waitUntilPremium(caller.userId, this.clock.now(), this.config.PROJECTION_WAIT_MS);
    if (!premium) throw forbidden(PREMIUM_REQUIRED);
    await this.users.rememberEmail(caller.userId, caller.email);
  }
}
