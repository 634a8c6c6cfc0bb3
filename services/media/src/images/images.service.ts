import type { Readable } from 'node:stream';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { UploadResponse } from '@garage/contracts';
import { ApiError, LOGGER, notFound, type Logger } from '@garage/service-kit';
import { ImageStorage } from '../storage/image-storage.port.js';
import { imageUrl, newImageKey, objectNames, parseObjectName } from './image-names.js';
import { ImageProcessor, ImageRejected } from './image-processor.port.js';
import { detectImageType } from './image-type.js';
import { ImagesRepository } from './images.repository.js';

/** What the images route sends: the bytes, or nothing when the client's copy is current. */
export interface ServedImage {
  contentType: string;
  etag: string;
  size: number;
  /** Null when the client already holds this image (its `If-None-Match` names it). */
  body: Readable | null;
}

const NOT_AN_IMAGE = 'Only JPEG, PNG, GIF or WebP images are accepted';

@Injectable()
export class ImagesService {
  constructor(
    @Inject(ImagesRepository) private readonly images: ImagesRepository,
    @Inject(ImageStorage) private readonly storage: ImageStorage,
    @Inject(ImageProcessor) private readonly processor: ImageProcessor,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Checks, re-encodes and stores an upload of `ownerId`. The bytes decide the type (never the file
   * name or the declared type); the stored image has no metadata and fits within 800×600.
   */
  async upload(ownerId: number, bytes: Buffer): Promise<UploadResponse> {
    const type = detectImageType(bytes);
    if (!type) throw new ApiError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, NOT_AN_IMAGE);
    const { full, thumbnail } = await this.processor.process(bytes, type).catch((error: unknown) => {
      if (!(error instanceof ImageRejected)) throw error;
      throw error.reason === 'too-many-pixels'
        ? new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, error.message)
        : new ApiError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, NOT_AN_IMAGE);
    });

    const key = newImageKey();
    const [fullName, thumbnailName] = objectNames(key, full.extension) as [string, string];
    try {
      await Promise.all([
        this.storage.put(fullName, full.data, full.contentType),
        this.storage.put(thumbnailName, thumbnail.data, thumbnail.contentType),
      ]);
    } catch (error) {
      await this.discard(key, [fullName, thumbnailName]);
      throw this.storageUnavailable(error, 'could not store an upload');
    }
    try {
      await this.images.insert({
        key,
        ownerId,
        contentType: full.contentType,
        extension: full.extension,
        width: full.width,
        height: full.height,
        bytes: full.data.length,
        thumbnailWidth: thumbnail.width,
        thumbnailHeight: thumbnail.height,
        thumbnailBytes: thumbnail.data.length,
        sourceType: type,
        sourceBytes: bytes.length,
      });
    } catch (error) {
      await this.discard(key, [fullName, thumbnailName]);
      throw error;
    }
    return { url: imageUrl(fullName), thumbnailUrl: imageUrl(thumbnailName) };
  }

  /** The image stored under `name` (as in its URL); unknown, malformed or freed names are `404`. */
  async open(name: string, ifNoneMatch: string | undefined): Promise<ServedImage> {
    const parsed = parseObjectName(name);
    if (!parsed) throw notFound('Image not found');
    const image = await this.images.findServable(parsed.key);
    if (!image || image.extension !== parsed.extension) throw notFound('Image not found');
    const etag = `"${name}"`;
    const size = parsed.size === 'thumb' ? image.thumbnailBytes : image.bytes;
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return { contentType: image.contentType, etag, size, body: null };
    }
    const object = await this.storage.get(name).catch((error: unknown) => {
      throw this.storageUnavailable(error, 'could not read an image');
    });
    if (!object) {
      this.logger.warn({ name, driver: this.storage.driver }, 'image row without its stored object');
      throw notFound('Image not found');
    }
    return { contentType: image.contentType, etag, size: object.size, body: object.body };
  }

  /** Objects without a row would never be served nor cleaned up: nothing stays half-stored. */
  private async discard(key: string, names: string[]): Promise<void> {
    await this.storage
      .delete(names)
      .catch((error: unknown) => this.logger.warn({ err: String(error), key }, 'could not remove the objects of a failed upload'));
  }

  /** Storage down is the service being unavailable (503, try again), not a fault of the request. */
  private storageUnavailable(error: unknown, what: string): ApiError {
    this.logger.error({ err: String(error), driver: this.storage.driver }, what);
    return new ApiError(HttpStatus.SERVICE_UNAVAILABLE, 'Image storage is unavailable. Try again shortly.');
  }
}
