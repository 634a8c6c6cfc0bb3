import { Module } from '@nestjs/common';
import { SaleNoticesRepository } from './notices/sale-notices.repository.js';
import { CommunitySaleNotices } from './notices/community-sale-notices.js';
import { CommunitySaleSelection } from './community-sales/route-selection.js';
import { FollowsController } from './follows/follows.controller.js';
import { FollowsRepository } from './follows/follows.repository.js';
import { FollowsService } from './follows/follows.service.js';
import { OnCommunitySaleChangedHandler } from './handlers/on-community-sale-changed.handler.js';
import { OnCommunitySaleMembershipHandler } from './handlers/on-community-sale-membership.handler.js';
import { CommunitySalesRepository } from './projections/community-sales.repository.js';
import { SaleCalendarController } from './calendar/sale-calendar.controller.js';
import { SaleCalendarService } from './calendar/sale-calendar.service.js';
import { FavoritesController } from './favorites/favorites.controller.js';
import { FavoritesRepository } from './favorites/favorites.repository.js';
import { FavoritesService } from './favorites/favorites.service.js';
import { MatchesRepository } from './matching/matches.repository.js';
import { ItemsRepository } from './projections/items.repository.js';
import { OnItemChangedHandler } from './handlers/on-item-changed.handler.js';
import { OnMarkdownAppliedHandler } from './handlers/on-markdown-applied.handler.js';
import { OnItemDeletedHandler } from './handlers/on-item-deleted.handler.js';
import { OnSaleChangedHandler } from './handlers/on-sale-changed.handler.js';
import { OnSaleDeletedHandler } from './handlers/on-sale-deleted.handler.js';
import { OnUserChangedHandler } from './handlers/on-user-changed.handler.js';
import { OnNoticeUnsubscribedHandler } from './handlers/on-notice-unsubscribed.handler.js';
import { SalesRepository } from './projections/sales.repository.js';
import { UsersRepository } from './projections/users.repository.js';
import { RoutePlansController } from './route-plans/route-plans.controller.js';
import { DropOutMarks } from './route-plans/drop-out-marks.js';
import { ReplanController } from './route-plans/replan.controller.js';
import { ReplanService } from './route-plans/replan.service.js';
import { DropOutNotices } from './notices/drop-out-notices.js';
import { RoutePlansRepository } from './route-plans/route-plans.repository.js';
import { RoutePlansService, TRAVEL_MODEL } from './route-plans/route-plans.service.js';
import { greatCircleTravel } from './route-plans/travel.js';
import { ZipLocator } from './route-plans/zip-locator.port.js';
import { ZipTableLocator } from './route-plans/zip-table-locator.js';
import { SavedSearchesController } from './saved-searches/saved-searches.controller.js';
import { SavedSearchesRepository } from './saved-searches/saved-searches.repository.js';
import { SavedSearchesService } from './saved-searches/saved-searches.service.js';
import { MembershipService } from './users/membership.service.js';
import { SaleStatsOwnerController } from './stats/sale-stats.controller.js';
import { SaleStatsRepository } from './stats/sale-stats.repository.js';

@Module({
  controllers: [
    FavoritesController,
    SavedSearchesController,
    RoutePlansController,
    ReplanController,
    SaleCalendarController,
    FollowsController,
    SaleStatsOwnerController,
    OnItemChangedHandler,
    OnMarkdownAppliedHandler,
    OnItemDeletedHandler,
    OnSaleChangedHandler,
    OnSaleDeletedHandler,
    OnUserChangedHandler,
    OnNoticeUnsubscribedHandler,
    OnCommunitySaleChangedHandler,
    OnCommunitySaleMembershipHandler,
  ],
  providers: [
    SaleStatsRepository,
    SalesRepository,
    ItemsRepository,
    UsersRepository,
    MembershipService,
    FavoritesRepository,
    FavoritesService,
    SavedSearchesRepository,
    SavedSearchesService,
    MatchesRepository,
    SaleNoticesRepository,
    RoutePlansRepository,
    RoutePlansService,
    DropOutMarks,
    ReplanService,
    DropOutNotices,
    SaleCalendarService,
    CommunitySalesRepository,
    CommunitySaleNotices,
    CommunitySaleSelection,
    FollowsRepository,
    FollowsService,
    // The offline ZIP table and straight-line driving; a geocoder or routing service would be chosen here.
    { provide: ZipLocator, useClass: ZipTableLocator },
    { provide: TRAVEL_MODEL, useFactory: () => greatCircleTravel() },
  ],
})
export class ShopperModule {}
