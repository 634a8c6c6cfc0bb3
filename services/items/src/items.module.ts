import { Module } from '@nestjs/common';
import { AssignmentController } from './assignment/assignment.controller.js';
import { AssignmentService } from './assignment/assignment.service.js';
import { AvailabilityController } from './availability/availability.controller.js';
import { AvailabilityService } from './availability/availability.service.js';
import { ItemsController } from './items/items.controller.js';
import { ItemsRepository } from './items/items.repository.js';
import { ItemsService } from './items/items.service.js';
import { OnSaleChangedHandler } from './projections/on-sale-changed.handler.js';
import { OnSaleDeletedHandler } from './projections/on-sale-deleted.handler.js';
import { OnUserChangedHandler } from './projections/on-user-changed.handler.js';
import { SalesRepository } from './projections/sales.repository.js';
import { UsersRepository } from './projections/users.repository.js';
import { PaymentProvider, paymentProviderFrom } from '@garage/payments';
import { LOGGER, SERVICE_CONFIG, type Logger } from '@garage/service-kit';
import type { ItemsConfig } from './config.js';
import { LedgerRepository } from './reservations/ledger.repository.js';
import { OnIntentSucceededHandler } from './reservations/on-intent-succeeded.handler.js';
import { ReservationEndings } from './reservations/reservation-endings.js';
import { PayoutsController, ReservationsController, ReserveController } from './reservations/reservations.controller.js';
import { ReservationsSweepJob } from './reservations/reservations-sweep.job.js';
import { ReservationsRepository } from './reservations/reservations.repository.js';
import { ReservationsService } from './reservations/reservations.service.js';
import { SearchChangesJob } from './search/search-changes.job.js';
import { SearchController } from './search/search.controller.js';
import { SearchRepository } from './search/search.repository.js';
import { SearchService } from './search/search.service.js';

@Module({
  controllers: [
    SearchController,
    AvailabilityController,
    ItemsController,
    ReserveController,
    ReservationsController,
    PayoutsController,
    AssignmentController,
  ],
  providers: [
    ItemsService,
    ItemsRepository,
    AvailabilityService,
    AssignmentService,
    SearchService,
    SearchRepository,
    SearchChangesJob,
    ReservationsService,
    ReservationsRepository,
    ReservationEndings,
    LedgerRepository,
    ReservationsSweepJob,
    OnIntentSucceededHandler,
    {
      // The same adapter as memberships (simulated unless STRIPE_SECRET_KEY is set); see payments.
      provide: PaymentProvider,
      inject: [SERVICE_CONFIG, LOGGER],
      useFactory: (config: ItemsConfig, logger: Logger) => paymentProviderFrom(config, logger),
    },
    SalesRepository,
    UsersRepository,
    OnSaleChangedHandler,
    OnSaleDeletedHandler,
    OnUserChangedHandler,
  ],
})
export class ItemsModule {}
