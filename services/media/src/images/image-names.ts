import { randomBytes } from 'node:crypto';

/**
 * How images are named. A key is 128 random bits in hex, made by the server: never a client's
 * file name, never guessable from another image. Each image has two objects, the picture and its
 * thumbnail, named `<key>.<ext>` and `<key>-thumb.<ext>`, and served at `/api/images/<name>`.
 */
export const IMAGES_PATH = '/api/images/';
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export type ImageExtension = 'jpg' | 'webp';
export type ImageSize = 'full' | 'thumb';

const OBJECT_NAME = /^([0-9a-f]{32})(-thumb)?\.(jpg|webp)$/;
/** An image URL of this service, relative or absolute, with an optional query or fragment. */
const IMAGE_URL = /^(?:https?:\/\/[^/?#\s]+)?\/api\/images\/([0-9a-f]{32})(?:-thumb)?\.(?:jpg|webp)(?:[?#][^\s]*)?$/;

export function newImageKey(): string {
  return randomBytes(16).toString('hex');
}

export function objectName(key: string, extension: ImageExtension, size: ImageSize): string {
  return `${key}${size === 'thumb' ? '-thumb' : ''}.${extension}`;
}

export function objectNames(key: string, extension: ImageExtension): string[] {
  return [objectName(key, extension, 'full'), objectName(key, extension, 'thumb')];
}

export function imageUrl(name: string): string {
  return `${IMAGES_PATH}${name}`;
}

/** Reads a requested object name; null for anything this service could not have made. */
export function parseObjectName(name: string): { key: string; size: ImageSize; extension: ImageExtension } | null {
  const match = OBJECT_NAME.exec(name);
  if (!match) return null;
  return { key: match[1]!, size: match[2] ? 'thumb' : 'full', extension: match[3] as ImageExtension };
}

/** The storage adapters' last line against path traversal: only names this service makes pass. */
export function assertObjectName(name: string): void {
  if (!OBJECT_NAME.test(name)) throw new Error(`Invalid image object name: ${JSON.stringify(name).slice(0, 80)}`);
}

/**
 * The image keys among an item's image URLs. URLs of other sites are not ours to delete and are
 * skipped; a thumbnail URL counts as a reference to its image.
 */
export function imageKeysOf(urls: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const url of urls) {
    const match = IMAGE_URL.exec(url.trim());
    if (match) keys.add(match[1]!);
  }
  return [...keys];
}
