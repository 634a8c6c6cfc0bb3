import type { ServiceDefinition } from '@garage/service-kit';
import { shopperConfig } from './config.js';
import { Shopper1763700000600 } from './migrations/1763700000600-shopper.js';
import { ReservationAlerts1763700000700 } from './migrations/1763700000700-reservation-alerts.js';
import { MembershipNotices1763700000800 } from './migrations/1763700000800-membership-notices.js';
import { ProjectionShapes1764200000000 } from './migrations/1764200000000-projection-shapes.js';
import { Matches1763700001000 } from './migrations/1763700001000-matches.js';
import { CommunitySales1764300000100 } from './migrations/1764300000100-community-sales.js';
import { LiveState1764400000300 } from './migrations/1764400000300-live-state.js';
import { SaleKitFields1764400000000 } from './migrations/1764400000000-sale-kit-fields.js';
import { ShopperModule } from './shopper.module.js';

export { MATCH_ITEM_SQL, VISIBLE_ITEM_SQL } from './matching/matches.repository.js';
export { boundingBox } from '@garage/contracts';

/**
 * What shoppers keep: favourites, saved searches and their matches, route plans, calendar files,
 * follows of community sales. It decides who is told what (a match, a followed sale cancelled or
 * changed, a community sale cancelled or moved to its rain date) and asks the
 * notifications service to tell them (`notice.requested`).
 */
export const shopperService: ServiceDefinition<typeof shopperConfig> = {
  name: 'shopper',
  config: shopperConfig,
  productionRequired: ['PUBLIC_URL'],
  module: ShopperModule,
  migrations: [
    Shopper1763700000600,
    ReservationAlerts1763700000700,
    MembershipNotices1763700000800,
    Matches1763700001000,
    ProjectionShapes1764200000000,
    CommunitySales1764300000100,
    LiveState1764400000300,
    SaleKitFields1764400000000,
  ],
};
