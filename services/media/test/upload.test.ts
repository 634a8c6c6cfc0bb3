import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES, uploadResponseSchema } from '@garage/contracts';
import { startService, type RunningService } from '@garage/service-kit';
import { serviceTestEnv, testTokens, type ServiceTestEnv } from '@garage/testing';
import { mediaService } from '../src/index.js';
import { animated, BLUE, multipart, phonePhoto, pixel, pixelBomb, postChunked, RED, solid } from './harness.js';

let testEnv: ServiceTestEnv;
let media: RunningService<unknown>;
let tokenOf: (userId: number) => Promise<string>;
let token: string;

const api = () => request(media.url);
const upload = (data: Buffer | string, filename = 'photo.jpg', contentType?: string) =>
  api()
    .post('/api/upload/image')
    .set('authorization', `Bearer ${token}`)
    .attach('image', Buffer.from(data), { filename, ...(contentType ? { contentType } : {}) });
/** Fetches an image as bytes. */
const fetchImage = (url: string) =>
  api()
    .get(url)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
const close = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }) =>
  Math.abs(a.r - b.r) < 40 && Math.abs(a.g - b.g) < 40 && Math.abs(a.b - b.b) < 40;

const NOT_AN_IMAGE = { error: 'Only JPEG, PNG, GIF or WebP images are accepted' };
const TOO_LARGE = { error: 'Image is too large: at most 2 MB (2097152 bytes)' };

beforeAll(async () => {
  testEnv = await serviceTestEnv();
  media = await startService(mediaService, { env: testEnv.env });
  tokenOf = await testTokens(testEnv.env.DATA_DIR!);
  token = await tokenOf(7);
});

afterAll(async () => {
  await media?.close();
  await testEnv?.cleanup();
});

describe('POST /api/upload/image: what is stored', () => {
  it('turns a phone photo into an upright JPEG within 800×600, without EXIF or GPS', async () => {
    const photo = await phonePhoto();
    const original = await sharp(photo).metadata();
    // The fixture really carries what must not leak: orientation 6 and a GPS directory (tag 0x8825).
    expect(original.orientation).toBe(6);
    expect(original.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(photo.includes(Buffer.from('GarageCam'))).toBe(true);

    const response = await upload(photo).expect(201);
    expect(uploadResponseSchema.strict().parse(response.body)).toEqual(response.body);
    expect(response.body.url).toMatch(/^\/api\/images\/[0-9a-f]{32}\.jpg$/);
    expect(response.body.thumbnailUrl).toBe(response.body.url.replace('.jpg', '-thumb.jpg'));

    const served = await fetchImage(response.body.url).expect(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const image = served.body as Buffer;
    const stored = await sharp(image).metadata();
    // 2400×1200 stored sideways is 1200×2400 upright: fitted within 800×600 that is 300×600.
    expect(stored).toMatchObject({ format: 'jpeg', width: 300, height: 600 });
    expect(stored.orientation).toBeUndefined();
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.iptc).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect(image.includes(Buffer.from('GarageCam'))).toBe(false);
    expect(image.includes(Buffer.from('Exif'))).toBe(false);
    // Rotated, not just relabelled: the red half of the sensor is now on top.
    expect(close(await pixel(image, 150, 20), RED)).toBe(true);
    expect(close(await pixel(image, 150, 580), BLUE)).toBe(true);

    const thumbnail = await fetchImage(response.body.thumbnailUrl).expect(200);
    const thumbnailMeta = await sharp(thumbnail.body as Buffer).metadata();
    expect(thumbnailMeta).toMatchObject({ format: 'jpeg', width: 75, height: 150 });
    expect(thumbnailMeta.exif).toBeUndefined();

    const key = response.body.url.slice('/api/images/'.length, -'.jpg'.length);
    const [row] = await media.dataSource.query(`SELECT * FROM images WHERE key = $1`, [key]);
    expect(row).toMatchObject({
      owner_id: 7,
      content_type: 'image/jpeg',
      extension: 'jpg',
      width: 300,
      height: 600,
      bytes: image.length,
      thumbnail_width: 75,
      thumbnail_height: 150,
      source_type: 'jpeg',
      source_bytes: photo.length,
      deleted_at: null,
    });
    expect(row.created_at).toBeInstanceOf(Date);
  });

  it('re-encodes an opaque PNG as JPEG and never enlarges a small image', async () => {
    const response = await upload(await solid(300, 200, 'png'), 'small.png').expect(201);
    expect(response.body.url).toMatch(/\.jpg$/);
    const served = await fetchImage(response.body.url).expect(200);
    expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ format: 'jpeg', width: 300, height: 200 });
  });

  it('fits a large landscape image within 800×600 keeping its proportions', async () => {
    const response = await upload(await solid(2000, 1000, 'jpeg')).expect(201);
    const served = await fetchImage(response.body.url).expect(200);
    expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ width: 800, height: 400 });
  });

  it('keeps the transparency of a PNG with alpha, as WebP', async () => {
    const response = await upload(await solid(120, 80, 'png', true), 'logo.png').expect(201);
    expect(response.body.url).toMatch(/^\/api\/images\/[0-9a-f]{32}\.webp$/);
    const served = await fetchImage(response.body.url).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 120, height: 80, hasAlpha: true });
  });

  it('accepts WebP', async () => {
    const response = await upload(await solid(64, 48, 'webp'), 'picture.webp').expect(201);
    expect(response.body.url).toMatch(/\.jpg$/);
  });

  it.each(['gif', 'webp'] as const)('keeps only the first frame of an animated %s', async (format) => {
    const response = await upload(await animated(format), `moving.${format}`).expect(201);
    const served = await fetchImage(response.body.url).expect(200);
    const image = served.body as Buffer;
    const meta = await sharp(image, { animated: true }).metadata();
    expect(meta.pages ?? 1).toBe(1);
    expect(meta).toMatchObject({ width: 40, height: 30 });
    expect(close(await pixel(image, 20, 15), RED)).toBe(true);
  });

  it('decides the type from the bytes: a JPEG named notes.txt and declared text/plain is an image', async () => {
    const response = await upload(await solid(50, 50, 'jpeg'), 'notes.txt', 'text/plain').expect(201);
    expect(response.body.url).toMatch(/\.jpg$/);
  });

  it('names images with random server keys, never the client file name', async () => {
    const photo = await solid(50, 50, 'jpeg');
    const first = await upload(photo, '../../etc/passwd.jpg').expect(201);
    const second = await upload(photo, '../../etc/passwd.jpg').expect(201);
    expect(first.body.url).not.toBe(second.body.url);
    expect(first.body.url).not.toMatch(/passwd|etc|\.\./);
    const name = first.body.url.slice('/api/images/'.length);
    expect(existsSync(path.join(testEnv.env.DATA_DIR!, 'media', name.slice(0, 2), name))).toBe(true);
  });
});

