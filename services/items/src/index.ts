import type { ServiceDefinition } from '@garage/service-kit';
import { itemsConfig } from './config.js';
import { ItemsModule } from './items.module.js';
import { Items1763700000300 } from './migrations/1763700000300-items.js';
import { SearchGeneration1763700000400 } from './migrations/1763700000400-search-generation.js';
import { OnSaleChangedHandler } from './projections/on-sale-changed.handler.js';
import { OnSaleDeletedHandler } from './projections/on-sale-deleted.handler.js';
import { OnUserChangedHandler } from './projections/on-user-changed.handler.js';

export { SEARCH_LIMIT, searchQuery, type SearchCriteria } from './search/search.repository.js';

/** Items, their availability and assignment to sales, item search, and reservations. */
export const itemsService: ServiceDefinition<typeof itemsConfig> = {
  name: 'items',
  config: itemsConfig,
  module: ItemsModule,
  migrations: [Items1763700000300, SearchGeneration1763700000400],
  handlers: (app) => [app.get(OnSaleChangedHandler), app.get(OnSaleDeletedHandler), app.get(OnUserChangedHandler)],
};
