import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(html|js|mjs|css|json|webmanifest|svg|txt|xml|ico)$/i;

/** Files smaller than this gain nothing from a second request-free encoding. */
const MIN_BYTES = 512;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible built file (maximum levels: done
 * once at build, never per request), so the gateway and nginx serve them without compressing.
 * node:zlib does both: no native plugin, nothing that depends on the Node version.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'garage:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      let raw = 0;
      let brotli = 0;
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < MIN_BYTES) continue;
        const br = brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        const gz = gzipSync(content, { level: 9 });
        // An encoding that does not make the file smaller is not written: the raw file is served.
        if (br.length < content.length) writeFileSync(`${file}.br`, br);
        if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
        raw += content.length;
        brotli += Math.min(br.length, content.length);
      }
      console.log(`[precompress] ${(raw / 1024).toFixed(0)} KiB of text → ${(brotli / 1024).toFixed(0)} KiB brotli`);
    },
  };
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) yield* walk(file);
    else if (!file.endsWith('.br') && !file.endsWith('.gz') && !file.endsWith('.map')) yield file;
  }
}
