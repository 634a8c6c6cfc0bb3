import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_ITEM } from '@garage/contracts/constants';
import { errorMessage } from '@/lib/api-client';
import type { ShrunkImage } from './shrink-image';

export const MAX_IMAGES_MESSAGE = `Maximum ${MAX_IMAGES_PER_ITEM} images allowed`;
export const notAnImageMessage = (file: string) => `${file} is not an image file`;
export const tooLargeMessage = (file: string) => `${file} is still too large after compression. Try a different image.`;

export interface AddPhotosDeps {
  shrink: (file: File) => Promise<ShrunkImage>;
  upload: (blob: Blob, fileName: string) => Promise<{ url: string }>;
  /** Upload failures are shown in a browser alert (spec section 8). */
  alert: (message: string) => void;
}

export interface AddPhotosResult {
  urls: string[];
  messages: string[];
}

/**
 * Turns the chosen files into uploaded image URLs: only the free slots are used (extra files are
 * dropped), non-images are refused, each image is shrunk, and one still over 2 MB is refused.
 */
export async function addPhotos(files: File[], existingCount: number, deps: AddPhotosDeps): Promise<AddPhotosResult> {
  const messages: string[] = [];
  const urls: string[] = [];
  const free = Math.max(0, MAX_IMAGES_PER_ITEM - existingCount);
  if (files.length > free) messages.push(MAX_IMAGES_MESSAGE);

  for (const file of files.slice(0, free)) {
    if (!file.type.startsWith('image/')) {
      messages.push(notAnImageMessage(file.name));
      continue;
    }
    let shrunk: ShrunkImage;
    try {
      shrunk = await deps.shrink(file);
    } catch {
      messages.push(notAnImageMessage(file.name));
      continue;
    }
    if (shrunk.blob.size > MAX_IMAGE_BYTES) {
      messages.push(tooLargeMessage(file.name));
      continue;
    }
    try {
      const { url } = await deps.upload(shrunk.blob, shrunk.fileName);
      urls.push(url);
    } catch (error) {
      deps.alert(errorMessage(error, 'Upload failed'));
    }
  }
  return { urls, messages };
}
