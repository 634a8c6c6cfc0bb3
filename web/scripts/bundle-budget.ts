import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Gzipped bytes of a chunk's code, as a browser would download it. */
export function gzipSize(code: string | Uint8Array): number {
  return gzipSync(code, { level: 9 }).length;
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
}

/**
 * The chunks a first visit must download before the app can run: every entry chunk and,
 * transitively, what it imports statically. Lazy routes (dynamic imports) are not part of it.
 */
export function initialChunks(bundle: Record<string, { type: string }>): ChunkLike[] {
  const chunks = new Map<string, ChunkLike>();
  for (const [name, output] of Object.entries(bundle)) {
    if (output.type === 'chunk') chunks.set(name, output as unknown as ChunkLike);
  }
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    const chunk = chunks.get(name);
    if (!chunk) return;
    seen.add(name);
    chunk.imports.forEach(visit);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
  return [...seen].map((name) => chunks.get(name)!);
}

/**
 * Prints the gzipped size of the initial JavaScript after `vite build` and fails the build when it
 * is over budget, so a heavy import in the app shell is caught before it ships.
 */
export function bundleBudget({ maxInitialKiB }: { maxInitialKiB: number }): Plugin {
  return {
    name: 'garage:bundle-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const initial = initialChunks(bundle);
      const rows = initial.map((chunk) => ({ file: chunk.fileName, gzip: gzipSize(chunk.code) }));
      const total = rows.reduce((sum, row) => sum + row.gzip, 0);
      const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
      const lines = rows.map((row) => `  ${row.file.padEnd(48)} ${kib(row.gzip).padStart(10)} gzip`);
      const verdict = `initial JS ${kib(total)} gzip (budget ${maxInitialKiB} KiB)`;
      // Printed with console.log: plugin info logs can be silenced by the log level.
      console.log(`\n[bundle-budget] ${verdict}\n${lines.join('\n')}`);
      if (total > maxInitialKiB * 1024) {
        this.error(`[bundle-budget] over budget: ${verdict}`);
      }
    },
  };
}
