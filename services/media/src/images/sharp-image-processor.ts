import sharp, { type Metadata, type Sharp } from 'sharp';
import { IMAGE_MAX_HEIGHT, IMAGE_MAX_WIDTH, IMAGE_QUALITY } from '@garage/contracts';
import type { ImageType } from './image-type.js';
import { ImageProcessor, ImageRejected, type ProcessedImage, type Rendition } from './image-processor.port.js';

export const THUMBNAIL_WIDTH = 200;
export const THUMBNAIL_HEIGHT = 150;
const QUALITY = Math.round(IMAGE_QUALITY * 100);

/**
 * The image processor on sharp (libvips). Decompression bombs are refused before any pixel is
 * decoded: the dimensions come from the header (`metadata()` reads nothing else), and the decoder
 * itself is capped with `limitInputPixels` in case a header lies.
 */
export class SharpImageProcessor extends ImageProcessor {
  constructor(private readonly maxPixels: number) {
    super();
  }

  async process(bytes: Buffer, type: ImageType): Promise<ProcessedImage> {
    const header = await this.header(bytes);
    if (header.format !== type) throw notAnImage();
    // An animated image is a strip of frames; only the first one is kept, so only it counts.
    const width = header.width;
    const height = header.pageHeight ?? header.height;
    if (!width || !height) throw notAnImage();
    if (width * height > this.maxPixels) throw this.tooManyPixels();

    // Images with transparency stay transparent (WebP); the others become JPEG, which every
    // browser shows and which is smallest for photos.
    const transparent = header.hasAlpha;
    try {
      const full = await this.encode(
        sharp(bytes, { limitInputPixels: this.maxPixels, pages: 1, autoOrient: true }).resize(IMAGE_MAX_WIDTH, IMAGE_MAX_HEIGHT, {
          fit: 'inside',
          withoutEnlargement: true,
        }),
        transparent,
      );
      // The thumbnail comes from the 800×600 rendition: decoding it again costs far less than the upload.
      const thumbnail = await this.encode(
        sharp(full.data).resize(THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT, { fit: 'inside', withoutEnlargement: true }),
        transparent,
      );
      return { full, thumbnail };
    } catch (error) {
      if (error instanceof ImageRejected) throw error;
      if (/pixel limit/i.test(String(error))) throw this.tooManyPixels();
      throw notAnImage();
    }
  }

  /** Header only: format, dimensions, frames and alpha, without decoding the pixels. */
  private async header(bytes: Buffer): Promise<Metadata> {
    try {
      return await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      throw notAnImage();
    }
  }

  /** Output carries no metadata at all: sharp writes none unless asked (no EXIF, GPS, XMP, IPTC or ICC). */
  private async encode(pipeline: Sharp, transparent: boolean): Promise<Rendition> {
    const encoder = transparent ? pipeline.webp({ quality: QUALITY }) : pipeline.jpeg({ quality: QUALITY });
    const { data, info } = await encoder.toBuffer({ resolveWithObject: true });
    return transparent
      ? { data, width: info.width, height: info.height, contentType: 'image/webp', extension: 'webp' }
      : { data, width: info.width, height: info.height, contentType: 'image/jpeg', extension: 'jpg' };
  }

  private tooManyPixels(): ImageRejected {
    return new ImageRejected(
      'too-many-pixels',
      `Image dimensions are too large: at most ${Math.floor(this.maxPixels / 1_000_000)} megapixels`,
    );
  }
}

function notAnImage(): ImageRejected {
  return new ImageRejected('not-an-image', 'Only JPEG, PNG, GIF or WebP images are accepted');
}