describe('POST /api/upload/image: what is refused', () => {
  const svgWithScript =
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>';

  it.each([
    ['a text file named photo.png', () => Buffer.from('just some text, not an image'), 'photo.png', 'image/png'],
    ['an SVG with a script', () => Buffer.from(svgWithScript), 'drawing.svg', 'image/svg+xml'],
    ['an SVG with a script named photo.jpg', () => Buffer.from(svgWithScript), 'photo.jpg', 'image/jpeg'],
    ['HTML', () => Buffer.from('<!doctype html><script>alert(1)</script>'), 'page.png', 'image/png'],
    [
      'a JPEG signature with nothing readable behind it',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(4000)]),
      'broken.jpg',
      'image/jpeg',
    ],
    ['a TIFF (an image, but not one of the four formats)', () => solidTiff(), 'scan.jpg', 'image/jpeg'],
  ])('answers 415 to %s', async (_label, body, filename, contentType) => {
    const response = await upload(await body(), filename, contentType).expect(415);
    expect(response.body).toEqual(NOT_AN_IMAGE);
  });

  it('answers 413 to a 3 MB body whatever it holds, before looking at it', async () => {
    const jpegLike = Buffer.concat([await solid(50, 50, 'jpeg'), randomBytes(3 * 1024 * 1024)]);
    expect((await upload(jpegLike).expect(413)).body).toEqual(TOO_LARGE);
    // Not an image either: the size decides first, so it is 413, not 415.
    expect((await upload(Buffer.alloc(3 * 1024 * 1024, 'a'), 'notes.png', 'image/png').expect(413)).body).toEqual(TOO_LARGE);
    // Even from a visitor: nothing of an oversized body is read.
    await api().post('/api/upload/image').attach('image', jpegLike, 'big.jpg').expect(413);
  });

  it('answers 413 to a 3 MB body sent without Content-Length, counting while it streams', async () => {
    const { body, contentType } = multipart([
      { name: 'image', filename: 'big.jpg', contentType: 'image/jpeg', data: randomBytes(3 * 1024 * 1024) },
    ]);
    const response = await postChunked(
      `${media.url}/api/upload/image`,
      { authorization: `Bearer ${token}`, 'content-type': contentType },
      body,
    );
    expect(response).toEqual({ status: 413, body: TOO_LARGE });
  });

  it('draws the line at exactly 2097152 bytes', async () => {
    // At the limit the size passes and the content decides; one byte more is 413.
    expect((await upload(Buffer.alloc(MAX_IMAGE_BYTES, 'a'), 'edge.png').expect(415)).body).toEqual(NOT_AN_IMAGE);
    expect((await upload(Buffer.alloc(MAX_IMAGE_BYTES + 1, 'a'), 'edge.png').expect(413)).body).toEqual(TOO_LARGE);
  });

  it('refuses a decompression bomb with 413 from its header, without decoding it', async () => {
    const bomb = pixelBomb(20000);
    expect(bomb.length).toBeLessThan(100_000);
    const started = Date.now();
    const response = await upload(bomb, 'bomb.png', 'image/png').expect(413);
    expect(response.body).toEqual({ error: 'Image dimensions are too large: at most 40 megapixels' });
    // Decoding 400 million pixels would take seconds and more than a gigabyte.
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('answers 401 to a visitor and to a bad token', async () => {
    const photo = await solid(50, 50, 'jpeg');
    const anonymous = await api().post('/api/upload/image').attach('image', photo, 'photo.jpg').expect(401);
    expect(anonymous.body).toEqual({ error: 'Authentication required' });
    await api().post('/api/upload/image').set('authorization', 'Bearer not-a-token').attach('image', photo, 'photo.jpg').expect(401);
  });

  it('answers 400 when there is no image field', async () => {
    const photo = await solid(50, 50, 'jpeg');
    const noImage = { error: 'No image received: send it as multipart/form-data in the field "image"' };
    const auth = () => api().post('/api/upload/image').set('authorization', `Bearer ${token}`);
    expect((await auth().attach('photo', photo, 'photo.jpg').expect(400)).body).toEqual(noImage);
    expect((await auth().field('title', 'a lamp').expect(400)).body).toEqual(noImage);
    expect((await auth().attach('image', Buffer.alloc(0), 'empty.jpg').expect(400)).body).toEqual(noImage);
    expect((await auth().send({ image: 'data:image/png;base64,AAAA' }).expect(400)).body).toEqual(noImage);
    expect((await auth().set('content-type', 'image/jpeg').send(photo).expect(400)).body).toEqual(noImage);
    expect((await auth().expect(400)).body).toEqual(noImage);
    expect((await auth().set('content-type', 'multipart/form-data; boundary=xyz').send('--xyz\r\nbroken').expect(400)).body.error).toEqual(
      expect.any(String),
    );
  });

  it('takes the image from the "image" part whatever else the form holds', async () => {
    const { body, contentType } = multipart([
      { name: 'title', data: 'a lamp' },
      { name: 'image', filename: 'lamp.png', contentType: 'application/octet-stream', data: await solid(30, 20, 'png') },
    ]);
    const response = await api()
      .post('/api/upload/image')
      .set('authorization', `Bearer ${token}`)
      .set('content-type', contentType)
      .send(body)
      .expect(201);
    expect(response.body.url).toMatch(/\.jpg$/);
  });
});

