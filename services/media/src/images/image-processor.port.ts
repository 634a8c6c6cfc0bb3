import type { ImageExtension } from './image-names.js';
import type { ImageType } from './image-type.js';

/** One encoded rendition of an upload. */
export interface Rendition {
  data: Buffer;
  width: number;
  height: number;
  contentType: 'image/jpeg' | 'image/webp';
  extension: ImageExtension;
}

export interface ProcessedImage {
  full: Rendition;
  thumbnail: Rendition;
}

/** Why an upload was refused after its bytes were read. */
export type RejectionReason = 'not-an-image' | 'too-many-pixels';

export class ImageRejected extends Error {
  constructor(
    readonly reason: RejectionReason,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Turns an uploaded image into what is stored: oriented by its EXIF orientation, every piece of
 * metadata removed (a home photo's GPS position is the seller's address), fitted within the
 * spec's 800×600 and re-encoded, plus a thumbnail for lists and map popups.
 */
export abstract class ImageProcessor {
  /**
   * @param bytes the upload, at most 2 MB
   * @param type the type its magic number claims; the decoder must agree
   * @throws ImageRejected when the bytes are not a readable image of that type, or too large once decoded
   */
  abstract process(bytes: Buffer, type: ImageType): Promise<ProcessedImage>;
}
