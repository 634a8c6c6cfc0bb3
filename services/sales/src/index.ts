import type { ServiceDefinition } from '@garage/service-kit';
import { salesConfig } from './config.js';
import { Sales1763700000200 } from './migrations/1763700000200-sales.js';
import { SalePhotos1764000000000 } from './migrations/1764000000000-sale-photos.js';
import { ProjectionShapes1764200000000 } from './migrations/1764200000000-projection-shapes.js';
import { CommunitySales1764300000000 } from './migrations/1764300000000-community-sales.js';
import { LiveStatus1764400000000 } from './migrations/1764400000000-live-status.js';
import { HostKit1764400000100 } from './migrations/1764400000100-host-kit.js';
import { MessagesEnabled1764500000000 } from './migrations/1764500000000-messages-enabled.js';
import { Markdowns1764600000000 } from './migrations/1764600000000-markdowns.js';
import { MarkdownsJob } from './markdowns/markdowns.job.js';
import { SalesModule } from './sales.module.js';
import { SaleLifecycleJob } from './sales/sale-lifecycle.job.js';

/** The job that applies due markdowns: a test that runs every service drives it at chosen instants. */
export { MarkdownsJob };

/** Garage sales: hosting, browsing on the map, ZIP geocoding and the status lifecycle. */
export const salesService: ServiceDefinition<typeof salesConfig> = {
  name: 'sales',
  config: salesConfig,
  module: SalesModule,
  migrations: [
    Sales1763700000200,
    SalePhotos1764000000000,
    ProjectionShapes1764200000000,
    CommunitySales1764300000000,
    LiveStatus1764400000000,
    HostKit1764400000100,
    MessagesEnabled1764500000000,
    Markdowns1764600000000,
  ],
  onStart: async (app) => {
    const jobs = [app.get(SaleLifecycleJob).start(), app.get(MarkdownsJob).start()];
    return { stop: async () => void (await Promise.all(jobs.map((job) => job.stop()))) };
  },
};
