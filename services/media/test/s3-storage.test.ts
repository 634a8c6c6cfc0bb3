import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import sharp from 'sharp';
import S3rver from 's3rver';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { startService, type RunningService } from '@garage/service-kit';
import { serviceQueueReady, serviceTestEnv, testBus, testTokens, waitFor, type ServiceTestEnv, type TestBus } from '@garage/testing';
import { mediaService } from '../src/index.js';
import { S3ImageStorage } from '../src/storage/s3-image-storage.js';
import { itemSnapshot, phonePhoto } from './harness.js';

const BUCKET = 'garage-media';
let s3Directory: string;
let s3: S3rver | null;
let endpoint: string;
let client: S3Client;
let testEnv: ServiceTestEnv;
let media: RunningService<unknown>;
let publisher: TestBus;
let token: string;

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const nameOf = (url: string) => url.slice('/api/images/'.length);
/** The object in the bucket, or null. */
async function objectIn(name: string): Promise<{ bytes: Buffer; contentType?: string; cacheControl?: string } | null> {
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: name }));
    return {
      bytes: Buffer.from(await object.Body!.transformToByteArray()),
      contentType: object.ContentType,
      cacheControl: object.CacheControl,
    };
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return null;
    throw error;
  }
}

beforeAll(async () => {
  // A real S3-protocol server in this process, on a free port: the SDK is not mocked.
  s3Directory = mkdtempSync(path.join(tmpdir(), 'garage-s3-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Directory, configureBuckets: [{ name: BUCKET }] });
  const address = await s3.run();
  endpoint = `http://127.0.0.1:${address.port}`;
  client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });

  testEnv = await serviceTestEnv({
    STORAGE_DRIVER: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    IMAGE_PURGE_INTERVAL_MS: '50',
  });
  media = await startService(mediaService, { env: testEnv.env });
  token = await (await testTokens(testEnv.env.DATA_DIR!))(21);
  publisher = await testBus(testEnv.env);
  await serviceQueueReady(testEnv.env, 'media');
});

afterAll(async () => {
  await publisher?.close();
  await media?.close();
  await testEnv?.cleanup();
  client?.destroy();
  await s3?.close();
  rmSync(s3Directory, { recursive: true, force: true });
});

describe('S3 storage (STORAGE_DRIVER=s3)', () => {
  let uploaded: { url: string; thumbnailUrl: string };

  beforeAll(async () => {
    uploaded = (
      await request(media.url)
        .post('/api/upload/image')
        .set('authorization', `Bearer ${token}`)
        .attach('image', await phonePhoto(), 'photo.jpg')
        .expect(201)
    ).body;
  });

  it('stores both sizes in the bucket, with their type and cache headers, and nothing on local disk', async () => {
    const full = await objectIn(nameOf(uploaded.url));
    const thumbnail = await objectIn(nameOf(uploaded.thumbnailUrl));
    expect(full).toMatchObject({ contentType: 'image/jpeg', cacheControl: 'public, max-age=31536000, immutable' });
    expect(thumbnail).toMatchObject({ contentType: 'image/jpeg' });
    const meta = await sharp(full!.bytes).metadata();
    expect(meta).toMatchObject({ width: 300, height: 600 });
    expect(meta.exif).toBeUndefined();
    expect(existsSync(path.join(testEnv.env.DATA_DIR!, 'media'))).toBe(false);
  });

  it('serves the image from the bucket', async () => {
    const response = await request(media.url)
      .get(uploaded.url)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(response.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    expect((response.body as Buffer).equals((await objectIn(nameOf(uploaded.url)))!.bytes)).toBe(true);
  });

  it('removes both objects from the bucket when the item that used the image is deleted', async () => {
    await publisher.publish('item.created', 1, itemSnapshot(900, 21, [uploaded.url]));
    await waitFor(
      async () => (await media.dataSource.query(`SELECT 1 FROM item_images WHERE item_id = 900`)).length === 1,
      5000,
      'item 900 projected',
    );
    await publisher.publish('item.deleted', 2, { id: 900, user_id: 21, garage_sale_id: null, image_urls: [uploaded.url] });
    await waitFor(async () => (await objectIn(nameOf(uploaded.url))) === null, 5000, 'the object removed');
    expect(await objectIn(nameOf(uploaded.thumbnailUrl))).toBeNull();
    await waitFor(async () => (await media.dataSource.query(`SELECT 1 FROM images`)).length === 0, 5000, 'the row removed');
    await request(media.url).get(uploaded.url).expect(404);
  });

  it('reports the bucket in its readiness, and a missing bucket as not ready', async () => {
    await request(media.url).get('/health').expect(200, { status: 'ok' });
    const missing = new S3ImageStorage({ bucket: 'no-such-bucket', region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
    await expect(missing.check()).rejects.toThrow();
    await missing.close();
  });

  it('answers 503 while the storage is down, and says so in its readiness', async () => {
    const image = (
      await request(media.url)
        .post('/api/upload/image')
        .set('authorization', `Bearer ${token}`)
        .attach('image', await phonePhoto(400, 200), 'photo.jpg')
        .expect(201)
    ).body;
    await s3!.close();
    s3 = null;
    const unavailable = { error: 'Image storage is unavailable. Try again shortly.' };
    expect(
      (
        await request(media.url)
          .post('/api/upload/image')
          .set('authorization', `Bearer ${token}`)
          .attach('image', await phonePhoto(400, 200), 'photo.jpg')
          .expect(503)
      ).body,
    ).toEqual(unavailable);
    expect((await request(media.url).get(image.url).expect(503)).body).toEqual(unavailable);
    const health = await request(media.url).get('/health').expect(503);
    expect(health.body.failing).toEqual(['storage (s3)']);
  });
});
