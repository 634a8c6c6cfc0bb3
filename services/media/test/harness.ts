import { randomUUID } from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { EventData } from '@garage/contracts';
import { itemSnapshot as baseItem } from '@garage/testing';

// The media service's fixtures (images, multipart bodies, chunked uploads); starting it, tokens,
// events and waiting come from `@garage/testing`.

export const RED = { r: 255, g: 0, b: 0 };
export const BLUE = { r: 0, g: 0, b: 255 };

/**
 * A phone photo as cameras write it: pixels stored landscape (left half red, right half blue) with
 * EXIF orientation 6 (shown rotated 90° clockwise: red on top), plus the camera and a GPS position.
 */
export async function phonePhoto(width = 2400, height = 1200): Promise<Buffer> {
  const left = await sharp({ create: { width: width / 2, height, channels: 3, background: RED } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: BLUE } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'GarageCam', Model: 'Phone 1', Copyright: 'Seller Name' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 44/1 54/1', GPSLongitudeRef: 'W', GPSLongitude: '73/1 59/1 10/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export function solid(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif', alpha = false): Promise<Buffer> {
  const background = alpha ? { r: 0, g: 128, b: 0, alpha: 0.5 } : { r: 0, g: 128, b: 0 };
  const image = sharp({ create: { width, height, channels: alpha ? 4 : 3, background } });
  return image[format]().toBuffer();
}

/** A three-frame animated image (red, green, blue). */
export async function animated(format: 'gif' | 'webp'): Promise<Buffer> {
  const frame = (colour: string) =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const frames = await Promise.all([frame('#ff0000'), frame('#00ff00'), frame('#0000ff')]);
  const joined = sharp(frames, { join: { animated: true } });
  return (format === 'gif' ? joined.gif({ loop: 0, delay: [100, 100, 100] }) : joined.webp({ loop: 0, delay: [100, 100, 100] })).toBuffer();
}

/**
 * A decompression bomb: a valid PNG header announcing `size`×`size` RGB pixels (20000² is 1.2 GB
 * decoded) around a few kilobytes of data. Decoding it is what must never happen.
 */
export function pixelBomb(size = 20000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = zlib.deflateSync(Buffer.alloc((size * 3 + 1) * 64));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The colour of one pixel of a decoded image. */
export async function pixel(image: Buffer, x: number, y: number): Promise<{ r: number; g: number; b: number }> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
}

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand, for requests supertest cannot make (chunked). */
export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----garage${randomUUID().replace(/-/g, '')}`;
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    pieces.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(pieces), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Posts `body` in chunks with `Transfer-Encoding: chunked`: no Content-Length to judge it by. */
export function postChunked(url: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null });
      });
    });
    // The server may answer before the whole body is sent; what matters is its answer.
    request.on('error', reject);
    let offset = 0;
    const writeNext = () => {
      while (offset < body.length) {
        const slice = body.subarray(offset, offset + 64 * 1024);
        offset += slice.length;
        if (!request.write(slice)) return void request.once('drain', writeNext);
      }
      request.end();
    };
    writeNext();
  });
}

/** The snapshot of an item with these image URLs. */
export function itemSnapshot(id: number, userId: number, imageUrls: string[]): EventData<'item.created'> {
  return baseItem(id, userId, null, { category: 'Furniture', image_urls: imageUrls });
}
