// A community sale's item search under load, through the gateway: GET /api/items/search with
// `communitySaleId`, over one community sale of 400 sales and 20,000 items inside a market of
// other sales and items (bench/items/generate.mjs; kept in its own database for the next run).
//
// Starts the items service and a gateway (each its own process, as in the stack), prints EXPLAIN
// (ANALYZE, BUFFERS) of the service's own SQL for the page's list (blank words, newest first) and
// for words, then drives autocannon at 32 connections: the list's pages, words (with sometimes a
// category), and words again while 10 items a second change elsewhere in the market (each change
// moves the generation kept answers are checked against). Prints p50/p95/p99, requests/s and the
// processor time per request of the items service, the gateway and PostgreSQL. Goal (issue 37:
// the community sale page's API with 400 sales and 20,000 items): p95 ≤ 50 ms.
//
// Run: npm run build && npm run bench:search:community
// Options: DURATION=15 CONNECTIONS=32 ITEMS=200000 SALES=20000 REGENERATE=1
//          BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/garage_bench_community
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { CATEGORIES } from '@garage/contracts';
import { communitySaleSearchQuery } from '@garage/items';
import { cpuPerRequest, ownCpuMs, postgresCpuMs } from '../process-cpu.mjs';
import { percentile } from '../stats.mjs';
import { generate } from './generate.mjs';
import { SEARCH_HEADERS, SEARCHES } from './searches.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const duration = Number(process.env.DURATION ?? 15);
const connections = Number(process.env.CONNECTIONS ?? 32);
const itemCount = Number(process.env.ITEMS ?? 200_000);
const saleCount = Number(process.env.SALES ?? 20_000);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/garage_bench_community';
const COMMUNITY_SALE = 1;
const COMMUNITY_SALES = 400;
const COMMUNITY_ITEMS = 20_000;
const PAGE = 24;
const dataDir = mkdtempSync(path.join(tmpdir(), 'garage-bench-community-'));
const itemsUrl = 'http://127.0.0.1:4941';
const gatewayUrl = 'http://127.0.0.1:4940';

const children = [];
let stopping = false;
const start = (name, entry, env) => {
  const child = spawn(process.execPath, [path.join(root, entry)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`${name} exited (${code})`);
      process.exit(1);
    }
  });
  children.push(child);
  return child;
};
process.on('exit', () => {
  stopping = true;
  children.forEach((child) => child.kill('SIGTERM'));
});
async function until(url, what) {
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (tries > 600) throw new Error(`${what} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const common = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' };
const items = start('items', 'services/items/dist/main.js', { ...common, PORT: '4941', DATABASE_URL: databaseUrl, EVENT_BUS: 'memory' });
await until(`${itemsUrl}/health`, 'the items service');

const db = new pg.Client({ connectionString: databaseUrl, options: '-c search_path=items,public' });
await db.connect();
const [{ n: inCommunitySale }] = (
  await db.query(`SELECT count(*)::int AS n FROM items i JOIN sales s ON s.id = i.garage_sale_id WHERE s.community_sale_id = $1`, [
    COMMUNITY_SALE,
  ])
).rows;
if (inCommunitySale !== COMMUNITY_ITEMS || process.env.REGENERATE === '1') {
  console.log(
    `Generating ${itemCount.toLocaleString()} items in ${saleCount.toLocaleString()} sales, then the community sale (once; kept):`,
  );
  await generate(databaseUrl, { items: itemCount, sales: saleCount, users: Math.max(1, Math.round(saleCount / 2)) });
  // The community sale: 400 active sales around Springfield, numbered 1–400, each with 50 items whose
  // words come from the market's own items.
  await db.query(
    `INSERT INTO sales (id, user_id, title, description, address, city, state, zip_code, start_date, end_date, start_time, end_time,
                        status, latitude, longitude, community_sale_id, community_sale_status, community_sale_number, version)
     SELECT ${saleCount} + g, 1 + (g % 1000), 'Sale day stop ' || g, 'Part of the town sale', g || ' Elm St', 'Springfield', 'IL', '62701',
            current_date + 7, current_date + 8, '08:00', '14:00', 'active', 39.78 + (random() - 0.5) * 0.1, -89.65 + (random() - 0.5) * 0.1,
            ${COMMUNITY_SALE}, 'approved', g, 1
     FROM generate_series(1, ${COMMUNITY_SALES}) AS g`,
  );
  await db.query(
    `INSERT INTO items (user_id, garage_sale_id, title, description, category, price_cents, condition, brand, sale_active,
                        sale_latitude, sale_longitude, sale_end_date, created_at)
     SELECT s.user_id, s.id, m.title, m.description, m.category, m.price_cents, m.condition, m.brand, true, s.latitude, s.longitude, s.end_date,
            now() - (g || ' seconds')::interval
     FROM generate_series(1, ${COMMUNITY_ITEMS}) AS g
     JOIN sales s ON s.id = ${saleCount} + 1 + (g % ${COMMUNITY_SALES})
     JOIN LATERAL (SELECT * FROM items WHERE id = 1 + (g * 7919) % ${itemCount}) m ON true`,
  );
  await db.query(`ANALYZE`);
}
console.log(
  `Data: ${itemCount.toLocaleString()} market items; the community sale: ${COMMUNITY_SALES} sales, ${COMMUNITY_ITEMS.toLocaleString()} items`,
);

const gateway = start('gateway', 'gateway/dist/main.js', {
  ...common,
  PORT: '4940',
  ITEMS_URL: itemsUrl,
  REQUESTS_PER_MINUTE: '100000000',
});
await until(`${gatewayUrl}/api/items/search?q=`, 'the gateway');

const today = new Date(Date.now() - 10 * 3_600_000).toISOString().slice(0, 10);
for (const [title, criteria] of [
  ['the page’s list (blank words, newest first)', { words: '', notEndedBefore: today, limit: PAGE, offset: 0 }],
  ['words: "lamp"', { words: 'lamp', notEndedBefore: today, limit: PAGE, offset: 0 }],
]) {
  const { sql, params } = communitySaleSearchQuery({ ...criteria, communitySaleId: COMMUNITY_SALE, withSeller: false });
  const plan = (await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)).rows.map((row) => row['QUERY PLAN']).join('\n');
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS), ${title}:\n${plan}`);
}

