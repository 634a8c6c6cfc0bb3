import type { ServiceDefinition } from '@garage/service-kit';
import { paymentsConfig } from './config.js';
import { MembershipRenewalsJob } from './memberships/membership-renewals.job.js';
import { Payments1763700000500 } from './migrations/1763700000500-payments.js';
import { RenewingMemberships1763700000510 } from './migrations/1763700000510-renewing-memberships.js';
import { PaymentsModule } from './payments.module.js';
import { keepRawBody } from './webhooks/raw-body.js';
import { WEBHOOK_PATH } from './webhooks/webhooks.controller.js';

export { MembershipRenewalsJob } from './memberships/membership-renewals.job.js';

/** Premium payments: yearly memberships that renew until cancelled, refunds, provider webhooks; publishes `payment.succeeded` and `membership.*`. */
export const paymentsService: ServiceDefinition<typeof paymentsConfig> = {
  name: 'payments',
  config: paymentsConfig,
  module: PaymentsModule,
  migrations: [Payments1763700000500, RenewingMemberships1763700000510],
  configureHttp: keepRawBody([WEBHOOK_PATH]),
  onStart: async (app) => app.get(MembershipRenewalsJob).start(),
};
