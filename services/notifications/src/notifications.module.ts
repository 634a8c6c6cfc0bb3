import { Module } from '@nestjs/common';
import { LiveUpdatesPublisher } from '@garage/service-kit';
import { AlertsController } from './alerts/alerts.controller.js';
import { AlertsRepository } from './alerts/alerts.repository.js';
import { AlertsService } from './alerts/alerts.service.js';
import { AlertEmailJob } from './email/alert-email.job.js';
import { DevMailController } from './email/dev-mail.controller.js';
import { DigestJob } from './email/digest.job.js';
import { EmailsRepository } from './email/emails.repository.js';
import { MessageDigestJob } from './email/message-digest.job.js';
import { MessageDigestsRepository } from './email/message-digests.repository.js';
import { notifierProvider, unsubscribeTokensProvider } from './email/notifier.provider.js';
import { OnConversationReadHandler } from './handlers/on-conversation-read.handler.js';
import { OnMessageSentHandler } from './handlers/on-message-sent.handler.js';
import { OnMembershipChangedHandler } from './handlers/on-membership-changed.handler.js';
import { OnOfferChangedHandler } from './handlers/on-offer-changed.handler.js';
import { OnNoticeRequestedHandler } from './handlers/on-notice-requested.handler.js';
import { OnReservationChangedHandler } from './handlers/on-reservation-changed.handler.js';
import { OnReservationEndedHandler } from './handlers/on-reservation-ended.handler.js';
import { OnSaleLiveStateHandler } from './handlers/on-sale-live-state.handler.js';
import { OnUserChangedHandler } from './handlers/on-user-changed.handler.js';
import { MembershipNotices } from './membership-notices/membership-notices.js';
import { UnsubscribeController } from './unsubscribe/unsubscribe.controller.js';
import { UnsubscribeService } from './unsubscribe/unsubscribe.service.js';
import { UsersRepository } from './users/users.repository.js';

@Module({
  controllers: [
    AlertsController,
    UnsubscribeController,
    DevMailController,
    OnNoticeRequestedHandler,
    OnReservationEndedHandler,
    OnMembershipChangedHandler,
    OnUserChangedHandler,
    OnMessageSentHandler,
    OnConversationReadHandler,
    OnOfferChangedHandler,
    OnReservationChangedHandler,
    OnSaleLiveStateHandler,
  ],
  providers: [
    UsersRepository,
    AlertsRepository,
    AlertsService,
    MembershipNotices,
    UnsubscribeService,
    EmailsRepository,
    AlertEmailJob,
    DigestJob,
    MessageDigestsRepository,
    MessageDigestJob,
    LiveUpdatesPublisher,
    notifierProvider,
    unsubscribeTokensProvider,
  ],
})
export class NotificationsModule {}