describe('GET /api/images/{name}', () => {
  let url: string;
  beforeAll(async () => {
    url = (await upload(await solid(100, 80, 'jpeg')).expect(201)).body.url;
  });

  it('serves the image with its type, long cache headers and nosniff', async () => {
    const response = await fetchImage(url).expect(200);
    expect(response.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      etag: `"${url.slice('/api/images/'.length)}"`,
    });
    expect(Number(response.headers['content-length'])).toBe((response.body as Buffer).length);
  });

  it('answers 304 to a client that already has it', async () => {
    const etag = (await api().get(url).expect(200)).headers.etag!;
    await api().get(url).set('if-none-match', etag).expect(304);
  });

  it.each([
    ['an unknown key', `/api/images/${'0'.repeat(32)}.jpg`],
    ['a known key with another extension', () => url.replace('.jpg', '.webp')],
    ['a known key in capitals', () => url.replace(/[0-9a-f]{32}/, (key) => key.toUpperCase())],
    ['an encoded path traversal', '/api/images/..%2F..%2F..%2Fetc%2Fpasswd'],
    ['a traversal to the signing keys', '/api/images/%2e%2e%2fkeys%2fjwt-es256.private.pem'],
    ['a name with a NUL byte', () => `${url}%00.png`],
  ])('answers 404 to %s', async (_label, target) => {
    const response = await api()
      .get(typeof target === 'function' ? target() : target)
      .expect(404);
    expect(response.body).toEqual({ error: 'Image not found' });
  });

  it('is ready when its database, broker and storage are', async () => {
    await api().get('/health').expect(200, { status: 'ok' });
  });
});

function solidTiff(): Promise<Buffer> {
  return sharp({ create: { width: 20, height: 20, channels: 3, background: '#336699' } })
    .tiff()
    .toBuffer();
}
