import { createReadStream, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';

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
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

interface Asset {
  file: string;
  size: number;
  contentType: string;
  cacheControl: string;
}

/**
 * The built SPA, indexed once at start: only files that exist in the build can be served, so no
 * request path ever reaches the file system.
 */
export class WebAssets {
  private readonly assets = new Map<string, Asset>();

  constructor(private readonly root: string) {
    this.scan(root);
  }

  /** Sends the file for `urlPath`, `index.html` for a deep link, or returns false (a 404). */
  send(urlPath: string, reply: FastifyReply): boolean {
    const exact = this.assets.get(urlPath);
    const asset = exact ?? (path.extname(urlPath) === '' ? this.assets.get('/index.html') : undefined);
    if (!asset) return false;
    void reply
      .header('content-type', asset.contentType)
      .header('content-length', asset.size)
      .header('cache-control', asset.cacheControl)
      .send(createReadStream(asset.file));
    return true;
  }

  private scan(dir: string): void {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        this.scan(file);
        continue;
      }
      const urlPath = `/${path.relative(this.root, file).split(path.sep).join('/')}`;
      this.assets.set(urlPath, {
        file,
        size: statSync(file).size,
        contentType: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        // Vite names built assets by content hash: they never change, so they are cached for a year.
        cacheControl: urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
    }
  }
}
