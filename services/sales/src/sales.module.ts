import { Module } from '@nestjs/common';
import { CommunitySaleEntriesController } from './community-sales/community-sale-entries.controller.js';
import { CommunitySaleEntriesService } from './community-sales/community-sale-entries.service.js';
import { CommunitySalePages } from './community-sales/community-sale-pages.js';
import { CommunitySalePrintController } from './community-sales/community-sale-print.controller.js';
import { CommunitySalePrintService } from './community-sales/community-sale-print.service.js';
import { CommunitySaleMembersRepository } from './community-sales/community-sale-members.repository.js';
import { CommunitySalesController } from './community-sales/community-sales.controller.js';
import { CommunitySalesOwnerController } from './community-sales/community-sales-owner.controller.js';
import { CommunitySalesRepository } from './community-sales/community-sales.repository.js';
import { CommunitySalesService } from './community-sales/community-sales.service.js';
import { Geocoder } from './geocoding/geocoder.port.js';
import { ZipTableGeocoder } from './geocoding/zip-table-geocoder.js';
import { OnItemChangedHandler } from './handlers/on-item-changed.handler.js';
import { OnUserChangedHandler } from './handlers/on-user-changed.handler.js';
import { CheckInsRepository } from './live-status/check-ins.repository.js';
import { LiveStatusController } from './live-status/live-status.controller.js';
import { LiveStatusService } from './live-status/live-status.service.js';
import { MarkdownsController } from './markdowns/markdowns.controller.js';
import { MarkdownsJob } from './markdowns/markdowns.job.js';
import { MarkdownsRepository } from './markdowns/markdowns.repository.js';
import { MarkdownsService } from './markdowns/markdowns.service.js';
import { SaleItemsRepository } from './sale-items/sale-items.repository.js';
import { SaleCreatePipe } from './sales/sale-form.pipe.js';
import { SaleLifecycleJob } from './sales/sale-lifecycle.job.js';
import { SaleSignController } from './sales/sale-sign.controller.js';
import { SaleSignService } from './sales/sale-sign.service.js';
import { SalesController } from './sales/sales.controller.js';
import { SalesOwnerController } from './sales/sales-owner.controller.js';
import { SalesRepository } from './sales/sales.repository.js';
import { SalesService } from './sales/sales.service.js';
import { SaleStatsController } from './stats/sale-stats.controller.js';
import { SaleStatsService } from './stats/sale-stats.service.js';
import { SaleViews } from './stats/sale-views.js';
import { UsersRepository } from './users/users.repository.js';

@Module({
  controllers: [
    SalesController,
    LiveStatusController,
    MarkdownsController,
    SalesOwnerController,
    SaleSignController,
    SaleStatsController,
    CommunitySalesController,
    CommunitySaleEntriesController,
    CommunitySalesOwnerController,
    CommunitySalePrintController,
    OnUserChangedHandler,
    OnItemChangedHandler,
  ],
  providers: [
    SalesService,
    LiveStatusService,
    CheckInsRepository,
    MarkdownsService,
    MarkdownsRepository,
    MarkdownsJob,
    SalesRepository,
    SaleCreatePipe,
    SaleLifecycleJob,
    SaleSignService,
    UsersRepository,
    SaleItemsRepository,
    SaleViews,
    SaleStatsService,
    // The "Still going?" answers are the check-ins feature's table; the stats read only its totals.
    CommunitySalesService,
    CommunitySaleEntriesService,
    CommunitySalesRepository,
    CommunitySaleMembersRepository,
    CommunitySalePages,
    CommunitySalePrintService,
    // The offline ZIP table; an online geocoder would be chosen here by configuration.
    { provide: Geocoder, useClass: ZipTableGeocoder },
  ],
})
export class SalesModule {}
