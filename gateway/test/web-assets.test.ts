import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { startGateway, type RunningGateway } from '../src/index.js';

// The built SPA as the web build leaves it: hashed assets with .br/.gz siblings, index.html too.
const script = `console.log(${JSON.stringify('garage '.repeat(200))});`;
const html = `<!doctype html><title>Garage</title><div id="root"></div>${'<!-- padding -->'.repeat(50)}`;
let gateway: RunningGateway;

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'garage-web-assets-'));
  mkdirSync(path.join(webDist, 'assets'));
  const write = (name: string, content: string, compressed = true) => {
    writeFileSync(path.join(webDist, name), content);
    if (!compressed) return;
    writeFileSync(path.join(webDist, `${name}.br`), brotliCompressSync(content));
    writeFileSync(path.join(webDist, `${name}.gz`), gzipSync(content));
  };
  write('index.html', html);
  write('assets/app-1a2b3c.js', script);
  write('assets/photo-4d5e6f.png', 'not really a png', false);
  gateway = await startGateway({ env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', WEB_DIST: webDist } });
});

afterAll(async () => {
  await gateway.close();
});

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A plain GET that leaves the body as sent (supertest would decode gzip and brotli itself). */
function raw(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    get(`${gateway.url}${url}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('precompressed SPA assets', () => {
  it('sends brotli to a browser that accepts it, with a year-long immutable cache', async () => {
    const response = await raw('/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toBe('Accept-Encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(response.headers['content-length'])).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(response.body).toString()).toBe(script);
  });

  it('falls back to gzip, then to the raw file', async () => {
    const gzip = await raw('/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip' });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);

    const refused = await raw('/assets/app-1a2b3c.js', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.status).toBe(200);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString()).toBe(script);

    const none = await raw('/assets/app-1a2b3c.js', { 'accept-encoding': 'identity' });
    expect(none.status).toBe(200);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(Number(none.headers['content-length'])).toBe(script.length);
  });

  it('serves index.html compressed but revalidated, for the root and for deep links', async () => {
    for (const url of ['/', '/index.html', '/sales/12']) {
      const response = await raw(url, { 'accept-encoding': 'br' });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.body).toString()).toBe(html);
    }
  });

  it('answers a revalidation of an unchanged file with 304, per encoding', async () => {
    const first = await raw('/', { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    const etag = first.headers['etag'] as string;
    expect(etag).toMatch(/^".+-br"$/);
    const revalidated = await raw('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    // The gzip copy is a different representation: the brotli tag does not validate it.
    const gzip = await raw('/', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['etag']).not.toBe(etag);
  });

  it('sends files without compressed siblings as they are, and never the siblings by name', async () => {
    const image = await raw('/assets/photo-4d5e6f.png', { 'accept-encoding': 'br, gzip' });
    expect(image.status).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers['vary']).toBeUndefined();
    expect(image.headers['content-type']).toBe('image/png');
    await request(gateway.url).get('/assets/app-1a2b3c.js.br').expect(404);
    await request(gateway.url).get('/assets/missing-000.js').expect(404);
  });
});
