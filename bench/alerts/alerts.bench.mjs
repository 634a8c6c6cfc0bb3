// Saved-search matching at scale: how long one item event takes to be matched against 10,000
// saved searches (target: under 20 ms).
//
// Starts the shopper service in this process (in-memory bus, no HTTP) on a database of its own,
// with 2,000 premium members and 300 active sales in 18 US cities, and runs two scenarios, each
// with 10,000 saved searches (a fifth with a category, a third with a price cap, some with a
// condition, 60 % around one of those cities with a radius of 5 to 100 miles, instant or daily)
// and ITEMS item.created events:
//   - "varied words": searches of one or two words from a vocabulary of ~150 things and ~30
//     adjectives, items named the same way: an item shares words with a few hundred searches and
//     matches a dozen or two;
//   - "hot words": every search is one of 56 popular searches and every item is named after one
//     of them: each item shares words with ~400 searches and matches ~90 (the worst case: each
//     match is an alert row to write).
//
// Two timings per item, p50/p95/p99/max:
//   - "match": the matching itself, the very SQL the service runs (VISIBLE_ITEM_SQL + MATCH_ITEM_SQL),
//     in a transaction that is rolled back, so each item is matched against the same searches;
//   - "event": the whole event as the consumer applies it (inbox record, projection upsert, per-sale
//     lock, matching, alert rows, commit), through the service's own handler.
// Also prints how many candidates the index yields and how many alerts each item creates;
// EXPLAIN=1 adds EXPLAIN (ANALYZE, BUFFERS) of one match.
//
// Run: npm run bench:alerts
// Options: SEARCHES=10000 ITEMS=200 EXPLAIN=1 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/garage_bench_alerts
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { CATEGORIES, CONDITIONS } from '@garage/contracts';
import { Inbox } from '@garage/event-bus';
import { startService } from '@garage/service-kit';
import { boundingBox, MATCH_ITEM_SQL, shopperService, VISIBLE_ITEM_SQL } from '@garage/shopper';
import { SEARCHES } from '../items/searches.mjs';
import { percentile } from '../stats.mjs';
import { ADJECTIVES, CITIES, MODIFIERS, THINGS } from './words.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const searchCount = Number(process.env.SEARCHES ?? 10_000);
const itemCount = Number(process.env.ITEMS ?? 200);
const warmup = 20;
const memberCount = Math.max(1, Math.round(searchCount / 5));
const saleCount = 300;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/garage_bench_alerts';

const any = (list) => list[Math.floor(Math.random() * list.length)];
const jitter = (value, spread) => value + (Math.random() - 0.5) * spread;

const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (value) => Math.round(value * 100) / 100;
  return {
    'p50 ms': round(percentile(sorted, 50)),
    'p95 ms': round(percentile(sorted, 95)),
    'p99 ms': round(percentile(sorted, 99)),
    'max ms': round(sorted[sorted.length - 1]),
    'mean ms': round(sorted.reduce((sum, value) => sum + value, 0) / sorted.length),
  };
};

// ---------------------------------------------------------------- a fresh database

{
  const admin = new URL(databaseUrl);
  const name = decodeURIComponent(admin.pathname.slice(1));
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'garage-bench-alerts-'));
const service = await startService(shopperService, {
  env: {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    EVENT_BUS: 'memory',
    ALERT_EMAIL_POLL_MS: '3600000',
    DIGEST_POLL_MS: '3600000',
  },
  listen: false,
});
const db = service.dataSource;
const now = new Date();

// ---------------------------------------------------------------- data

const started = Date.now();
const members = Array.from({ length: memberCount }, (_, i) => ({ id: 10_000 + i }));
await db.query(
  `INSERT INTO users (id, first_name, last_name, email, premium_expires_at, version)
   SELECT x.id, 'Member', x.id::text, 'member' || x.id || '@example.com', now() + interval '1 year', 1
   FROM jsonb_to_recordset($1::jsonb) AS x(id int)`,
  [JSON.stringify(members)],
);
/** 10,000 saved searches whose words come from `phrase()`. */
const makeSearches = (phrase) =>
  Array.from({ length: searchCount }, (_, i) => {
    const located = Math.random() < 0.6;
    const [, , lat, lng] = any(CITIES);
    const latitude = located ? jitter(lat, 0.4) : null;
    const longitude = located ? jitter(lng, 0.4) : null;
    const radius = located ? any([5, 10, 25, 25, 50, 100]) : null;
    const box = located ? boundingBox(latitude, longitude, radius) : null;
    return {
      user_id: members[i % memberCount].id,
      name: `Search ${i}`,
      q: phrase(),
      category: Math.random() < 0.2 ? any(CATEGORIES) : null,
      condition: Math.random() < 0.15 ? any(CONDITIONS) : null,
      max_price_cents: Math.random() < 0.3 ? any([10, 25, 50, 100, 250]) * 100 : null,
      latitude,
      longitude,
      radius,
      south: box?.south ?? null,
      north: box?.north ?? null,
      west: box?.west ?? null,
      east: box?.east ?? null,
      frequency: Math.random() < 0.7 ? 'instant' : 'daily',
    };
  });
