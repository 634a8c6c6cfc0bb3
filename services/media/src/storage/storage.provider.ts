import type { Provider } from '@nestjs/common';
import { LOGGER, SERVICE_CONFIG, type Logger } from '@garage/service-kit';
import { storageSettings, type MediaConfig } from '../config.js';
import { ImageStorage } from './image-storage.port.js';
import { LocalImageStorage } from './local-image-storage.js';
import { S3ImageStorage } from './s3-image-storage.js';

/** The storage adapter the configuration names; a bad combination of keys stops the start. */
export const imageStorageProvider: Provider = {
  provide: ImageStorage,
  inject: [SERVICE_CONFIG, LOGGER],
  useFactory: async (config: MediaConfig, logger: Logger): Promise<ImageStorage> => {
    const settings = storageSettings(config);
    if (settings.driver === 's3') {
      logger.info({ bucket: settings.bucket, endpoint: settings.endpoint ?? 'aws' }, 'images stored in S3');
      return new S3ImageStorage(settings);
    }
    if (config.NODE_ENV === 'production') {
      logger.warn({ directory: settings.directory }, 'images stored on local disk: replicas do not share them; use STORAGE_DRIVER=s3');
    }
    const storage = new LocalImageStorage(settings.directory);
    await storage.init();
    return storage;
  },
};
