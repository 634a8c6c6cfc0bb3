import type { ServiceDefinition } from '@garage/service-kit';
import { itemsConfig } from './config.js';
import { ItemsModule } from './items.module.js';
import { Items1763700000300 } from './migrations/1763700000300-items.js';
import { SearchGeneration1763700000400 } from './migrations/1763700000400-search-generation.js';
import { ShownGeneration1763700000500 } from './migrations/1763700000500-shown-generation.js';
import { SearchChanges1763700000600 } from './migrations/1763700000600-search-changes.js';
import { PaidReservations1763700000700 } from './migrations/1763700000700-paid-reservations.js';
import { ProjectionShapes1764200000000 } from './migrations/1764200000000-projection-shapes.js';
import { CommunitySaleFields1764300000100 } from './migrations/1764300000100-community-sale-fields.js';
import { CommunitySaleSearch1764300000200 } from './migrations/1764300000200-community-sale-search.js';
import { LiveState1764400000300 } from './migrations/1764400000300-live-state.js';
import { SaleKitFields1764400000000 } from './migrations/1764400000000-sale-kit-fields.js';
import { Offers1764600000100 } from './migrations/1764600000100-offers.js';
import { OfferExpiryJob } from './offers/offer-expiry.job.js';
import { ReservationsSweepJob } from './reservations/reservations-sweep.job.js';
import { SearchChangesJob } from './search/search-changes.job.js';

export { matchListQuery, SEARCH_LIMIT, searchQuery, type SearchCriteria } from './search/search.repository.js';
export { communitySaleSearchQuery } from './search/community-sale-search.js';

/** Items, their availability and assignment to sales, item search, reservations and offers. */
export const itemsService: ServiceDefinition<typeof itemsConfig> = {
  name: 'items',
  config: itemsConfig,
  module: ItemsModule,
  migrations: [
    Items1763700000300,
    SearchGeneration1763700000400,
    ShownGeneration1763700000500,
    SearchChanges1763700000600,
    PaidReservations1763700000700,
    ProjectionShapes1764200000000,
    CommunitySaleFields1764300000100,
    CommunitySaleSearch1764300000200,
    LiveState1764400000300,
    SaleKitFields1764400000000,
    Offers1764600000100,
  ],
  onStart: async (app) => {
    const jobs = [app.get(SearchChangesJob).start(), app.get(ReservationsSweepJob).start(), app.get(OfferExpiryJob).start()];
    return { stop: async () => void (await Promise.all(jobs.map((job) => job.stop()))) };
  },
};
