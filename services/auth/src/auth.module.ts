import { readFileSync } from 'node:fs';
import { Module } from '@nestjs/common';
import { developmentKeys, SERVICE_CONFIG, TokenSigner, unescapePem } from '@garage/service-kit';
import { AccountsController } from './accounts/accounts.controller.js';
import { AccountsService } from './accounts/accounts.service.js';
import { LoginThrottle } from './accounts/login-throttle.js';
import { PasswordHasher } from './accounts/password-hasher.js';
import { OnMembershipRefundedHandler } from './handlers/on-membership-refunded.handler.js';
import { OnPaymentSucceededHandler } from './handlers/on-payment-succeeded.handler.js';
import { OnReservationRatedHandler } from './handlers/on-reservation-rated.handler.js';
import { PremiumRepository } from './premium/premium.repository.js';
import type { AuthConfig } from './config.js';
import { UsersController } from './users/users.controller.js';
import { UsersOwnerController } from './users/users-owner.controller.js';
import { UsersRepository } from './users/users.repository.js';
import { UsersService } from './users/users.service.js';

/** The private key signs tokens; only this service holds it. */
function privateKeyOf(config: AuthConfig): string {
  if (config.JWT_PRIVATE_KEY) return unescapePem(config.JWT_PRIVATE_KEY);
  if (config.JWT_PRIVATE_KEY_FILE) return readFileSync(config.JWT_PRIVATE_KEY_FILE, 'utf8');
  return developmentKeys(config.DATA_DIR).privateKey;
}

@Module({
  controllers: [
    AccountsController,
    UsersController,
    UsersOwnerController,
    OnPaymentSucceededHandler,
    OnMembershipRefundedHandler,
    OnReservationRatedHandler,
  ],
  providers: [
    AccountsService,
    UsersService,
    UsersRepository,
    LoginThrottle,
    PremiumRepository,
    { provide: PasswordHasher, useValue: new PasswordHasher() },
    {
      provide: TokenSigner,
      inject: [SERVICE_CONFIG],
      useFactory: (config: AuthConfig) => TokenSigner.fromPem(privateKeyOf(config), config.JWT_TTL_SECONDS),
    },
  ],
})
export class AuthModule {}
