import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, runPeriodically, SERVICE_CONFIG, type Logger, type Periodic } from '@garage/service-kit';
import type { MediaConfig } from '../config.js';
import { ItemReferencesService } from '../item-references/item-references.service.js';

/**
 * Removes images that were uploaded for an item form that was never saved: after
 * UNATTACHED_IMAGE_TTL_HOURS without an item, they are marked, and ImagePurger removes them on its
 * next pass like any freed image. Every replica may run it; the marking is one locked UPDATE, so
 * an image is marked once.
 */
@Injectable()
export class UnattachedImageSweep {
  constructor(
    @Inject(ItemReferencesService) private readonly references: ItemReferencesService,
    @Inject(SERVICE_CONFIG) private readonly config: MediaConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  start(): Periodic {
    return runPeriodically('unattached image sweep', this.config.UNATTACHED_IMAGE_SWEEP_MS, () => this.run(), this.logger);
  }

  /** One sweep; returns how many images it marked. */
  async run(): Promise<number> {
    const marked = await this.references.sweepUnattached(this.config.UNATTACHED_IMAGE_TTL_HOURS);
    if (marked > 0) this.logger.info({ count: marked }, 'images never attached to an item marked for removal');
    return marked;
  }
}
