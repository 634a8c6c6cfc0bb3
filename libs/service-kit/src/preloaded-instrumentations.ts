import type { NodeSDKConfiguration } from '@opentelemetry/sdk-node';

/**
 * The instrumentations the preload created, for `setupTracing` to hand to the SDK. Kept apart from
 * `traced-modules.ts` so a process without the preload (a test, a tool) never loads the forty
 * instrumentation packages: they could not patch its modules anyway, which are already imported.
 */
export const preloadedInstrumentations: NonNullable<NodeSDKConfiguration['instrumentations']> = [];
