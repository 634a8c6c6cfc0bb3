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
import { ReservationsController } from './reservations/reservations.controller.js';
import { ReservationsRepository } from './reservations/reservations.repository.js';
import { ReservationsService } from './reservations/reservations.service.js';
import { SearchChangesJob } from './search/search-changes.job.js';
import { SearchController } from './search/search.controller.js';
import { SearchRepository } from './search/search.repository.js';
import { SearchService } from './search/search.service.js';

@Module({
  controllers: [SearchController, AvailabilityController, ItemsController, ReservationsController, AssignmentController],
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
    SalesRepository,
    UsersRepository,
    OnSaleChangedHandler,
    OnSaleDeletedHandler,
    OnUserChangedHandler,
  ],
})
export class ItemsModule {}