// The same parsing as SavedSearchesRepository.insert: the tsquery item search builds, its lexemes.
async function insertSearches(searches) {
  await db.query('TRUNCATE saved_searches, matches, items, inbox RESTART IDENTITY CASCADE');
  for (let i = 0; i < searches.length; i += 2000) {
    await db.query(
      `INSERT INTO saved_searches (user_id, name, q, query, lexemes, words_required, category, condition, max_price_cents,
                                   latitude, longitude, radius_miles, south, north, west, east, frequency, email_enabled)
       SELECT x.user_id, x.name, x.q, w.query, query_lexemes(w.query), NOT (''::tsvector @@ w.query), x.category, x.condition,
              x.max_price_cents, x.latitude, x.longitude, x.radius, x.south, x.north, x.west, x.east, x.frequency, true
       FROM jsonb_to_recordset($1::jsonb) AS x(user_id int, name text, q text, category text, condition text, max_price_cents int,
                                               latitude float8, longitude float8, radius float8, south float8, north float8,
                                               west float8, east float8, frequency text)
       CROSS JOIN LATERAL (SELECT websearch_to_tsquery('english', x.q) AS query) w`,
      [JSON.stringify(searches.slice(i, i + 2000))],
    );
  }
  await db.query('VACUUM ANALYZE saved_searches');
}
const sales = Array.from({ length: saleCount }, (_, i) => {
  const [city, state, lat, lng] = CITIES[i % CITIES.length];
  return { id: 1 + i, user_id: 1 + (i % 50), title: `Sale ${i}`, city, state, latitude: jitter(lat, 0.3), longitude: jitter(lng, 0.3) };
});
await db.query(
  `INSERT INTO sales (id, user_id, title, address, city, state, zip_code, start_date, end_date, start_time, end_time, status, latitude, longitude, version)
   SELECT x.id, x.user_id, x.title, '1 Main St', x.city, x.state, '00000', '2099-06-06', '2099-06-07', '08:00', '14:00', 'active', x.latitude, x.longitude, 1
   FROM jsonb_to_recordset($1::jsonb) AS x(id int, user_id int, title text, city text, state text, latitude float8, longitude float8)`,
  [JSON.stringify(sales)],
);
await db.query('ANALYZE users');
await db.query('ANALYZE sales');
console.log(`data: ${memberCount} members, ${saleCount} sales; ${((Date.now() - started) / 1000).toFixed(1)} s`);

// ---------------------------------------------------------------- items

let nextItem = 1;
function itemEvent(name) {
  const sale = any(sales);
  const data = {
    id: nextItem++,
    user_id: sale.user_id,
    garage_sale_id: sale.id,
    title: `${any(ADJECTIVES)} ${name()}`,
    description: Math.random() < 0.5 ? `Works great. ${name()} included.` : null,
    category: any(CATEGORIES),
    price: any([5, 10, 20, 35, 60, 120, 300]),
    original_price: null,
    condition: any(CONDITIONS),
    brand: null,
    image_urls: [],
    is_reserved: false,
    is_sold: false,
  };
  return { id: randomUUID(), type: 'item.created', occurredAt: now.toISOString(), version: 1, data };
}

const handler = service.consumers.find((candidate) => candidate.id === 'shopper.item-changed');
const inbox = new Inbox(db);
const today = now.toISOString().slice(0, 10);

/** Rolls a transaction back by throwing what it computed; resolves to that. */
async function rolledBack(work) {
  try {
    await db.transaction(async (manager) => {
      throw { result: await work(manager) };
    });
  } catch (error) {
    if (error && 'result' in error) return error.result;
    throw error;
  }
}

