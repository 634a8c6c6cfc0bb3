import { OnReservationEndedHandler } from './handlers/on-reservation-ended.handler.js';
import { OnMembershipChangedHandler } from './handlers/on-membership-changed.handler.js';
import { MembershipNotices } from './membership-notices/membership-notices.js';
import { Module } from '@nestjs/common';
import { AlertsController } from './alerts/alerts.controller.js';
import { AlertsRepository } from './alerts/alerts.repository.js';
import { AlertsService } from './alerts/alerts.service.js';
import { SaleAlertsRepository } from './alerts/sale-alerts.repository.js';
import { SaleCalendarController } from './calendar/sale-calendar.controller.js';
import { SaleCalendarService } from './calendar/sale-calendar.service.js';
import { FavoritesController } from './favorites/favorites.controller.js';
import { FavoritesRepository } from './favorites/favorites.repository.js';
import { FavoritesService } from './favorites/favorites.service.js';
import { MatchesRepository } from './matching/matches.repository.js';
import { AlertEmailJob } from './notifications/alert-email.job.js';
import { DevMailController } from './notifications/dev-mail.controller.js';
import { DigestJob } from './notifications/digest.job.js';
import { EmailsRepository } from './notifications/emails.repository.js';
import { notifierProvider, unsubscribeTokensProvider } from './notifications/notifier.provider.js';
import { ItemsRepository } from './projections/items.repository.js';
import { OnItemChangedHandler } from './handlers/on-item-changed.handler.js';
import { OnItemDeletedHandler } from './handlers/on-item-deleted.handler.js';
import { OnSaleChangedHandler } from './handlers/on-sale-changed.handler.js';
import { OnSaleDeletedHandler } from './handlers/on-sale-deleted.handler.js';
import { OnUserChangedHandler } from './handlers/on-user-changed.handler.js';
import { SalesRepository } from './projections/sales.repository.js';
import { UsersRepository } from './projections/users.repository.js';
import { RoutePlansController } from './route-plans/route-plans.controller.js';
import { RoutePlansRepository } from './route-plans/route-plans.repository.js';
import { RoutePlansService, TRAVEL_MODEL } from './route-plans/route-plans.service.js';
import { greatCircleTravel } from './route-plans/travel.js';
import { ZipLocator } from './route-plans/zip-locator.port.js';
import { ZipTableLocator } from './route-plans/zip-table-locator.js';
import { SavedSearchesController } from './saved-searches/saved-searches.controller.js';
import { SavedSearchesRepository } from './saved-searches/saved-searches.repository.js';
import { SavedSearchesService } from './saved-searches/saved-searches.service.js';
import { UnsubscribeController } from './saved-searches/unsubscribe.controller.js';
import { UnsubscribeService } from './saved-searches/unsubscribe.service.js';
import { MembershipService } from './users/membership.service.js';

@Module({
  controllers: [
    FavoritesController,
    UnsubscribeController,
    SavedSearchesController,
    AlertsController,
    RoutePlansController,
    SaleCalendarController,
    DevMailController,
    OnReservationEndedHandler,
    OnMembershipChangedHandler,
    OnItemChangedHandler,
    OnItemDeletedHandler,
    OnSaleChangedHandler,
    OnSaleDeletedHandler,
    OnUserChangedHandler,
  ],
  providers: [
    MembershipNotices,
    SalesRepository,
    ItemsRepository,
    UsersRepository,
    MembershipService,
    FavoritesRepository,
    FavoritesService,
    SavedSearchesRepository,
    SavedSearchesService,
    UnsubscribeService,
    MatchesRepository,
    AlertsRepository,
    AlertsService,
    SaleAlertsRepository,
    EmailsRepository,
    AlertEmailJob,
    DigestJob,
    RoutePlansRepository,
    RoutePlansService,
    SaleCalendarService,
    notifierProvider,
    unsubscribeTokensProvider,
    // The offline ZIP table and straight-line driving; a geocoder or routing service would be chosen here.
    { provide: ZipLocator, useClass: ZipTableLocator },
    { provide: TRAVEL_MODEL, useFactory: () => greatCircleTravel() },
  ],
})
export class ShopperModule {}
