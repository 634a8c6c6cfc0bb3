import type { ServiceDefinition } from '@garage/service-kit';
import { notificationsConfig } from './config.js';
import { AlertEmailJob } from './email/alert-email.job.js';
import { DigestJob } from './email/digest.job.js';
import { MessageDigestJob } from './email/message-digest.job.js';
import { Notifier } from './email/notifier.port.js';
import { Notifications1763700000900 } from './migrations/1763700000900-notifications.js';
import { CommunitySaleNotices1764300000200 } from './migrations/1764300000200-community-sale-notices.js';
import { DropOutNotices1764400000300 } from './migrations/1764400000300-drop-out-notices.js';
import { MessageNotices1764500000200 } from './migrations/1764500000200-message-notices.js';
import { PriceDropNotices1764500000300 } from './migrations/1764500000300-price-drop-notices.js';
import { DropOutEmails1764600000200 } from './migrations/1764600000200-drop-out-emails.js';
import { OfferNotices1764600000300 } from './migrations/1764600000300-offer-notices.js';
import { MessageDigests1764700000200 } from './migrations/1764700000200-message-digests.js';
import { NotificationsModule } from './notifications.module.js';

/**
 * Every notice a member receives, in the app (the bell) and by email: saved-search matches and
 * followed sales and community sales (asked for by shopper), reservation notices, membership receipts and notices.
 */
export const notificationsService: ServiceDefinition<typeof notificationsConfig> = {
  name: 'notifications',
  config: notificationsConfig,
  productionRequired: ['ALERTS_SECRET', 'PUBLIC_URL'],
  module: NotificationsModule,
  migrations: [
    Notifications1763700000900,
    CommunitySaleNotices1764300000200,
    DropOutNotices1764400000300,
    MessageNotices1764500000200,
    PriceDropNotices1764500000300,
    DropOutEmails1764600000200,
    OfferNotices1764600000300,
    MessageDigests1764700000200,
  ],
  onStart: async (app) => {
    const emails = app.get(AlertEmailJob).start();
    const digests = app.get(DigestJob).start();
    const messageDigests = app.get(MessageDigestJob).start();
    const notifier = app.get(Notifier);
    return {
      stop: async () => {
        await messageDigests.stop();
        await digests.stop();
        await emails.stop();
        await notifier.close();
      },
    };
  },
};
