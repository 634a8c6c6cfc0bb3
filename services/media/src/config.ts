import path from 'node:path';
import { z } from 'zod';
import { ConfigError, type BaseConfig } from '@garage/service-kit';

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** Media's own environment keys (the base keys are in service-kit). */
export const mediaConfig = {
  PORT: z.coerce.number().int().min(0).max(65535).default(4004),
  /** Where images are kept: `local` disk under MEDIA_DIR (standalone, dev) or an S3 bucket. */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  /** Local driver only; defaults to `DATA_DIR/media`. */
  MEDIA_DIR: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  /** An S3-compatible server (MinIO, s3rver); AWS itself when unset. */
  S3_ENDPOINT: z.url({ message: 'S3_ENDPOINT must be a URL' }).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** `true` for MinIO and s3rver, which address buckets by path rather than by host name. */
  S3_FORCE_PATH_STYLE: flag.default(false),
  /**
   * The largest input, in pixels, that is decoded at all. The 2 MB byte limit says nothing about
   * the decoded size: a 20000×20000 PNG of one colour is a few kilobytes and 1.6 GB in memory.
   */
  MAX_IMAGE_PIXELS: z.coerce.number().int().min(1_000_000).max(268_402_689).default(40_000_000),
  /** How often images whose last reference went away are removed from storage. */
  IMAGE_PURGE_INTERVAL_MS: z.coerce.number().int().min(10).default(2000),
  /**
   * An uploaded image that no item has taken up after this many hours was left behind by an item
   * form that was never saved; it is removed. Long enough for any form someone is still filling in.
   */
  UNATTACHED_IMAGE_TTL_HOURS: z.coerce.number().positive().default(24),
  /** How often images left unattached past their time are looked for. */
  UNATTACHED_IMAGE_SWEEP_MS: z.coerce.number().int().min(10).default(600_000),
};

export type MediaConfig = BaseConfig & z.infer<z.ZodObject<typeof mediaConfig>>;

export type StorageSettings =
  | { driver: 'local'; directory: string }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      endpoint?: string;
      forcePathStyle: boolean;
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };

/**
 * The storage driver's settings, checked as one unit: each driver requires its own keys
 * (`STORAGE_DRIVER=s3` needs a bucket, and the two S3 credentials come together or not at all,
 * so a half-configured key pair never silently falls back to another identity).
 */
export function storageSettings(config: MediaConfig): StorageSettings {
  if (config.STORAGE_DRIVER === 'local') {
    return { driver: 'local', directory: path.resolve(config.MEDIA_DIR ?? path.join(config.DATA_DIR, 'media')) };
  }
  const problems: string[] = [];
  if (!config.S3_BUCKET) problems.push('S3_BUCKET is required when STORAGE_DRIVER=s3');
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    driver: 's3',
    bucket: config.S3_BUCKET!,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}
