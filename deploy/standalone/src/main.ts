import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '@garage/database';
import { InProcessBus } from '@garage/event-bus';
import { startGateway } from '@garage/gateway';
import { createLogger, onShutdownSignal, startService, type RunningService } from '@garage/service-kit';
import { seedDemoData } from './seed.js';
import { SERVICES } from './services.js';

/**
 * The standalone topology (`npm start`): embedded PostgreSQL under DATA_DIR, the in-process bus,
 * every service and the gateway in this one process, the built SPA served by the gateway.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, '.data'));
const port = process.env.PORT ?? '3000';
const logger = createLogger('standalone', process.env.LOG_LEVEL ?? 'info');
const started = Date.now();

const database = await startEmbeddedPostgres(dataDir, (line) => logger.warn({}, line));
const bus = new InProcessBus(logger);
const env: Record<string, string | undefined> = {
  ...process.env,
  // NODE_ENV is passed as given: a production process must be configured as one (it names what
  // is missing) and never serves development pages such as the dev mailbox.
  DATA_DIR: dataDir,
  DATABASE_URL: database.url,
  EVENT_BUS: 'memory',
  RATE_LIMIT_STORE: 'memory',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  PORT: '0',
  HOST: '127.0.0.1',
  // Links in emails and calendar files point where this process actually serves the product.
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
};
const services: RunningService<unknown>[] = [];
const gatewayEnv: Record<string, string | undefined> = {
  ...env,
  PORT: port,
  // This machine only, unless HOST says otherwise (HOST=0.0.0.0 to be reached from the network).
  HOST: process.env.HOST ?? '127.0.0.1',
  WEB_DIST: path.join(root, 'web/dist'),
};
try {
  for (const service of SERVICES) {
    const running = await startService(service.definition, { env, bus, logger });
    // The services already running learn its address too: sales asks items and shopper, which start
    // after it, for their parts of a sale's stats (each service reads its config's *_URL per call).
    for (const earlier of services) (earlier.config as Record<string, unknown>)[service.gatewayKey] = running.url;
    services.push(running);
    gatewayEnv[service.gatewayKey] = running.url;
    // The services started after this one ask it directly when their copy of its data lags (an
    // owner starts before the services that copy it: see the order in services.ts).
    env[service.gatewayKey] = running.url;
  }
} catch (error) {
  logger.error({ err: error }, 'a service failed to start');
  await Promise.allSettled(services.map((service) => service.close()));
  await database.stop();
  process.exit(1);
}
const gateway = await startGateway({ env: gatewayEnv, logger });
const publicUrl = gateway.url.replace('0.0.0.0', 'localhost');

onShutdownSignal(async () => {
  logger.info({}, 'stopping');
  await gateway.close();
  // No delivery once a service may be closing: undelivered events stay in their outbox for the next start.
  await bus.stopConsuming();
  for (const service of [...services].reverse()) await service.close();
  await bus.close();
  await database.stop();
});

const demo = await seedDemoData(publicUrl, dataDir, logger);
process.stdout.write(
  `\nGarage is running at ${publicUrl}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s, data in ${dataDir})\n` +
    (demo ? `Demo account: ${demo.email} / ${demo.password}\n` : '') +
    'Press Ctrl-C to stop.\n\n',
);
