import type { Readable } from 'node:stream';

/** A stored object, ready to stream to the client. */
export interface StoredObject {
  body: Readable;
  size: number;
}

/**
 * Where image bytes live: local disk (standalone, development) or an S3 bucket. Object names are
 * made by the server (see `image-names.ts`) and checked again by each adapter, so no name can
 * reach outside the storage area.
 */
export abstract class ImageStorage {
  /** A short label for logs and health (`local`, `s3`). */
  abstract readonly driver: string;
  /** Stores the object, replacing any with that name. */
  abstract put(name: string, data: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none with that name. */
  abstract get(name: string): Promise<StoredObject | null>;
  /** Removes the objects; names that do not exist are not an error. */
  abstract delete(names: string[]): Promise<void>;
  /** Readiness: the storage can be reached. */
  abstract check(): Promise<boolean>;
  /** Releases connections. */
  async close(): Promise<void> {}
}
