/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { bundleBudget } from './scripts/bundle-budget.ts';
import { precompress } from './scripts/precompress.ts';
import { prerenderedScreensChunk, prerenderPages } from './scripts/prerender.ts';
import { serviceWorker } from './scripts/service-worker.ts';
import { SummaryReporter } from './scripts/summary-reporter.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));
// The contracts are consumed from source: no build of the lib is needed for the SPA. Screens that
// need only the spec's constants import `@garage/contracts/constants`, which has no zod: building
// every schema costs a phone hundreds of milliseconds of main thread on the pages that need none.
const contracts = fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url));
const contractConstants = fileURLToPath(new URL('../libs/contracts/src/constants.ts', import.meta.url));
const contractGeo = fileURLToPath(new URL('../libs/contracts/src/geo.ts', import.meta.url));
const contractTimeZone = fileURLToPath(new URL('../libs/contracts/src/time-zone.ts', import.meta.url));
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server build (isSsrBuild) only prerenders the public pages: no CSS, budget or worker.
  plugins: isSsrBuild
    ? [react()]
    : [
        react(),
        tailwindcss(),
        bundleBudget({ maxInitialKiB: 170 }),
        serviceWorker({ source: fileURLToPath(new URL('./src/service-worker.js', import.meta.url)) }),
        prerenderPages({
          configFile: fileURLToPath(import.meta.url),
          entry: fileURLToPath(new URL('./src/app/prerender.tsx', import.meta.url)),
          startScript: fileURLToPath(new URL('./src/start-app.js', import.meta.url)),
        }),
        precompress(),
      ],
  resolve: {
    alias: [
      { find: /^@garage\/contracts$/, replacement: contracts },
      { find: /^@garage\/contracts\/constants$/, replacement: contractConstants },
      { find: /^@garage\/contracts\/geo$/, replacement: contractGeo },
      { find: /^@garage\/contracts\/time-zone$/, replacement: contractTimeZone },
      { find: /^@\//, replacement: `${src}/` },
      // React Router's package points every import at its development build (dev-only warnings
      // switched on); a build ships its production files, development and tests keep the warnings.
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : []),
    ],
  },
  server: {
    port: 5173,
    // The gateway serves /api; in development the SPA proxies to it (npm start listens on 3000).
    proxy: { '/api': process.env.GARAGE_API_URL ?? 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    // Few files per prerendered page: their screens' shared code in one chunk, each screen's own in at most two (scripts/prerender.ts).
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { groups: [prerenderedScreensChunk(fileURLToPath(new URL('.', import.meta.url)))] } } },
    // Maps for error reporting, not referenced from the served bundles.
    sourcemap: 'hidden',
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // See src/test/setup.ts: a loaded machine, not a slow screen, is what outlasts the default 5 s.
    testTimeout: 20_000,
    restoreMocks: true,
    unstubGlobals: true,
    reporters: ['default', new SummaryReporter()],
  },
}));
