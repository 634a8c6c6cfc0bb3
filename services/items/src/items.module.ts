import { Module } from '@nestjs/common';
import { AssignmentController } from './assignment/assignment.controller.js';
import { AssignmentService } from './assignment/assignment.service.js';
import { AvailabilityController } from './availability/availability.controller.js';
import { AvailabilityService } from './availability/availability.service.js';
import { ItemsController } from './items/items.controller.js';
import { ItemsOwnerController } from './items/items-owner.controller.js';
import { ItemsRepository } from './items/items.repository.js';
import { ItemsService } from './items/items.service.js';
import { OpenReservations } from './items/open-reservations.port.js';
import { WaitingOffers } from './items/waiting-offers.port.js';
import { AnsweringOffers } from './offers/answering-offers.js';
import { MakingOffers } from './offers/making-offers.js';
import { OfferEndings } from './offers/offer-endings.js';
import { OfferExpiryJob } from './offers/offer-expiry.job.js';
import { OfferLists } from './offers/offer-lists.js';
import { OffersController } from './offers/offers.controller.js';
import { OffersRepository } from './offers/offers.repository.js';
import { OnCommunitySaleMembershipHandler } from './handlers/on-community-sale-membership.handler.js';
import { OnSaleChangedHandler } from './handlers/on-sale-changed.handler.js';
import { OnSaleDeletedHandler } from './handlers/on-sale-deleted.handler.js';
import { OnUserChangedHandler } from './handlers/on-user-changed.handler.js';
import { SalesRepository } from './projections/sales.repository.js';
import { UsersRepository } from './projections/users.repository.js';
import { SaleStickersController } from './stickers/sale-stickers.controller.js';
import { SaleStickersService } from './stickers/sale-stickers.service.js';
import { PaymentProvider, paymentProviderFrom } from '@garage/payment-provider';
import { LOGGER, SERVICE_CONFIG, type Logger } from '@garage/service-kit';
import type { ItemsConfig } from './config.js';
import { LedgerRepository } from './reservations/ledger.repository.js';
import { OnIntentSucceededHandler } from './handlers/on-intent-succeeded.handler.js';
import { PickupCodeGuard } from './reservations/pickup-code-guard.js';
import { ReservationEndings } from './reservations/reservation-endings.js';
import { PayoutsController, ReservationsController, ReserveController } from './reservations/reservations.controller.js';
import { ReservationsSweepJob } from './reservations/reservations-sweep.job.js';
import { ReservationsRepository } from './reservations/reservations.repository.js';
import { Collecting } from './reservations/collecting.js';
import { LedgerSettlement } from './reservations/ledger-settlement.js';
import { ReservationPayments } from './reservations/paying.js';
import { Payouts } from './reservations/payouts.js';
import { Ratings } from './reservations/ratings.js';
import { ReservationLists } from './reservations/reservation-lists.js';
import { ReservationMoney } from './reservations/reservation-money.js';
import { Reserving } from './reservations/reserving.js';
import { SearchChangesJob } from './search/search-changes.job.js';
import { SearchController } from './search/search.controller.js';
import { SearchRepository } from './search/search.repository.js';
import { SearchService } from './search/search.service.js';
import { ItemViews } from './stats/item-views.js';
import { SaleStatsOwnerController } from './stats/sale-stats.controller.js';
import { SaleStatsRepository } from './stats/sale-stats.repository.js';
import { SaleStatsService } from './stats/sale-stats.service.js';

@Module({
  controllers: [
    SearchController,
    SaleStickersController,
    AvailabilityController,
    ItemsController,
    ItemsOwnerController,
    SaleStatsOwnerController,
    ReserveController,
    ReservationsController,
    PayoutsController,
    OffersController,
    AssignmentController,
    OnSaleChangedHandler,
    OnSaleDeletedHandler,
    OnCommunitySaleMembershipHandler,
    OnUserChangedHandler,
    OnIntentSucceededHandler,
  ],
  providers: [
    ItemsService,
    SaleStickersService,
    ItemViews,
    SaleStatsService,
    SaleStatsRepository,
    ItemsRepository,
    AvailabilityService,
    AssignmentService,
    SearchService,
    SearchRepository,
    SearchChangesJob,
    ReservationsRepository,
    Reserving,
    ReservationPayments,
    ReservationEndings,
    // The item side ends open reservations through its own port (no import back into reservations/).
    { provide: OpenReservations, useExisting: ReservationEndings },
    Collecting,
    PickupCodeGuard,
    ReservationLists,
    Ratings,
    ReservationMoney,
    LedgerRepository,
    LedgerSettlement,
    Payouts,
    ReservationsSweepJob,
    OffersRepository,
    MakingOffers,
    AnsweringOffers,
    OfferEndings,
    OfferLists,
    OfferExpiryJob,
    // Likewise the item side declines waiting offers through its own port (no import back into offers/).
    { provide: WaitingOffers, useExisting: OfferEndings },
    {
      // The same adapter as memberships (simulated unless STRIPE_SECRET_KEY is set); see libs/payment-provider.
      provide: PaymentProvider,
      inject: [SERVICE_CONFIG, LOGGER],
      useFactory: (config: ItemsConfig, logger: Logger) => paymentProviderFrom(config, logger),
    },
    SalesRepository,
    UsersRepository,
  ],
})
export class ItemsModule {}
