import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { startGateway, type RunningGateway } from '../src/index.js';
import { CSP } from '../src/security-headers.js';

// The built SPA as the web build leaves it: hashed assets with .br/.gz siblings, index.html too.
const script = `console.log(${JSON.stringify('garage '.repeat(200))});`;
const html = `<!doctype html><title>Garage</title><div id="root"></div>${'<!-- padding -->'.repeat(50)}`;
// Pages the web build prerenders (web/scripts/prerender.ts), listed in its manifest.
const page = (name: string) =>
  `<!doctype html><html><head><title>${name}</title></head><body><div id="root" data-prerendered>${name}</div>${'<!-- padding -->'.repeat(50)}</body></html>`;
const manifest = [
  { route: '/', file: '/prerendered/home.html' },
  { route: '/sales', file: '/prerendered/sales.html' },
  { route: '/items/:id', file: '/prerendered/item.html' },
];
let gateway: RunningGateway;
// The items service as the item page's photo hint reads it: `GET /api/items/{id}`, no token.
let items: Server;
const itemRequests: IncomingHttpHeaders[] = [];
const ITEMS: Record<string, { status: number; body: unknown; delayMs?: number }> = {
  '/api/items/4': { status: 200, body: { id: 4, image_urls: ['/api/images/abc123.jpg', '/api/images/def456.jpg'] } },
  '/api/items/5': { status: 200, body: { id: 5, image_urls: ['/api/images/x.jpg"><script>alert(1)</script>'] } },
  '/api/items/6': { status: 200, body: { id: 6, image_urls: ['/api/images/slow.jpg'] }, delayMs: 1500 },
  '/api/items/7': { status: 200, body: { id: 7, image_urls: [] } },
};

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
  mkdirSync(path.join(webDist, 'prerendered'));
  write('prerendered/home.html', page('home'));
  write('prerendered/sales.html', page('sales'));
  write('prerendered/item.html', page('item'));
  write('prerendered/pages.json', JSON.stringify(manifest), false);
  write('assets/app-1a2b3c.js', script);
  write('assets/photo-4d5e6f.png', 'not really a png', false);
  items = createServer((req, res) => {
    itemRequests.push(req.headers);
    const answer = ITEMS[req.url ?? ''] ?? { status: 404, body: { error: 'Item not found' } };
    setTimeout(() => {
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => items.listen(0, '127.0.0.1', resolve));
  const itemsUrl = `http://127.0.0.1:${(items.address() as AddressInfo).port}`;
  gateway = await startGateway({ env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', WEB_DIST: webDist, ITEMS_URL: itemsUrl } });
});

afterAll(async () => {
  await gateway.close();
  items.closeAllConnections();
  await new Promise((resolve) => items.close(resolve));
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

  it('serves index.html compressed but revalidated, for deep links', async () => {
    for (const url of ['/index.html', '/sales/12', '/items/4/edit', '/profile']) {
      const response = await raw(url, { 'accept-encoding': 'br' });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.body).toString()).toBe(html);
    }
  });

  it('serves a prerendered page for its address, compressed and revalidated', async () => {
    for (const [url, name] of [
      ['/', 'home'],
      ['/sales', 'sales'],
      ['/sales/', 'sales'],
      ['/items/404', 'item'],
      ['/items/abc', 'item'],
    ] as const) {
      const response = await raw(url, { 'accept-encoding': 'br' });
      expect({ url, status: response.status, cache: response.headers['cache-control'] }).toEqual({ url, status: 200, cache: 'no-cache' });
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(brotliDecompressSync(response.body).toString()).toBe(page(name));
    }
    const plain = await raw('/items/abc', {});
    expect(plain.body.toString()).toBe(page('item'));
  });

  it('serves the shell, not the prerendered page, when a query string changes what the screen shows', async () => {
    for (const url of ['/?ref=mail', '/sales?radius=50', '/items/4?x=1']) {
      const response = await raw(url, { 'accept-encoding': 'br' });
      expect(response.status).toBe(200);
      expect(brotliDecompressSync(response.body).toString()).toBe(html);
    }
  });

  it("allows the pages' one inline script by its hash, and no other", () => {
    const startApp = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../web/src/start-app.js'), 'utf8').trim();
    const hash = createHash('sha256').update(startApp).digest('base64');
    const scriptSrc = CSP.split('; ').find((directive) => directive.startsWith('script-src '))!;
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}' https://js.stripe.com`);
  });

  it("names an item page's main photo in its HTML, read as a visitor from the items service", async () => {
    const preload = '<link rel="preload" as="image" href="/api/images/abc123.jpg" fetchpriority="high" />';
    const br = await raw('/items/4', { 'accept-encoding': 'br', authorization: 'Bearer someone' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(br.body).toString()).toBe(page('item').replace('<head>', `<head>\n    ${preload}`));
    const gzip = await raw('/items/4', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.body).toString()).toContain(preload);
    const plain = await raw('/items/4', {});
    expect(plain.body.toString()).toContain(preload);
    // The photo is public: the lookup never carries the visitor's token.
    expect(itemRequests.every((headers) => headers.authorization === undefined)).toBe(true);
  });

  it('serves an item page without a hint when the item has no usable photo, is missing, or answers late', async () => {
    for (const url of ['/items/5', '/items/6', '/items/7', '/items/404', '/items/abc']) {
      const started = Date.now();
      const response = await raw(url, { 'accept-encoding': 'br' });
      expect({ url, status: response.status }).toEqual({ url, status: 200 });
      expect(brotliDecompressSync(response.body).toString()).toBe(page('item'));
      expect(Date.now() - started).toBeLessThan(1200);
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
