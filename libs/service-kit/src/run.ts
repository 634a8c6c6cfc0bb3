import type { z } from 'zod';
import { ConfigError } from './config.js';
import { startService, type ServiceDefinition } from './service.js';

/**
 * The entry point of a service process: start, then stop gracefully on SIGTERM/SIGINT. A bad
 * configuration ends the process with every problem named.
 */
export async function runService<S extends z.ZodRawShape>(definition: ServiceDefinition<S>): Promise<void> {
  try {
    const service = await startService(definition);
    onShutdownSignal(async () => {
      service.logger.info({}, 'shutting down');
      await service.close();
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${definition.name}: ${error.message}\n`);
    } else {
      process.stderr.write(`${definition.name}: failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
    }
    process.exit(1);
  }
}

/** Runs `stop` once on the first SIGTERM or SIGINT, then exits; a second signal exits at once. */
export function onShutdownSignal(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    stop().then(
      () => process.exit(0),
      (error) => {
        process.stderr.write(`shutdown after ${signal} failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
}
