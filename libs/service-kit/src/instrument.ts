/**
 * Preload for a service or gateway process: `node --import @garage/service-kit/instrument dist/main.js`.
 *
 * Our build is ESM, and an ESM import graph is loaded whole before any of it runs, so patching
 * `pg`, `ioredis` or `http` from `startService` comes too late. This file runs first: it registers
 * import-in-the-middle's loader hook (on Node 20 `module.register`, a loader thread) and creates
 * the instrumentations, whose hooks then patch each module as it is imported. It must use the
 * import-in-the-middle copy the instrumentations themselves use, or the hooks never meet.
 * `setupTracing` later starts the SDK with them. With no collector configured it does nothing.
 */
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';

// Spans are exported only to a collector (see `setupTracing`). Without one the hook is not
// registered at all: undone patches still leave every hooked module behind import-in-the-middle's
// proxies and the loader thread, which cost each request processor time for nothing.
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const fromInstrumentations = createRequire(import.meta.resolve('@opentelemetry/auto-instrumentations-node'));
  const hooks = fromInstrumentations.resolve('import-in-the-middle');
  const { createAddHookMessageChannel } = (await import(pathToFileURL(hooks).href)) as {
    createAddHookMessageChannel(): { registerOptions: object; waitForAllMessagesAcknowledged(): Promise<void> };
  };
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register(new URL('hook.mjs', pathToFileURL(hooks)), import.meta.url, registerOptions);

  const { instrumentTracedModules } = await import('./traced-modules.js');
  instrumentTracedModules();
  await waitForAllMessagesAcknowledged();
}
