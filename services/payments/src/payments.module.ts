import { Module } from '@nestjs/common';
import { LOGGER, SERVICE_CONFIG, type Logger } from '@garage/service-kit';
import type { PaymentsConfig } from './config.js';
import { MembershipAccountService } from './memberships/membership-account.service.js';
import { MembershipController } from './memberships/membership.controller.js';
import { MembershipOwnerController } from './memberships/membership-owner.controller.js';
import { MembershipSettling } from './memberships/membership-settling.js';
import { MembershipStanding } from './memberships/membership-standing.js';
import { MembershipRenewalsJob } from './memberships/membership-renewals.job.js';
import { MembershipsRepository } from './memberships/memberships.repository.js';
import { MembershipsService } from './memberships/memberships.service.js';
import { PaymentIntentsRepository } from './payment-intents/payment-intents.repository.js';
import { PaymentProvider, paymentProviderFrom } from '@garage/payment-provider';
import { SubscriptionsController } from './subscriptions/subscriptions.controller.js';
import { SubscriptionsService } from './subscriptions/subscriptions.service.js';
import { WebhookEventsRepository } from './webhooks/webhook-events.repository.js';
import { WebhooksController } from './webhooks/webhooks.controller.js';
import { WebhooksService } from './webhooks/webhooks.service.js';

@Module({
  controllers: [SubscriptionsController, MembershipController, MembershipOwnerController, WebhooksController],
  providers: [
    SubscriptionsService,
    WebhooksService,
    MembershipsService,
    MembershipAccountService,
    MembershipStanding,
    MembershipSettling,
    MembershipRenewalsJob,
    MembershipsRepository,
    PaymentIntentsRepository,
    WebhookEventsRepository,
    {
      provide: PaymentProvider,
      inject: [SERVICE_CONFIG, LOGGER],
      useFactory: (config: PaymentsConfig, logger: Logger) => paymentProviderFrom(config, logger),
    },
  ],
})
export class PaymentsModule {}
