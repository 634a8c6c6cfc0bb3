// The community sale page's API through the gateway: GET /api/community-sales/{id} and GET
// /api/community-sales/{id}/sales, for a community sale of 400 sales with 20,000 items between them,
// at 32 connections (visitors, and signed-in members), each call measured on its own and as the
// page asks them (both at once). Latency is timed per request here, so p95 is exact.
// The printout (`…/print.pdf`) is timed too, one request at a time.
// Run: npm run build && npm run bench:community-sales   (options: DURATION=10 CONNECTIONS=32 SALES=400 ITEMS=20000 PRINT_RUNS=10)
// The sales service and the gateway run as their own processes, as in the stack topology; the
// data is written straight into the sales service's tables (its migrations made them), since
// what is measured is reading it.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { testTokens } from '@garage/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 32);
const saleCount = Number(process.env.SALES ?? 400);
const itemCount = Number(process.env.ITEMS ?? 20_000);
const PRINT_RUNS = Number(process.env.PRINT_RUNS ?? 10);
const dataDir = mkdtempSync(path.join(tmpdir(), 'garage-bench-'));
const run = Date.now().toString(36);
const database = process.env.DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/garage_bench_${run}`;
const common = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: database,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_STORE: 'memory',
  REQUESTS_PER_MINUTE: '100000000',
  // Its own exchange and queues, so nothing else on the machine hears this run's events.
  EVENT_EXCHANGE: `garage.bench.${run}`,
  EVENT_QUEUE_PREFIX: `garage.bench.${run}`,
};
const salesPort = 4951;
const gatewayPort = 4950;
const children = [];
const start = (entry, env) => {
  const child = spawn(process.execPath, [path.join(root, entry)], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  children.push(child);
  return child;
};
const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('exit', stopAll);

start('services/sales/dist/main.js', { ...common, PORT: String(salesPort) });
start('gateway/dist/main.js', { ...common, PORT: String(gatewayPort), SALES_URL: `http://127.0.0.1:${salesPort}` });
const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
// Both calls of the page at once from each of the connections: twice as many sockets.
const agent = new http.Agent({ keepAlive: true, maxSockets: connections * 2 });
for (let tries = 0; ; tries += 1) {
  try {
    if ((await fetch(`http://127.0.0.1:${salesPort}/health`)).ok && (await fetch(`${gatewayUrl}/api/live`)).ok) break;
  } catch {}
  if (tries > 300) throw new Error('services did not start');
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const CATEGORIES = [
  'Electronics',
  'Furniture',
  'Clothing',
  'Books',
  'Toys',
  'Sports',
  'Home & Garden',
  'Automotive',
  'Collectibles',
  'Other',
];
// The sales service keeps its tables in its own schema.
const db = new pg.Client({ connectionString: database, options: '-c search_path=sales' });
await db.connect();
const seeded = Date.now();
const communitySaleId = await seed();
console.log(`seeded ${saleCount} sales and ${itemCount} items in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
const member = { authorization: `Bearer ${await (await testTokens(dataDir))(900_001)}` };

const page = `/api/community-sales/${communitySaleId}`;
const calls = {
  'GET …/{id}': (headers) => timed(page, headers),
  'GET …/{id}/sales': (headers) => timed(`${page}/sales`, headers),
  'the page (both at once)': async (headers) => Math.max(...(await Promise.all([timed(page, headers), timed(`${page}/sales`, headers)]))),
};
const rows = [];
for (const [who, headers] of [
  ['visitor', {}],
  ['member', member],
]) {
  for (const [name, call] of Object.entries(calls)) {
    await load(call, headers, 2); // warm-up
    const { latencies, failed, seconds } = await load(call, headers, duration);
    rows.push({ call: name, who, ...summary(latencies, seconds), failed });
  }
}
// The printout, one at a time (what an organiser or a shopper does): wall clock per PDF.
const printRows = [];
for (const [who, headers] of [
  ['visitor', {}],
  ['member', member],
]) {
  const times = [];
  for (let run = 0; run < PRINT_RUNS + 1; run += 1) {
    const ms = await timed(`${page}/print.pdf`, headers);
    if (run > 0) times.push(ms); // the first warms up
  }
  printRows.push({
    call: 'GET …/{id}/print.pdf',
    who,
    ...summary(
      times.filter((ms) => ms >= 0),
      1,
    ),
    failed: times.filter((ms) => ms < 0).length,
  });
}
console.log(
  `\nThe community sale page's API through the gateway: ${saleCount} sales, ${itemCount} items, ${connections} connections, ${duration} s each; load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}\n`,
);
console.table(rows);
console.log('goal: p95 ≤ 50 ms');
console.log(`\nThe printout, ${PRINT_RUNS} one after another, after a warm-up (req/s: none at once)\n`);
console.table(printRows.map(({ 'req/s': _rate, ...row }) => row));
console.log('goal: ≤ 2 s with 400 sales');

await db.end();
stopAll();
await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()))));
if (!process.env.DATABASE_URL) {
  const admin = new pg.Client({ connectionString: database.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${new URL(database).pathname.slice(1)}" WITH (FORCE)`);
  await admin.end();
}
process.exit(0);

/**
 * One request on a kept-alive connection, its body read in full as a browser gets it (compressed;
 * not decompressed here, which is the client's work): its milliseconds, or -1 if it failed.
 * node:http rather than fetch, whose own processor time would crowd out the servers it measures.
 */
function timed(url, headers) {
  const began = performance.now();
  return new Promise((resolve) => {
    const request = http.get(gatewayUrl + url, { agent, headers: { 'accept-encoding': 'br, gzip', ...headers } }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => resolve(response.statusCode === 200 ? performance.now() - began : -1));
      response.on('error', () => resolve(-1));
    });
    request.on('error', () => resolve(-1));
  });
}

