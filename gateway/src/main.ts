import { ConfigError, onShutdownSignal } from '@garage/service-kit';
import { startGateway } from './gateway.js';

try {
  const gateway = await startGateway();
  onShutdownSignal(() => gateway.shutdown());
} catch (error) {
  process.stderr.write(`gateway: ${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
}
