import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, SERVICE_CONFIG, type Logger } from '@garage/service-kit';
import type { MediaConfig } from '../config.js';
import { ImageStorage } from '../storage/image-storage.port.js';
import { objectNames } from './image-names.js';
import { ImagesRepository } from './images.repository.js';

const BATCH = 100;

/**
 * Removes freed images from storage, then their rows. Event handlers only mark an image (in the
 * transaction that frees it); its objects go after that commit, so a rolled-back handler never
 * leaves a row whose picture is gone. A failed removal is retried on the next pass; running on
 * several replicas at once is harmless (removing a removed object is not an error).
 */
@Injectable()
export class ImagePurger {
  private timer: NodeJS.Timeout | null = null;
  private pass: Promise<void> | null = null;

  constructor(
    @Inject(ImagesRepository) private readonly images: ImagesRepository,
    @Inject(ImageStorage) private readonly storage: ImageStorage,
    @Inject(SERVICE_CONFIG) private readonly config: MediaConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  start(): { stop(): Promise<void> } {
    this.timer = setInterval(() => void this.run(), this.config.IMAGE_PURGE_INTERVAL_MS);
    this.timer.unref();
    return { stop: () => this.stop() };
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.pass;
  }

  /** One pass unless one is under way; resolves when it is done. */
  run(): Promise<void> {
    this.pass ??= this.purge()
      .then(
        () => undefined,
        (error: unknown) => this.logger.warn({ err: String(error) }, 'image purge failed; will retry'),
      )
      .finally(() => {
        this.pass = null;
      });
    return this.pass;
  }

  /** Removes what is marked, batch by batch; returns how many images went. */
  async purge(): Promise<number> {
    let removed = 0;
    for (;;) {
      const batch = await this.images.markedForRemoval(BATCH);
      if (batch.length === 0) return removed;
      await this.storage.delete(batch.flatMap((image) => objectNames(image.key, image.extension)));
      await this.images.removeMarked(batch.map((image) => image.key));
      removed += batch.length;
      this.logger.info({ count: batch.length }, 'freed images removed');
      if (batch.length < BATCH) return removed;
    }
  }
}
