import type { ServiceDefinition } from '@garage/service-kit';
import { AuthModule } from './auth.module.js';
import { authConfig } from './config.js';
import { Users1763700000100 } from './migrations/1763700000100-users.js';
import { AppliedPayments1763700000200 } from './migrations/1763700000200-applied-payments.js';
import { EmailKey1763700000300 } from './migrations/1763700000300-email-key.js';
import { HostRatings1763700000400 } from './migrations/1763700000400-host-ratings.js';
import { MembershipRefunds1763700000450 } from './migrations/1763700000450-membership-refunds.js';
import { UserRow } from './users/user.row.js';
import { LoginThrottle } from './accounts/login-throttle.js';
import { RedisRateLimiter } from '@garage/service-kit';

/** Accounts, sign-in, profiles, premium status and sellers' ratings. */
export const authService: ServiceDefinition<typeof authConfig> = {
  name: 'auth',
  config: authConfig,
  productionRequired: ['JWT_PRIVATE_KEY'],
  module: AuthModule,
  entities: [UserRow],
  migrations: [
    Users1763700000100,
    AppliedPayments1763700000200,
    EmailKey1763700000300,
    HostRatings1763700000400,
    MembershipRefunds1763700000450,
  ],
  healthChecks: (app) => {
    const limiter = app.get(LoginThrottle).limiter;
    return limiter instanceof RedisRateLimiter ? [{ name: 'redis', check: () => limiter.ping() }] : [];
  },
};
