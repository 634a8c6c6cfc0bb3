import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { SERVICE_CONFIG } from '@garage/service-kit';
import type { MediaConfig } from './config.js';
import { ImagePurger } from './images/image-purger.js';
import { ImageProcessor } from './images/image-processor.port.js';
import { ImagesController, UploadsController } from './images/images.controller.js';
import { ImagesRepository } from './images/images.repository.js';
import { ImagesService } from './images/images.service.js';
import { SharpImageProcessor } from './images/sharp-image-processor.js';
import { UnattachedImageSweep } from './images/unattached-sweep.job.js';
import { ItemReferencesHandler } from './handlers/item-references.handler.js';
import { ItemReferencesRepository } from './item-references/item-references.repository.js';
import { ItemReferencesService } from './item-references/item-references.service.js';
import { ImageStorage } from './storage/image-storage.port.js';
import { imageStorageProvider } from './storage/storage.provider.js';

@Module({
  controllers: [UploadsController, ImagesController, ItemReferencesHandler],
  providers: [
    ImagesService,
    ImagesRepository,
    ImagePurger,
    UnattachedImageSweep,
    ItemReferencesService,
    ItemReferencesRepository,
    imageStorageProvider,
    {
      provide: ImageProcessor,
      inject: [SERVICE_CONFIG],
      useFactory: (config: MediaConfig) => new SharpImageProcessor(config.MAX_IMAGE_PIXELS),
    },
  ],
})
export class MediaModule implements OnApplicationShutdown {
  constructor(@Inject(ImageStorage) private readonly storage: ImageStorage) {}

  async onApplicationShutdown(): Promise<void> {
    await this.storage.close();
  }
}
