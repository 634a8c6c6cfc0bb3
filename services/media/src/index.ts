import type { ServiceDefinition } from '@garage/service-kit';
import { mediaConfig } from './config.js';
import { ImageRow } from './images/image.row.js';
import { ImagePurger } from './images/image-purger.js';
import { UnattachedImageSweep } from './images/unattached-sweep.job.js';
import { configureUploads } from './images/uploaded-image.js';
import { MediaModule } from './media.module.js';
import { Images1763700000400 } from './migrations/1763700000400-images.js';
import { UnattachedImages1763700000500 } from './migrations/1763700000500-unattached-images.js';
import { ImageStorage } from './storage/image-storage.port.js';

/** Uploaded images: checked, re-encoded, stored, served, and removed when no item uses them. */
export const mediaService: ServiceDefinition<typeof mediaConfig> = {
  name: 'media',
  config: mediaConfig,
  module: MediaModule,
  entities: [ImageRow],
  migrations: [Images1763700000400, UnattachedImages1763700000500],
  configureHttp: configureUploads,
  healthChecks: (app) => {
    const storage = app.get(ImageStorage);
    return [{ name: `storage (${storage.driver})`, check: () => storage.check() }];
  },
  onStart: async (app) => {
    const purger = app.get(ImagePurger).start();
    const sweep = app.get(UnattachedImageSweep).start();
    return {
      stop: async () => {
        await sweep.stop();
        await purger.stop();
      },
    };
  },
};

export { mediaConfig, storageSettings, type MediaConfig } from './config.js';
