// What the stack costs when nobody uses it: every service and the gateway as processes of their
// own (each on its port, on the real PostgreSQL, RabbitMQ and Redis, as in the stack topology),
// left idle; then, per process, its processor time a second and how many times a second it went to
// sleep and was woken (voluntary context switches, all its threads). A wake is not free: on a
// 2-core machine shared with search, each one is processor time taken from it (decision 0286).
// Run: npm run bench:idle   (options: IDLE_SECONDS=10 SETTLE_SECONDS=5)
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_NAMES, serviceUrlKey } from '@garage/contracts';
import { serviceTestEnv, waitFor } from '@garage/testing';
import { cpuMs } from './process-cpu.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const idleSeconds = Number(process.env.IDLE_SECONDS ?? 10);
const settleSeconds = Number(process.env.SETTLE_SECONDS ?? 5);

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Processor time so far (ms, all threads) and voluntary context switches of a process. */
function usage(pid) {
  let wakes = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const status = readFileSync(`/proc/${pid}/task/${task}/status`, 'utf8');
    wakes += Number(/voluntary_ctxt_switches:\s+(\d+)/.exec(status)[1]);
  }
  return { cpuMs: cpuMs(pid), wakes };
}

const testEnv = await serviceTestEnv({ LOG_LEVEL: 'warn', NODE_ENV: 'development', RATE_LIMIT_STORE: 'redis' });
const ports = Object.fromEntries(await Promise.all(SERVICE_NAMES.map(async (name) => [name, await freePort()])));
const urls = Object.fromEntries(SERVICE_NAMES.map((name) => [serviceUrlKey(name), `http://127.0.0.1:${ports[name]}`]));
const processes = [
  ...SERVICE_NAMES.map((name) => ({ name, entry: `services/${name}/dist/main.js`, port: ports[name] })),
  { name: 'gateway', entry: 'gateway/dist/main.js', port: await freePort(), health: '/api/health' },
].map((process_) => ({
  ...process_,
  child: spawn(process.execPath, [path.join(root, process_.entry)], {
    env: { ...process.env, ...testEnv.env, ...urls, PORT: String(process_.port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  }),
}));
const stopAll = () => processes.forEach(({ child }) => child.kill('SIGTERM'));
process.on('exit', stopAll);

try {
  for (const { name, port, health = '/health' } of processes) {
    const url = `http://127.0.0.1:${port}${health}`;
    await waitFor(async () => (await fetch(url).catch(() => null))?.ok || undefined, 60_000, `${name} to start`);
  }
  console.log(
    `${processes.length} processes started; settling ${settleSeconds} s, then ${idleSeconds} s idle (load average ${loadavg()[0].toFixed(2)})`,
  );
  await new Promise((resolve) => setTimeout(resolve, settleSeconds * 1000));
  const before = processes.map(({ child }) => usage(child.pid));
  await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
  const rows = processes.map(({ name, child }, index) => {
    const after = usage(child.pid);
    return {
      process: name,
      'processor ms/s': Number(((after.cpuMs - before[index].cpuMs) / idleSeconds).toFixed(1)),
      'wakes/s': Math.round((after.wakes - before[index].wakes) / idleSeconds),
    };
  });
  rows.push({
    process: 'all',
    'processor ms/s': Number(rows.reduce((sum, row) => sum + row['processor ms/s'], 0).toFixed(1)),
    'wakes/s': rows.reduce((sum, row) => sum + row['wakes/s'], 0),
  });
  console.table(rows);
  console.log(`load average at the end ${loadavg()[0].toFixed(2)} (processor time is counted in 10 ms ticks)`);
} finally {
  stopAll();
  await testEnv.cleanup();
}