/** `connections` callers, each calling again as soon as its answer is in, for `seconds`. */
async function load(call, headers, seconds) {
  const latencies = [];
  let failed = 0;
  const began = performance.now();
  const until = began + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const ms = await call(headers);
        if (ms < 0) failed += 1;
        else latencies.push(ms);
      }
    }),
  );
  return { latencies, failed, seconds: (performance.now() - began) / 1000 };
}

function summary(latencies, seconds) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q) => Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1));
  return { 'p50 ms': at(0.5), 'p95 ms': at(0.95), 'p99 ms': at(0.99), 'req/s': Math.round(latencies.length / seconds) };
}

/**
 * Six hosts, one community sale around Hyde Park (Austin), `saleCount` approved sales numbered in
 * order, and `itemCount` items spread over them (each with a photo and a category).
 */
async function seed() {
  const hosts = [1, 2, 3, 4, 5, 6];
  await db.query(
    `INSERT INTO users (id, first_name, last_name, phone, rating, version)
     SELECT id, 'Host', 'Number ' || id, '(512) 555-01' || lpad(id::text, 2, '0'), 4.5, 1 FROM unnest($1::int[]) AS id`,
    [hosts],
  );
  const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const [{ id }] = (
    await db.query(
      `INSERT INTO community_sales (organizer_id, name, description, latitude, longitude, radius_miles, days, first_date, last_date,
         rain_date, next_number)
       VALUES (1, 'Hyde Park Sale Day', 'The whole neighbourhood', 30.3093, -97.7242, 3, $1::jsonb, $2::date, $2::date, $2::date + 7, $3)
       RETURNING id`,
      [JSON.stringify([{ date: day, startTime: '08:00', endTime: '14:00' }]), day, saleCount + 1],
    )
  ).rows;
  await db.query(
    `INSERT INTO sales (user_id, title, description, address, city, state, zip_code, start_date, end_date, start_time, end_time, ends_at,
       latitude, longitude, community_sale_id, community_sale_status, community_sale_number, community_sale_joined_at)
     SELECT 1 + (n % 6), 'Sale number ' || n, 'Furniture, books, toys and kitchen things', (100 + n) || ' Avenue ' || chr(65 + n % 8), 'Austin',
       'TX', '78751', $1::date, $1::date, '08:00', '14:00', ($1::date + time '14:00') AT TIME ZONE 'America/Chicago',
       30.3093 + (n % 20 - 10) * 0.002, -97.7242 + (n / 20 - 10) * 0.002, $2, 'approved', n, now()
     FROM generate_series(1, $3::int) AS n`,
    [day, id, saleCount],
  );
  await db.query(
    `INSERT INTO sale_items (item_id, sale_id, version, photo_url, category)
     SELECT n, (SELECT min(id) FROM sales) + n % $1::int, 1, '/api/images/bench-' || n || '.jpg', ($3::text[])[1 + n % 10]
     FROM generate_series(1, $2::int) AS n`,
    [saleCount, itemCount, CATEGORIES],
  );
  await db.query('ANALYZE');
  return id;
}
