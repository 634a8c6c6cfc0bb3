import type { ServiceDefinition } from '@garage/service-kit';
import { shopperConfig } from './config.js';
import { Shopper1763700000600 } from './migrations/1763700000600-shopper.js';
import { ReservationAlerts1763700000700 } from './migrations/1763700000700-reservation-alerts.js';
import { OnReservationEndedHandler } from './reservations/on-reservation-ended.handler.js';
import { AlertEmailJob } from './notifications/alert-email.job.js';
import { DigestJob } from './notifications/digest.job.js';
import { Notifier } from './notifications/notifier.port.js';
import { OnItemChangedHandler } from './projections/on-item-changed.handler.js';
import { OnItemDeletedHandler } from './projections/on-item-deleted.handler.js';
import { OnSaleChangedHandler } from './projections/on-sale-changed.handler.js';
import { OnSaleDeletedHandler } from './projections/on-sale-deleted.handler.js';
import { OnUserChangedHandler } from './projections/on-user-changed.handler.js';
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
  migrations: [Shopper1763700000600, ReservationAlerts1763700000700],
  handlers: (app) => [
    app.get(OnUserChangedHandler),
    app.get(OnSaleChangedHandler),
    app.get(OnSaleDeletedHandler),
    app.get(OnItemChangedHandler),
    app.get(OnItemDeletedHandler),
    app.get(OnReservationEndedHandler),
  ],
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