const counts = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    mean: Math.round(values.reduce((sum, value) => sum + value, 0) / values.length),
    max: sorted[sorted.length - 1],
  };
};

async function scenario(label, searchPhrase, itemName) {
  const begun = Date.now();
  await insertSearches(makeSearches(searchPhrase));
  const eventTimes = [];
  const matchTimes = [];
  const alertsPerItem = [];
  const candidates = [];
  for (let i = 0; i < warmup + itemCount; i += 1) {
    const event = itemEvent(itemName);
    // The whole event, as the consumer applies it.
    const before = performance.now();
    await inbox.apply(handler, event);
    const eventMs = performance.now() - before;
    // The matching alone, again for the same item, rolled back (its alerts exist now: count, then delete them first).
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM matches WHERE item_id = $1`, [event.data.id]);
    const matchMs = await rolledBack(async (manager) => {
      await manager.query(`DELETE FROM matches WHERE item_id = $1`, [event.data.id]);
      const t0 = performance.now();
      const [visible] = await manager.query(VISIBLE_ITEM_SQL, [event.data.id, today]);
      await manager.query(MATCH_ITEM_SQL, [event.data.id, today, visible.lexemes, now.toISOString()]);
      return performance.now() - t0;
    });
    if (i < warmup) continue;
    eventTimes.push(eventMs);
    matchTimes.push(matchMs);
    alertsPerItem.push(n);
    const [{ c }] = await db.query(
      `SELECT count(*)::int AS c FROM saved_searches, items i
       WHERE i.id = $1 AND ((words_required AND lexemes && tsvector_to_array(i.words)) OR NOT words_required)`,
      [event.data.id],
    );
    candidates.push(c);
  }

  const result = {
    scenario: label,
    candidatesPerItem: counts(candidates),
    alertsPerItem: counts(alertsPerItem),
    match: summary(matchTimes),
    event: summary(eventTimes),
  };
  console.log(
    `\n== ${label}: one item against ${searchCount} saved searches, ${itemCount} items (after ${warmup} warm-up), ${((Date.now() - begun) / 1000).toFixed(1)} s`,
  );
  if (process.env.EXPLAIN) {
    const sample = itemEvent(itemName);
    await inbox.apply(handler, sample);
    const plan = await rolledBack(async (manager) => {
      await manager.query(`DELETE FROM matches WHERE item_id = $1`, [sample.data.id]);
      const [visible] = await manager.query(VISIBLE_ITEM_SQL, [sample.data.id, today]);
      const rows = await manager.query(`EXPLAIN (ANALYZE, BUFFERS) ${MATCH_ITEM_SQL}`, [
        sample.data.id,
        today,
        visible.lexemes,
        now.toISOString(),
      ]);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    console.log(`EXPLAIN (ANALYZE, BUFFERS) of one match ("${sample.data.title}"):\n${plan}\n`);
  }
  console.table({ 'match (SQL only)': result.match, 'whole item.created event': result.event });
  console.log(
    `candidates from the index per item: median ${result.candidatesPerItem.p50}, max ${result.candidatesPerItem.max}; alerts created per item: median ${result.alertsPerItem.p50}, max ${result.alertsPerItem.max}`,
  );
  console.log(
    `target p95 < 20 ms: matching ${result.match['p95 ms'] < 20 ? 'met' : 'NOT met'} (${result.match['p95 ms']} ms), whole event ${result.event['p95 ms'] < 20 ? 'met' : 'NOT met'} (${result.event['p95 ms']} ms)`,
  );
  return result;
}

const results = {
  searches: searchCount,
  members: memberCount,
  items: itemCount,
  postgres: (await db.query('SHOW server_version'))[0].server_version,
  loadAverage: (await import('node:os')).loadavg().map((value) => Math.round(value * 100) / 100),
  scenarios: [
    await scenario(
      'varied words',
      () => (Math.random() < 0.5 ? any(THINGS) : `${any(MODIFIERS)} ${any(THINGS)}`),
      () => `${any(MODIFIERS)} ${any(THINGS)}`,
    ),
    await scenario(
      'hot words',
      () => any(SEARCHES),
      () => any(SEARCHES).replace(/-\w+/g, '').trim(),
    ),
  ],
};

mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const file = path.join(root, 'bench/results', `alerts-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`results: ${path.relative(root, file)}`);

await service.close();
rmSync(dataDir, { recursive: true, force: true });
