import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertObjectName, IMAGE_CACHE_CONTROL } from '../images/image-names.js';
import { ImageStorage, type StoredObject } from './image-storage.port.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** S3 allows at most this many keys in one DeleteObjects call. */
const DELETE_BATCH = 1000;

/**
 * Images in an S3 bucket (AWS, MinIO, s3rver). Objects carry their content type and cache
 * headers, so a CDN in front of the bucket could serve them as they are.
 */
export class S3ImageStorage extends ImageStorage {
  readonly driver = 's3';
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    super();
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // Checksums only where S3 requires them: S3-compatible servers do not all know the newer
      // CRC headers, and TLS already protects the bytes in transit.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  async put(name: string, data: Buffer, contentType: string): Promise<void> {
    assertObjectName(name);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: name,
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
        CacheControl: IMAGE_CACHE_CONTROL,
      }),
    );
  }

  async get(name: string): Promise<StoredObject | null> {
    assertObjectName(name);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: name }));
      if (!object.Body) return null;
      return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) return null;
      throw error;
    }
  }

  async delete(names: string[]): Promise<void> {
    names.forEach(assertObjectName);
    for (let start = 0; start < names.length; start += DELETE_BATCH) {
      const batch = names.slice(start, start + DELETE_BATCH);
      const result = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.options.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
      const failed = (result.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey');
      if (failed.length > 0) throw new Error(`S3 could not delete ${failed.map((error) => `${error.Key} (${error.Code})`).join(', ')}`);
    }
  }

  async check(): Promise<boolean> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }));
    return true;
  }

  override async close(): Promise<void> {
    this.client.destroy();
  }
}
