import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding } from '@garage/service-kit';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Precompressed siblings the build writes (web/scripts/precompress.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'];

/** Long-lived: Vite names everything under /assets/ by content hash, so a file there never changes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html, the manifest and the service worker: revalidated on every load (a 304 when unchanged). */
export const REVALIDATE = 'no-cache';

interface Variant {
  file: string;
  size: number;
  etag: string;
}

interface Asset {
  contentType: string;
  cacheControl: string;
  identity: Variant;
  encoded: Partial<Record<Encoding, Variant>>;
}

/** What the gateway knows about a page that its prebuilt HTML cannot (see item-photo.ts). */
export interface PageHints {
  /** The page's largest image, fetched with high priority from the start. */
  preloadImage?: string;
}

/** The web build's list of prerendered pages (web/scripts/prerender.ts): `{ route, file }[]`. */
const PRERENDERED_MANIFEST = '/prerendered/pages.json';

interface PrerenderedPage {
  /** The address, as React Router writes it (`/items/:id`). */
  pattern: RegExp;
  asset: Asset;
}

/**
 * The built SPA, indexed once at start: only files that exist in the build can be served, so no
 * request path ever reaches the file system. A file with a `.br`/`.gz` sibling is sent in the best
 * encoding the browser accepts, without compressing anything per request.
 */
export class WebAssets {
  private readonly assets = new Map<string, Asset>();
  private readonly pages: PrerenderedPage[];
  /** HTML text of the pages sent with a hint, read once: the build is fixed while the gateway runs. */
  private readonly htmlText = new Map<Asset, string>();

  constructor(private readonly root: string) {
    this.scan(root);
    this.pages = this.prerenderedPages();
  }

  /**
   * Sends the file for `urlPath`; for a page address, its prerendered HTML when the build made one
   * and the URL has no query string (which would change what the screen shows), else index.html
   * (the app's shell, for deep links); or returns false (a 404).
   */
  send(urlPath: string, request: FastifyRequest, reply: FastifyReply, hints: PageHints = {}): boolean {
    const exact = this.assets.get(urlPath);
    const asset = exact ?? (path.extname(urlPath) === '' ? this.page(urlPath, request.url.includes('?')) : undefined);
    if (!asset) return false;
    if (hints.preloadImage && !exact && asset.contentType.startsWith('text/html')) {
      const html = this.htmlText.get(asset) ?? readFileSync(asset.identity.file, 'utf8');
      this.htmlText.set(asset, html);
      sendWithPreload(asset, html, hints.preloadImage, request, reply);
      return true;
    }
    const encoding = negotiate(request.headers['accept-encoding'], asset);
    const variant = encoding ? asset.encoded[encoding]! : asset.identity;
    reply.header('content-type', asset.contentType).header('cache-control', asset.cacheControl).header('etag', variant.etag);
    // Caches must keep one copy per encoding of anything that has more than one.
    if (Object.keys(asset.encoded).length > 0) reply.header('vary', 'Accept-Encoding');
    if (encoding) reply.header('content-encoding', encoding);
    if (etagMatches(request.headers['if-none-match'], variant.etag)) {
      void reply.code(304).send();
      return true;
    }
    void reply.header('content-length', variant.size).send(createReadStream(variant.file));
    return true;
  }

  private page(urlPath: string, hasQuery: boolean): Asset | undefined {
    const prerendered = hasQuery ? undefined : this.pages.find((page) => page.pattern.test(urlPath));
    return prerendered?.asset ?? this.assets.get('/index.html');
  }

  private prerenderedPages(): PrerenderedPage[] {
    const manifest = this.assets.get(PRERENDERED_MANIFEST);
    if (!manifest) return [];
    const entries = JSON.parse(readFileSync(manifest.identity.file, 'utf8')) as { route: string; file: string }[];
    return entries.flatMap(({ route, file }) => {
      const asset = this.assets.get(file);
      return asset ? [{ pattern: routePattern(route), asset }] : [];
    });
  }

  private scan(dir: string): void {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        this.scan(file);
        continue;
      }
      // A compressed sibling is served as an encoding of its original, never under its own name.
      if (ENCODINGS.some(({ suffix }) => file.endsWith(suffix)) && existsSync(file.replace(/\.(br|gz)$/, ''))) continue;
      const urlPath = `/${path.relative(this.root, file).split(path.sep).join('/')}`;
      const encoded: Asset['encoded'] = {};
      for (const { name, suffix } of ENCODINGS) {
        if (existsSync(file + suffix)) encoded[name] = variant(file + suffix, name);
      }
      this.assets.set(urlPath, {
        contentType: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
        identity: variant(file),
        encoded,
      });
    }
  }
}

/**
 * A page with a preload of its largest image in the head: built per request (the image depends on
 * the address), compressed on the fly at a fast level, revalidated on every load.
 */
function sendWithPreload(asset: Asset, page: string, image: string, request: FastifyRequest, reply: FastifyReply): void {
  const html = page.replace(
    '<head>',
    () => `<head>\n    <link rel="preload" as="image" href="${escapeAttribute(image)}" fetchpriority="high" />`,
  );
  const encoding = negotiate(request.headers['accept-encoding'], asset);
  const body =
    encoding === 'br'
      ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? gzipSync(html, { level: 6 })
        : Buffer.from(html);
  void reply.header('content-type', asset.contentType).header('cache-control', REVALIDATE).header('vary', 'Accept-Encoding');
  if (encoding) void reply.header('content-encoding', encoding);
  void reply.header('content-length', body.length).send(body);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** `/items/:id` → a regular expression matching `/items/12` (one path segment per parameter). */
function routePattern(route: string): RegExp {
  const source = route
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

function variant(file: string, encoding?: Encoding): Variant {
  const hash = createHash('sha256').update(readFileSync(file)).digest('base64url').slice(0, 22);
  return { file, size: statSync(file).size, etag: `"${hash}${encoding ? `-${encoding}` : ''}"` };
}

/** The best encoding the Accept-Encoding header allows (q > 0) that exists for this asset. */
function negotiate(header: string | string[] | undefined, asset: Asset): Encoding | undefined {
  return acceptedEncoding(
    header,
    ENCODINGS.filter(({ name }) => asset.encoded[name]).map(({ name }) => name),
  );
}

function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const tags = (Array.isArray(header) ? header.join(',') : header).split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  return tags.includes(etag) || tags.includes('*');
}
