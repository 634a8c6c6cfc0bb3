// What the gateway adds to a call: GET /api/users/me straight to the auth service and through the
// gateway, in one run, each in its own process as in the stack topology.
// autocannon records whole milliseconds, so the mean (which has decimals) is printed as well.
// Processor time per request of each process is printed too: latency moves with whatever else runs
// on the machine, processor time much less, so two builds compare on it even on a busy machine.
// Run: npm run build && npm run bench:gateway   (options: DURATION=10 CONNECTIONS=10)
//
// BASE=<another checkout, built> puts that build's gateway beside this one, in front of the same
// auth service, and the two take turns: ROUNDS (default 6) bursts of BURST seconds (default 3)
// each, the order flipping every round, so whatever else the machine does falls on both alike.
// It prints each gateway's processor time per proxied call beside the auth service's.
// The other checkout: git worktree add --detach ../garage-base <commit> && cd ../garage-base &&
// npm ci && npm run build.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
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
const base = process.env.BASE ? path.resolve(process.env.BASE) : null;
const basePort = 4902;

const children = [];
const start = (entry, env) => {
  const child = spawn(process.execPath, [path.join(root, entry)], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  children.push(child);
  return child;
};

const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
process.on('exit', stopAll);

const auth = start('services/auth/dist/main.js', { ...common, PORT: String(authPort) });
const gateway = start('gateway/dist/main.js', { ...common, PORT: String(gatewayPort), AUTH_URL: `http://127.0.0.1:${authPort}` });
const baseGateway = base
  ? start(path.relative(root, path.join(base, 'gateway/dist/main.js')), {
      ...common,
      PORT: String(basePort),
      AUTH_URL: `http://127.0.0.1:${authPort}`,
    })
  : null;

const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
const authUrl = `http://127.0.0.1:${authPort}`;
for (let tries = 0; ; tries += 1) {
  try {
    // Only auth runs here, so readiness is auth's own and the gateway's liveness.
    if (
      (await fetch(`${authUrl}/health`)).ok &&
      (await fetch(`${gatewayUrl}/api/live`)).ok &&
      (!base || (await fetch(`http://127.0.0.1:${basePort}/api/live`)).ok)
    )
      break;
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

if (base) await compareBuilds();

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

/** This build's gateway and the base's, taking turns in front of the same auth service. */
async function compareBuilds() {
  const builds = { base: { gateway: baseGateway, url: `http://127.0.0.1:${basePort}` }, this: { gateway, url: gatewayUrl } };
  const rounds = Number(process.env.ROUNDS ?? 6);
  const seconds = Number(process.env.BURST ?? 3);
  const burst = (name, duration) =>
    cpuPerRequest(
      { gateway: builds[name].gateway, auth },
      () =>
        new Promise((resolve, reject) =>
          autocannon({ url: `${builds[name].url}/api/users/me`, headers, connections, duration }, (error, result) =>
            error ? reject(error) : resolve({ result, requests: result.requests.total }),
          ),
        ),
    );
  console.log(`Machine: load average ${loadAverage()} before the load`);
  for (const name of Object.keys(builds)) await burst(name, 3);
  const totals = { base: { requests: 0, failed: 0, gateway: [], auth: [] }, this: { requests: 0, failed: 0, gateway: [], auth: [] } };
  for (let round = 0; round < rounds; round += 1) {
    for (const name of round % 2 ? ['this', 'base'] : ['base', 'this']) {
      const { result, perRequest } = await burst(name, seconds);
      const total = totals[name];
      total.requests += result.requests.total;
      total.failed += result.errors + result.non2xx;
      total.gateway.push(perRequest.gateway * result.requests.total);
      total.auth.push(perRequest.auth * result.requests.total);
    }
  }
  const sum = (values) => values.reduce((a, b) => a + b, 0);
  const rows = Object.entries(totals).map(([name, total]) => {
    const gatewayUs = sum(total.gateway) / Math.max(1, total.requests);
    const authUs = sum(total.auth) / Math.max(1, total.requests);
    return {
      build: name === 'base' ? `base (${path.relative(process.cwd(), base) || base})` : 'this',
      'req/s under load': Math.round(total.requests / (rounds * seconds)),
      'gateway CPU µs/req': Math.round(gatewayUs),
      'auth CPU µs/req': Math.round(authUs),
      'gateway / auth': Number((gatewayUs / authUs).toFixed(2)),
      failed: total.failed,
    };
  });
  console.log(`\nGET /api/users/me through each build's gateway, ${connections} connections, ${rounds} rounds of ${seconds} s bursts\n`);
  console.table(rows);
  const [before, after] = rows;
  console.log(
    `this gateway spends ${((after['gateway CPU µs/req'] / before['gateway CPU µs/req'] - 1) * 100).toFixed(1)} % processor time per call against the base; load average at the end ${loadAverage()}\n`,
  );
}