const any = (list) => list[Math.floor(Math.random() * list.length)];
const paths = {
  list: () => `/api/items/search?communitySaleId=${COMMUNITY_SALE}&limit=${PAGE}&offset=${PAGE * Math.floor(Math.random() * 5)}`,
  words: () => {
    const query = new URLSearchParams({ communitySaleId: String(COMMUNITY_SALE), q: any(SEARCHES), limit: String(PAGE) });
    if (Math.random() < 0.2) query.set('category', any(CATEGORIES));
    return `/api/items/search?${query}`;
  },
};

function writer(perSecond) {
  let running = true;
  const done = (async () => {
    while (running) {
      await db.query(`UPDATE items SET price_cents = price_cents + 1 WHERE id = $1`, [1 + Math.floor(Math.random() * itemCount)]);
      await new Promise((resolve) => setTimeout(resolve, 1000 / perSecond));
    }
  })();
  return () => {
    running = false;
    return done;
  };
}

const load = (pathOf, seconds) =>
  new Promise((resolve, reject) => {
    const latencies = [];
    const instance = autocannon(
      {
        url: gatewayUrl,
        connections,
        duration: seconds,
        requests: [{ method: 'GET', headers: SEARCH_HEADERS, setupRequest: (r) => ({ ...r, path: pathOf() }) }],
      },
      (error, result) => (error ? reject(error) : resolve({ result: { result, latencies }, requests: latencies.length })),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
const run = async (pathOf, seconds) => {
  const { result, perRequest } = await cpuPerRequest({ items, gateway, postgres: postgresCpuMs, load: ownCpuMs }, () =>
    load(pathOf, seconds),
  );
  return { ...result, perRequest };
};

console.log(
  `\nMachine: ${cpus().length} cores, load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')} (other processes share these cores)`,
);
await run(paths.list, 3);
await run(paths.words, 3);
const rows = [];
for (const scenario of [
  { name: 'the list (blank words), pages 1–5', path: paths.list, writes: false },
  { name: 'words (+ a category)', path: paths.words, writes: false },
  { name: 'words, 10 market changes/s', path: paths.words, writes: true },
]) {
  const stop = scenario.writes ? writer(10) : null;
  const { result, latencies, perRequest } = await run(scenario.path, duration);
  await stop?.();
  const sorted = latencies.sort((a, b) => a - b);
  rows.push({
    scenario: scenario.name,
    requests: sorted.length,
    'req/s': Math.round(sorted.length / duration),
    'p50 ms': Number(percentile(sorted, 50).toFixed(1)),
    'p95 ms': Number(percentile(sorted, 95).toFixed(1)),
    'p99 ms': Number(percentile(sorted, 99).toFixed(1)),
    'errors/non-2xx': result.errors + result.non2xx,
    'items CPU µs/req': Math.round(perRequest.items),
    'gateway CPU µs/req': Math.round(perRequest.gateway),
    'postgres CPU µs/req': Math.round(perRequest.postgres),
  });
}
await db.end();
console.log(`\nGET /api/items/search?communitySaleId= (visitor, ${PAGE} results), ${connections} connections, ${duration} s each\n`);
console.table(rows);
for (const row of rows) console.log(`${row.scenario} p95: ${row['p95 ms']} ms (goal ≤ 50 ms) ${row['p95 ms'] <= 50 ? 'met' : 'NOT met'}`);
process.exit(0);
