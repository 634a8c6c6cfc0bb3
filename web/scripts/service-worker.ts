import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** Built files the worker keeps for offline use (not source maps, not the worker itself). */
const PRECACHED = /\.(html|js|css|svg|png|webmanifest)$/;

/**
 * Emits `/sw.js` from `src/service-worker.js` with the list of every built file to precache and a
 * version from their names (content hashes), so each build's worker replaces the last one's cache.
 * Hand-written rather than a plugin: nothing to keep compatible with the Node and Vite versions.
 */
export function serviceWorker({ source }: { source: string }): Plugin {
  let publicDir = '';
  return {
    name: 'garage:service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      // The public folder (icons, manifest) is copied as it is, outside the bundle.
      const copied = publicDir && existsSync(publicDir) ? readdirSync(publicDir) : [];
      const files = [...Object.keys(bundle), ...copied].filter((file) => PRECACHED.test(file)).sort();
      const urls = ['/index.html', ...files.filter((file) => file !== 'index.html').map((file) => `/${file}`)];
      const version = createHash('sha256').update(urls.join('\n')).digest('hex').slice(0, 12);
      const code = readFileSync(source, 'utf8')
        .replace("'__VERSION__'", JSON.stringify(version))
        .replace('const PRECACHE = __PRECACHE__;', `const PRECACHE = ${JSON.stringify(urls)};`);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: code });
    },
  };
}
