import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { developmentKeys } from '@garage/service-kit';
import { SERVICES } from './services.js';

/**
 * The stack topology (`npm run stack`): the gateway and each service as its own process, against
 * DATABASE_URL, AMQP_URL and REDIS_URL (this machine's services by default). Browser tests and
 * benchmarks run against it.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, '.data/stack'));
const gatewayPort = process.env.PORT ?? '3000';
const keys = developmentKeys(dataDir);
const shared = {
  ...process.env,
  DATA_DIR: dataDir,
  JWT_PUBLIC_KEY: keys.publicKey,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // Links in emails and calendar files point at this stack's gateway, whatever its port.
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${gatewayPort}`,
};

const children: ChildProcess[] = [];
function run(name: string, entry: string, env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, [path.join(root, entry)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${name}] ${line}\n`)
      .join('');
  child.stdout?.on('data', (chunk: Buffer) => process.stdout.write(prefix(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(prefix(chunk)));
  child.on('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(`[${name}] exited (${code ?? signal}); stopping the stack\n`);
      void stop(1);
    }
  });
  children.push(child);
}

// `<NAME>_PORT` (e.g. AUTH_PORT) moves a service, so an isolated run (deploy/e2e) can take free ports.
const portOf = (service: (typeof SERVICES)[number]) => process.env[`${service.definition.name.toUpperCase()}_PORT`] ?? String(service.port);
// Where each service answers, for the gateway and for the services that ask an owner directly.
const urls = Object.fromEntries(SERVICES.map((service) => [service.gatewayKey, `http://127.0.0.1:${portOf(service)}`]));
const gatewayEnv: Record<string, string | undefined> = { ...shared, ...urls, PORT: gatewayPort };
for (const service of SERVICES) {
  const env: Record<string, string | undefined> = { ...shared, ...urls, PORT: portOf(service) };
  if (service.definition.name === 'auth') env.JWT_PRIVATE_KEY = keys.privateKey;
  run(service.definition.name, `services/${service.definition.name}/dist/main.js`, env);
}
run('gateway', 'gateway/dist/main.js', gatewayEnv);

let stopping = false;
async function stop(code: number) {
  stopping = true;
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

const url = `http://127.0.0.1:${gatewayPort}`;
const deadline = Date.now() + 60_000;
for (;;) {
  try {
    const response = await fetch(`${url}/api/health`);
    if (response.ok) break;
  } catch {
    /* not up yet */
  }
  if (Date.now() > deadline) {
    process.stderr.write('the stack did not become healthy within 60 s\n');
    await stop(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
process.stdout.write(`\nGarage stack is running at ${url}\n`);
