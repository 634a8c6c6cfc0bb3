import type { ServiceDefinition } from '@garage/service-kit';
import { shopperConfig } from './config.js';
import { Shopper1763700000600 } from './migrations/1763700000600-shopper.js';
import { ReservationAlerts1763700000700 } from './migrations/1763700000700-reservation-alerts.js';
import { MembershipNotices1763700000800 } from './migrations/1763700000800-membership-notices.js';
import { ProjectionShapes1764200000000 } from './migrations/1764200000000-projection-shapes.js';
import { AlertEmailJob } from './notifications/alert-email.job.js';
import { DigestJob } from './notifications/digest.job.js';
import { Notifier } from './notifications/notifier.port.js';
import { ShopperModule } from './shopper.module.js';

export { MATCH_ITEM_SQL, VISIBLE_ITEM_SQL } from './matching/matches.repository.js';
export { boundingBox } from '@garage/contracts';

/**
 * What shoppers keep and are told: favourites, saved searches with alerts (in the app and by
 * email), cancel and change alerts, route plans, and calendar files.
 */
export const shopperService: ServiceDefinition<typeof shopperConfig> = {
  name: 'shopper',
  config: shopperConfig,
  productionRequired: ['ALERTS_SECRET', 'PUBLIC_URL'],
  module: ShopperModule,
  migrations: [Shopper1763700000600, ReservationAlerts1763700000700, MembershipNotices1763700000800, ProjectionShapes1764200000000],
  onStart: async (app) => {
    const emails = app.get(AlertEmailJob).start();
    const digests = app.get(DigestJob).start();
    const notifier = app.get(Notifier);
    return {
      stop: async () => {
        await digests.stop();
        await emails.stop();
        await notifier.close();
      },
    };
  },
};
