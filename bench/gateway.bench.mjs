// What the gateway adds to a call: GET /api/users/me straight to the auth service and through the
// gateway, in one run, each in its own process as in the stack topology.
// autocannon records whole milliseconds, so the mean (which has decimals) is printed as well.
// Processor time per request of each process is printed too: latency moves with whatever else runs
// on the machine, processor time much less, so two builds compare on it even on a busy machine.
// Run: npm run build && npm run bench:gateway   (options: DURATION=10 CONNECTIONS=10)
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuPerRequest } from './process-cpu.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 10);
const dataDir = mkdtempSync(path.join(tmpdir(), 'garage-bench-'));
const database = process.env.DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/garage_bench_${Date.now().toString(36)}`;
const common = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: database,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_STORE: 'memory',
  REGISTRATIONS_PER_IP: '1000',
  // One client sends thousands of requests a second here: the budget is still counted (its cost
  // is part of the figure) but set far above what the run sends.
  REQUESTS_PER_MINUTE: '100000000',
};
const authPort = 4901;
const gatewayPort = 4900;

const children = [];
const start = (entry, env) => {
  const child = spawn(process.execPath, [path.join(root, entry)], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  children.push(child);
  return child;
};

const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('exit', stopAll);

const auth = start('services/auth/dist/main.js', { ...common, PORT: String(authPort) });
const gateway = start('gateway/dist/main.js', { ...common, PORT: String(gatewayPort), AUTH_URL: `http://127.0.0.1:${authPort}` });

const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
const authUrl = `http://127.0.0.1:${authPort}`;
for (let tries = 0; ; tries += 1) {
  try {
    // Only auth runs here, so readiness is auth's own and the gateway's liveness.
    if ((await fetch(`${authUrl}/health`)).ok && (await fetch(`${gatewayUrl}/api/live`)).ok) break;
  } catch {}
  if (tries > 200) throw new Error('services did not start');
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const registered = await fetch(`${gatewayUrl}/api/auth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', email: `bench.${Date.now()}@example.com`, password: 'benchmark' }),
}).then((response) => response.json());
const headers = { authorization: `Bearer ${registered.token}` };

const run = async (url, seconds) => {
  const { result, perRequest } = await cpuPerRequest(
    { auth, gateway },
    () =>
      new Promise((resolve, reject) =>
        autocannon({ url: `${url}/api/users/me`, headers, connections, duration: seconds }, (error, result) =>
          error ? reject(error) : resolve({ result, requests: result.requests.total }),
        ),
      ),
  );
  return { ...result, cpuUsPerRequest: perRequest };
};

// Warm both paths (JIT, connection pools, token cache) before measuring.
await run(authUrl, 2);
await run(gatewayUrl, 2);
const direct = await run(authUrl, duration);
const viaGateway = await run(gatewayUrl, duration);

const row = (name, result) => ({
  path: name,
  'mean ms': Number(result.latency.average.toFixed(2)),
  'p50 ms': result.latency.p50,
  'p90 ms': result.latency.p90,
  'p99 ms': result.latency.p99,
  'req/s': Math.round(result.requests.average),
  errors: result.errors + result.non2xx,
  'auth CPU µs/req': Math.round(result.cpuUsPerRequest.auth),
  'gateway CPU µs/req': Math.round(result.cpuUsPerRequest.gateway),
});
console.log(`\nGET /api/users/me, ${connections} connections, ${duration} s each\n`);
console.table([row('auth directly', direct), row('through the gateway', viaGateway)]);
console.log(
  `gateway adds: mean ${(viaGateway.latency.average - direct.latency.average).toFixed(2)} ms, p50 ${(viaGateway.latency.p50 - direct.latency.p50).toFixed(2)} ms, ` +
    `p90 ${(viaGateway.latency.p90 - direct.latency.p90).toFixed(2)} ms, ` +
    `p99 ${(viaGateway.latency.p99 - direct.latency.p99).toFixed(2)} ms (goal: ≤ 1 ms at p50, ≤ 2 ms at p90)`,
);
stopAll();
await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()))));
// The run's own database (not one the caller named) goes with it.
if (!process.env.DATABASE_URL) {
  const admin = new pg.Client({ connectionString: database.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${new URL(database).pathname.slice(1)}" WITH (FORCE)`);
  await admin.end();
}
process.exit(0);
