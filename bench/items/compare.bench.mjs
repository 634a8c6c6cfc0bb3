// Item search in this build against another build of the product, side by side.
//
// Comparing two builds by running the search benchmark in each, one after the other, fails on a
// shared machine: the same build's processor time per search moved from 465 to 790 µs between
// runs minutes apart. Here both builds' items services run at once, on the same database, and
// take turns: short bursts of load (32 connections straight to the service), the order flipping
// each round, so any slowdown of the machine falls on both alike. For each build and kind of
// search it prints requests/s while it had the load, its processor time per request (from /proc),
// overall and per burst, latency and bytes per answer. The third kind is both kinds of search
// while 10 items a second change (both builds see every change), as in bench:search. Requests
// carry a browser's Accept-Encoding and ask for the search screen's first page (`limit=24`; a
// build from before pages ignores it and answers 50, as it did for its own screen; LIMIT=50 makes
// both answer the same 50).
//
// Run: npm run build && npm run bench:search:compare   (with BASE=<the other checkout, built>)
// The other checkout: git worktree add --detach ../garage-base <commit> && cd ../garage-base &&
// npm ci && npm run build. The data is bench:search's database (run it once first).
// THROUGH_GATEWAY=1 puts each build's gateway in front of its items service and sends the load
// through it, as bench:search does: then the gateway's processor time per search is printed beside
// the items service's.
// Options: BASE=../garage-base ROUNDS=10 BURST=3 CONNECTIONS=32 THROUGH_GATEWAY=1 PORTS=4941 LIMIT=24
//          BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/garage_bench_items
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuMs } from '../process-cpu.mjs';
import { SEARCH_HEADERS, searchPath } from './searches.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const base = path.resolve(process.env.BASE ?? '../garage-base');
const rounds = Number(process.env.ROUNDS ?? 10);
const seconds = Number(process.env.BURST ?? 3);
const connections = Number(process.env.CONNECTIONS ?? 32);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/garage_bench_items';
const throughGateway = process.env.THROUGH_GATEWAY === '1';
// Ports from PORTS (default 4941): base and this build's items services, then their gateways at +4, +5.
const ports = Number(process.env.PORTS ?? 4941);
const builds = {
  base: { dir: base, port: ports, gatewayPort: ports + 4 },
  this: { dir: root, port: ports + 1, gatewayPort: ports + 5 },
};

for (const { dir } of Object.values(builds)) {
  if (!existsSync(path.join(dir, 'services/items/dist/main.js')))
    throw new Error(`Build first: ${dir}/services/items/dist/main.js is missing`);
  if (throughGateway && !existsSync(path.join(dir, 'gateway/dist/main.js')))
    throw new Error(`Build first: ${dir}/gateway/dist/main.js is missing`);
}
const db = new pg.Client({ connectionString: databaseUrl });
try {
  await db.connect();
  const [{ n }] = (await db.query(`SELECT count(*)::int AS n FROM items.items`)).rows;
  console.log(`Data: ${n.toLocaleString()} items (${new URL(databaseUrl).pathname.slice(1)})`);
} catch (error) {
  throw new Error(`No search data at ${databaseUrl}: run npm run bench:search once first (${error.message})`);
} finally {
  await db.end().catch(() => {});
}

let stopping = false;
const children = {};
for (const [name, { dir, port }] of Object.entries(builds)) {
  const child = spawn(process.execPath, [path.join(dir, 'services/items/dist/main.js')], {
    env: {
      ...process.env,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `garage-bench-compare-${name}-`)),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      EVENT_BUS: 'memory',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`the ${name} build's items service exited (${code})`);
      process.exit(1);
    }
  });
  children[name] = child;
}
const gateways = {};
if (throughGateway) {
  for (const [name, { dir, port, gatewayPort }] of Object.entries(builds)) {
    const child = spawn(process.execPath, [path.join(dir, 'gateway/dist/main.js')], {
      env: {
        ...process.env,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), `garage-bench-compare-gateway-${name}-`)),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        PORT: String(gatewayPort),
        ITEMS_URL: `http://127.0.0.1:${port}`,
        // Counted (in Redis, as in the stack) but far above what a run sends.
        REQUESTS_PER_MINUTE: '100000000',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (code) => {
      if (!stopping) {
        console.error(`the ${name} build's gateway exited (${code})`);
        process.exit(1);
      }
    });
    gateways[name] = child;
  }
}
process.on('exit', () => {
  stopping = true;
  [...Object.values(children), ...Object.values(gateways)].forEach((child) => child.kill('SIGTERM'));
});
for (const { port } of Object.values(builds)) {
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) break;
    } catch {}
    if (tries > 600) throw new Error(`the items service on port ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
for (const { gatewayPort } of throughGateway ? Object.values(builds) : []) {
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${gatewayPort}/api/live`)).ok) break;
    } catch {}
    if (tries > 600) throw new Error(`the gateway on port ${gatewayPort} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Load on one build for `duration` seconds; its requests, failures, latencies, bytes and processor time (items, and gateway). */
function burst(name, radius, duration) {
  const before = cpuMs(children[name].pid);
  const gatewayBefore = throughGateway ? cpuMs(gateways[name].pid) : 0;
  const latencies = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${throughGateway ? builds[name].gatewayPort : builds[name].port}`,
        connections,
        duration,
        requests: [
          {
            method: 'GET',
            headers: SEARCH_HEADERS,
            setupRequest: (request) => ({ ...request, path: searchPath(radius === 'mixed' ? Math.random() < 0.5 : radius) }),
          },
        ],
      },
      (error, result) =>
        error
          ? reject(error)
          : resolve({
              requests: result.requests.total,
              failed: result.non2xx + result.errors,
              cpuMs: cpuMs(children[name].pid) - before,
              gatewayCpuMs: throughGateway ? cpuMs(gateways[name].pid) - gatewayBefore : 0,
              bytes: result.throughput.total,
              latencies,
            }),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/** Changes `perSecond` random items' prices while it runs, as bench:search does; both builds see every change. */
function writer(perSecond) {
  const client = new pg.Client({ connectionString: databaseUrl, options: '-c search_path=items,public' });
  let running = true;
  const done = (async () => {
    await client.connect();
    const [{ n }] = (await client.query(`SELECT max(id)::int AS n FROM items`)).rows;
    while (running) {
      const id = 1 + Math.floor(Math.random() * n);
      await client.query(`UPDATE items SET price_cents = CASE WHEN price_cents > 0 THEN price_cents - 1 ELSE 1 END WHERE id = $1`, [id]);
      await new Promise((resolve) => setTimeout(resolve, 1000 / perSecond));
    }
    await client.end();
  })();
  return () => {
    running = false;
    return done;
  };
}

console.log(
  `Measuring: ${rounds} rounds of ${seconds} s bursts, ${connections} connections, ${throughGateway ? "through each build's gateway" : 'straight to each items service'}...`,
);
const totals = {};
// The third kind is bench:search's last: both kinds of search while 10 items a second change.
const KINDS = [
  ['words (+ filters)', false],
  ['words + radius', true],
  ['both, 10 item changes/s', 'mixed'],
];
for (let round = 0; round < rounds; round += 1) {
  const order = round % 2 ? ['this', 'base'] : ['base', 'this'];
  for (const [scenario, radius] of KINDS) {
    const stopWriting = radius === 'mixed' ? writer(10) : null;
    for (const name of order) {
      const { requests, failed, cpuMs: spent, gatewayCpuMs, bytes, latencies } = await burst(name, radius, seconds);
      const total = (totals[`${scenario} | ${name}`] ??= {
        requests: 0,
        failed: 0,
        cpuMs: 0,
        gatewayCpuMs: 0,
        bytes: 0,
        bursts: [],
        gatewayBursts: [],
        latencies: [],
      });
      total.requests += requests;
      total.failed += failed;
      total.cpuMs += spent;
      total.gatewayCpuMs += gatewayCpuMs;
      total.bytes += bytes;
      total.gatewayBursts.push(Math.round((gatewayCpuMs * 1000) / Math.max(1, requests)));
      total.bursts.push(Math.round((spent * 1000) / Math.max(1, requests)));
      for (const latency of latencies) total.latencies.push(latency);
    }
    await stopWriting?.();
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number((sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0).toFixed(1));
};
console.log(`\nItem search, this build (${root}) against ${base}:\n`);
console.table(
  Object.entries(totals).map(([key, total]) => {
    const [scenario, build] = key.split(' | ');
    return {
      scenario,
      build,
      'req/s under load': Math.round(total.requests / (rounds * seconds)),
      'items CPU µs/req': Math.round((total.cpuMs * 1000) / Math.max(1, total.requests)),
      'median of bursts': median(total.bursts),
      'p50 ms': percentile(total.latencies, 50),
      'p95 ms': percentile(total.latencies, 95),
      'bytes/answer': Math.round(total.bytes / Math.max(1, total.requests)),
      ...(throughGateway
        ? {
            'gateway CPU µs/req': Math.round((total.gatewayCpuMs * 1000) / Math.max(1, total.requests)),
            'gateway median of bursts': median(total.gatewayBursts),
            'gateway / items': Number((total.gatewayCpuMs / Math.max(1, total.cpuMs)).toFixed(2)),
          }
        : {}),
      failed: total.failed,
    };
  }),
);
for (const [scenario] of KINDS) {
  const cost = (build) => totals[`${scenario} | ${build}`].cpuMs / Math.max(1, totals[`${scenario} | ${build}`].requests);
  console.log(
    `${scenario}: this build spends ${((cost('this') / cost('base') - 1) * 100).toFixed(1)} % processor time per search against the base`,
  );
  if (throughGateway) {
    const total = (build) => totals[`${scenario} | ${build}`];
    const gatewayCost = (build) => total(build).gatewayCpuMs / Math.max(1, total(build).requests);
    const share = (build) => (total(build).gatewayCpuMs / Math.max(1, total(build).cpuMs)).toFixed(2);
    console.log(
      `${scenario}: this build's gateway spends ${((gatewayCost('this') / gatewayCost('base') - 1) * 100).toFixed(1)} % processor time per search against the base's; gateway / items: this ${share('this')}, base ${share('base')} (goal ≤ 0.5)`,
    );
  }
}
console.log(
  `load average at the end ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
process.exit(0);
