#!/usr/bin/env node
/**
 * `npm run test:compose`: the production topology (docker-compose.yml) run for real on this machine
 * through deploy/docker/offline.sh, checked from outside through nginx on http://127.0.0.1:8080:
 *   1. up, then the journeys: the browser journeys (web/e2e) and an API journey (a photo stored in
 *      the S3 container, search, an alert email caught by the mail container);
 *   2. persistence: after `compose restart`, and after down (volumes kept) and up;
 *   3. one replica each: `compose restart sales` under 20 clients loses no request;
 *   4. replicas (items=3, sales=2, shopper=2) under 32 clients for LOAD_SECONDS (60): no failed
 *      request, every write searchable from every items replica within 1 s, an item accepted at
 *      once into a sale just created, whichever replica has or has not applied the sale's event
 *      yet (it asks sales), each alert email once, no event lost or doubled (every sale's item
 *      count), migrations once;
 *   5. rolling restart: each service's replicas restarted one at a time under that load, 0 failed;
 * and always takes the topology down. Figures are printed as it goes; any failed check fails it.
 * Environment: LOAD_SECONDS, CLIENTS (32), SKIP_BROWSER=1 (no browser journeys), KEEP_UP=1 (leave
 * it running), ONLY_ROLLING=1 (only the rolling restart, against the topology already up, e.g. left
 * by KEEP_UP=1; it stays up).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { pngBuffer } from '../../web/e2e/helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const offline = path.join(root, 'deploy/docker/offline.sh');
const BASE = 'http://127.0.0.1:8080';
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CLIENTS = Number(process.env.CLIENTS ?? 32);
const TOTAL_TIMEOUT_MS = Number(process.env.TEST_COMPOSE_TIMEOUT_MS ?? 60 * 60_000);
const started = Date.now();

// What the apps get through compose.offline.yml: every client comes from one bridge address, so the
// per-address limits are raised; alert emails are polled often. The production defaults are
// unchanged for everyone else.
const TUNABLES = {
  REGISTRATIONS_PER_IP: '100000',
  LOGIN_FAILURES_PER_IP: '100000',
  REQUESTS_PER_MINUTE: '0',
  ALERT_EMAIL_POLL_MS: '500',
};

const failures = [];
const figures = [];
const say = (line) => process.stdout.write(`[compose ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);
const check = (ok, what) => {
  say(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};
const figure = (line) => {
  figures.push(line);
  say(`figure: ${line}`);
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function sh(args, { timeoutMs = 10 * 60_000, env = {}, quiet = false } = {}) {
  const result = spawnSync(offline, args, {
    cwd: root,
    env: { ...process.env, ...TUNABLES, ...env },
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    timeout: timeoutMs,
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`offline.sh ${args.join(' ')} failed (${result.error ?? `exit ${result.status}`}) ${quiet ? result.stderr : ''}`);
  return result.stdout ?? '';
}
/**
 * As sh, without blocking this process: the load's clients keep running meanwhile, and the HTTP
 * client's idle connections are closed on time (after minutes blocked in spawnSync, its first
 * request went out on a connection nginx had long closed). Every long step uses this one.
 */
function shAsync(args, { timeoutMs = 10 * 60_000, env = {} } = {}) {
  return run(offline, args, timeoutMs, env);
}
function run(command, args, timeoutMs, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...TUNABLES, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${path.basename(command)} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}
const docker = (...args) => {
  const result = spawnSync('/usr/bin/docker', args, { encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`docker ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
};
/** The containers of one compose service, by id, with their bridge address. */
function containers(service) {
  const ids = sh(['compose', 'ps', '-q', service], { quiet: true }).split('\n').filter(Boolean);
  return ids.map((id) => {
    const [name, ip] = docker('inspect', '-f', '{{.Name}} {{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}', id).split(' ');
    return { id, name: name.replace(/^\//, ''), ip };
  });
}

async function api(method, urlPath, { token, body, base = BASE } = {}) {
  const headers = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(new URL(urlPath, base), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch((error) => {
    // "fetch failed" alone says nothing: the cause (refused, reset, …) goes into the message.
    throw new Error(`${method} ${urlPath}: ${error.message} (${error.cause?.code ?? error.cause?.message ?? 'no cause'})`);
  });
  const text = await response.text();
  if (!response.ok)
    throw Object.assign(new Error(`${method} ${urlPath} answered ${response.status}: ${text.slice(0, 300)}`), { status: response.status });
  return text ? JSON.parse(text) : undefined;
}
const isoDay = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const word = () => `zq${randomBytes(4).toString('hex')}`;

async function register(prefix) {
  const email = `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
  const { token, user } = await api('POST', '/api/auth/register', {
    body: { firstName: 'Pat', lastName: 'Tester', email, password: 'secret123' },
  });
  return { email, token, user };
}
function newSale(account, title = `Sale ${word()}`) {
  return api('POST', '/api/sales', {
    token: account.token,
    body: {
      title,
      description: 'Tools and toys.',
      address: '100 N 5th St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      startDate: isoDay(0),
      endDate: isoDay(2),
      startTime: '00:00',
      endTime: '23:59',
    },
  });
}
function newItem(account, saleId, title, extra = {}) {
  return api('POST', '/api/items', {
    token: account.token,
    body: { title, category: 'Other', price: 5, condition: 'good', garageSaleId: saleId, ...extra },
  });
}
async function becomePremium(account) {
  const { paymentIntentId } = await api('POST', '/api/payments/subscribe', { token: account.token });
  await api('POST', '/api/payments/confirm-subscription', { token: account.token, body: { paymentIntentId } });
}
async function eventually(probe, what, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s${last ? `: ${last.message}` : ''}`);
    await sleep(200);
  }
}
async function mail() {
  const [mailpit] = containers('mailpit');
  return (await api('GET', '/api/v1/messages', { base: `http://${mailpit.ip}:8025` })).messages;
}
/** The alert emails to `email` (a new premium member also gets a receipt, which is not one). */
async function alertMails(email) {
  return (await mail()).filter((m) => m.To.some((to) => to.Address === email) && m.Subject.startsWith('New match for '));
}

async function uploadPhoto(account) {
  const form = new FormData();
  form.append('image', new Blob([pngBuffer(64, 48)], { type: 'image/png' }), 'photo.png');
  const response = await fetch(`${BASE}/api/upload/image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  return (await response.json()).url;
}
async function fetchPhoto(url) {
  const response = await fetch(new URL(url, BASE));
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

// ---- 1. the journeys ------------------------------------------------------------------------

function browserJourneys() {
  const files = ['auth', 'hosting', 'search', 'premium', 'reservations', 'community-sales'].map((name) =>
    path.join(root, `web/e2e/${name}.e2e.mjs`),
  );
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=dot', ...files], {
      cwd: root,
      env: { ...process.env, BASE_URL: BASE, E2E_RESULTS_DIR: path.join(root, 'test-results/compose-e2e') },
      stdio: 'inherit',
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), 15 * 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}

async function apiJourney() {
  const seller = await register('seller');
  const shopper = await register('shopper');
  await becomePremium(shopper);
  const me = await eventually(async () => {
    const user = await api('GET', '/api/users/me', { token: shopper.token });
    return user.isPremium && user;
  }, 'the membership reaching the user');
  check(me.isPremium === true, 'premium through the simulated provider');
  const alertWord = word();
  // The shopper service learns of the membership by its event.
  await eventually(
    () =>
      api('POST', '/api/saved-searches', {
        token: shopper.token,
        body: { name: 'Alert', q: alertWord, frequency: 'instant', emailEnabled: true },
      }),
    'a saved search of the new premium member',
  );
  const sale = await newSale(seller);
  const photo = await uploadPhoto(seller);
  const item = await eventually(() => newItem(seller, sale.id, `Brass lamp ${alertWord}`, { imageUrls: [photo] }), 'the item create');
  const found = await eventually(
    async () => (await api('GET', `/api/items/search?q=${alertWord}`)).some((r) => r.id === item.id),
    'search finding the item',
  );
  check(found, 'search finds the new item through nginx');
  const image = await fetchPhoto(photo);
  check(
    image.status === 200 && /^image\//.test(image.type ?? ''),
    `the photo is served (${image.status} ${image.type}, ${image.bytes.length} bytes)`,
  );
  const [minio] = containers('minio');
  const stored = docker('exec', minio.id, 'sh', '-c', 'ls -R /data | grep -vc meta.json');
  check(Number(stored) > 0, `the photo is stored in the S3 container's volume (${stored} entries under /data)`);
  const emails = await eventually(
    async () => {
      const found = await alertMails(shopper.email);
      return found.length > 0 && found;
    },
    'the alert email',
    30_000,
  );
  check(emails.length === 1, `the alert email reached the mail container once ("${emails[0]?.Subject}")`);
  const reserved = await api('POST', `/api/items/${item.id}/reserve`, { token: shopper.token });
  check(reserved.is_reserved === true, 'a premium shopper reserves the item');
  return { seller, sale, item, photo, photoBytes: image.bytes };
}

async function stillThere(kept, when) {
  const login = await eventually(
    () => api('POST', '/api/auth/login', { body: { email: kept.seller.email, password: 'secret123' } }),
    'login',
    60_000,
  );
  const sale = await eventually(() => api('GET', `/api/sales/${kept.sale.id}`), 'the sale', 30_000);
  const item = await eventually(() => api('GET', `/api/items/${kept.item.id}`), 'the item', 30_000);
  const photo = await fetchPhoto(kept.photo);
  check(
    login.user.id === kept.seller.user.id &&
      sale.title === kept.sale.title &&
      item.title === kept.item.title &&
      photo.bytes.equals(kept.photoBytes),
    `${when}: the user signs in, the sale, the item and its photo are all there`,
  );
}

// ---- load -------------------------------------------------------------------------------------

const SEARCH_WORDS = ['lamp', 'chair', 'table', 'bike', 'book', 'toy', 'tools', 'brass'];

/** Clients of mixed searches and writes through nginx until `stop()`; counts every answer. */
async function startLoad(clients, { writes = true } = {}) {
  const accounts = await Promise.all(Array.from({ length: clients }, () => register('load')));
  const sales = await Promise.all(accounts.map((account) => newSale(account)));
  const stats = { requests: 0, failed: 0, byStatus: {}, errors: [], latencies: [], items: new Map(), dependent: [], dependentFailed: 0 };
  for (const sale of sales) stats.items.set(sale.id, 0);
  let running = true;
  const timed = async (fn) => {
    const t0 = performance.now();
    try {
      return await fn();
    } finally {
      stats.latencies.push(performance.now() - t0);
      stats.requests += 1;
    }
  };
  const request = async (method, url, account, body) => {
    try {
      return await timed(() => api(method, url, { token: account?.token, body }));
    } catch (error) {
      stats.failed += 1;
      const key = error.status ?? 'network';
      stats.byStatus[key] = (stats.byStatus[key] ?? 0) + 1;
      if (stats.errors.length < 10) stats.errors.push(`${new Date().toISOString().slice(11, 23)} ${error.message}`);
      return null;
    }
  };
  const client = async (i) => {
    const account = accounts[i];
    let sale = sales[i];
    while (running) {
      const roll = Math.random();
      if (roll < 0.5 || !writes) {
        await request('GET', `/api/items/search?q=${SEARCH_WORDS[Math.floor(Math.random() * SEARCH_WORDS.length)]}`);
      } else if (roll < 0.6) {
        await request('GET', '/api/sales');
      } else if (roll < 0.65) {
        await request('GET', '/api/alerts/unread-count', account);
      } else if (roll < 0.8) {
        await request('GET', `/api/sales/${sale.id}`);
      } else if (roll < 0.96) {
        const item = await request('POST', '/api/items', account, {
          title: `${SEARCH_WORDS[i % SEARCH_WORDS.length]} ${word()}`,
          category: 'Other',
          price: 3,
          condition: 'good',
          garageSaleId: sale.id,
        });
        if (item) stats.items.set(sale.id, stats.items.get(sale.id) + 1);
      } else {
        // A new sale, and at once an item in it: the items replica that takes the item may not
        // have applied the sale's event yet, and then asks sales.
        const fresh = await request('POST', '/api/sales', account, {
          title: `Sale ${word()}`,
          description: 'More.',
          address: '1 Main St',
          city: 'Springfield',
          state: 'IL',
          zipCode: '62701',
          startDate: isoDay(0),
          endDate: isoDay(1),
          startTime: '00:00',
          endTime: '23:59',
        });
        if (!fresh) continue;
        stats.items.set(fresh.id, 0);
        const t0 = performance.now();
        const item = await request('POST', '/api/items', account, {
          title: `chair ${word()}`,
          category: 'Other',
          price: 3,
          condition: 'good',
          garageSaleId: fresh.id,
        });
        stats.dependent.push(performance.now() - t0);
        if (item) {
          stats.items.set(fresh.id, 1);
          sale = fresh;
        } else stats.dependentFailed += 1;
      }
    }
  };
  const loops = accounts.map((_, i) => client(i));
  const t0 = Date.now();
  return {
    stats,
    sales: () => [...stats.items.entries()],
    async stop() {
      running = false;
      await Promise.all(loops);
      stats.seconds = (Date.now() - t0) / 1000;
      return stats;
    },
  };
}

const pct = (values, p) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const describeLoad = (stats) =>
  `${stats.requests} requests in ${stats.seconds.toFixed(0)} s (${(stats.requests / stats.seconds).toFixed(0)}/s), ${stats.failed} failed` +
  `${stats.failed ? ` ${JSON.stringify(stats.byStatus)}` : ''}, p50 ${pct(stats.latencies, 50).toFixed(0)} ms, p99 ${pct(stats.latencies, 99).toFixed(0)} ms, max ${pct(stats.latencies, 100).toFixed(0)} ms`;

// ---- 4. replicas ------------------------------------------------------------------------------

/** A write, then every items replica asked directly until each shows it; each replica was asked the same search before (so a stale cached answer would show). */
async function freshnessProbe(account, saleId, replicas) {
  const probeWord = word();
  const search = (replica) => api('GET', `/api/items/search?q=${probeWord}`, { base: `http://${replica.ip}:4003` });
  await Promise.all(replicas.map(search));
  await Promise.all(replicas.map(search)); // asked twice: now a kept answer
  const item = await newItem(account, saleId, `Probe ${probeWord}`);
  const t0 = performance.now();
  const seen = await Promise.all(
    replicas.map(async (replica) => {
      for (;;) {
        if ((await search(replica)).some((r) => r.id === item.id)) return performance.now() - t0;
        if (performance.now() - t0 > 5000) return Infinity;
        await sleep(20);
      }
    }),
  );
  return Math.max(...seen);
}

/** A connection to the topology's PostgreSQL, as the services have it. */
async function database() {
  const env = Object.fromEntries(
    readFileSync(path.join(root, 'deploy/docker/.offline/env'), 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  const [postgres] = containers('postgres');
  const client = new pg.Client({ host: postgres.ip, user: 'garage', password: env.POSTGRES_PASSWORD, database: 'garage' });
  await client.connect();
  return client;
}

async function migrationsOnce() {
  const client = await database();
  try {
    const { rows } = await client.query(
      "SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'migrations' ORDER BY 1",
    );
    const report = [];
    for (const { schema } of rows) {
      const [counts] = (await client.query(`SELECT count(*)::int AS runs, count(DISTINCT name)::int AS names FROM "${schema}".migrations`))
        .rows;
      report.push({ schema, ...counts });
    }
    return report;
  } finally {
    await client.end();
  }
}

async function itemCountsMatch(load) {
  const wrong = [];
  for (const [saleId, created] of load.sales()) {
    const sale = await api('GET', `/api/sales/${saleId}`);
    if (sale.item_count !== created) wrong.push({ saleId, created, counted: sale.item_count });
  }
  return wrong;
}

/** Requests served per container, from the services' request logs since `since`. */
function servedBy(service, since) {
  return containers(service).map((c) => {
    const logs = spawnSync('/usr/bin/docker', ['logs', '--since', since, c.id], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    const lines = `${logs.stdout}${logs.stderr}`
      .split('\n')
      .filter((line) => line.includes('"msg":"request"') && !line.includes('"url":"/health"'));
    return `${c.name.replace(/^garage[-_]/, '')}=${lines.length}`;
  });
}

/**
 * Holds that lapse and paid reservations refunded while three items replicas sweep: two of each,
 * reserved by `shopper` (premium) on items of `host`'s sale. The refunds come from the host
 * deleting the paid items.
 */
async function reservationEndings(host, saleId, shopper) {
  const reserve = async (title, pay) => {
    const item = await newItem(host, saleId, title);
    const { reservation } = await api('POST', `/api/items/${item.id}/reserve`, { token: shopper.token });
    if (pay) await api('POST', `/api/reservations/${reservation.id}/pay`, { token: shopper.token });
    return { item, reservation };
  };
  const lapsing = [await reserve(`Hold probe ${word()}`, false), await reserve(`Hold probe ${word()}`, false)];
  const refunded = [await reserve(`Refund probe ${word()}`, true), await reserve(`Refund probe ${word()}`, true)];
  for (const { item } of refunded) await api('DELETE', `/api/items/${item.id}`, { token: host.token });
  return { lapsing, refunded };
}

/** Each lapse and refund happened once: one event, one ledger row tried once, one email. */
async function endedOnce(endings, shopper) {
  const client = await database();
  try {
    const outcome = async ({ reservation }, type) => {
      const events = await client.query(
        `SELECT count(*)::int AS n FROM items.outbox WHERE type = $1 AND (envelope->'data'->>'id')::int = $2`,
        [type, reservation.id],
      );
      const ledger = await client.query(
        `SELECT count(*)::int AS n, max(attempts)::int AS attempts, bool_and(status = 'done') AS done FROM items.reservation_ledger WHERE reservation_id = $1 AND kind = 'refund'`,
        [reservation.id],
      );
      return { events: events.rows[0].n, refunds: ledger.rows[0].n, attempts: ledger.rows[0].attempts, done: ledger.rows[0].done };
    };
    const mails = (await mail()).filter((m) => m.To.some((to) => to.Address === shopper.email));
    const mailsAbout = (prefix, item) => mails.filter((m) => m.Subject.includes(`${prefix}: ${item.title}`)).length;
    const lapses = await Promise.all(endings.lapsing.map((ending) => outcome(ending, 'reservation.lapsed')));
    const refunds = await Promise.all(endings.refunded.map((ending) => outcome(ending, 'reservation.refunded')));
    return {
      lapses: lapses.map((o, i) => ({ ...o, mails: mailsAbout('Hold ended', endings.lapsing[i].item) })),
      refunds: refunds.map((o, i) => ({ ...o, mails: mailsAbout('Refunded', endings.refunded[i].item) })),
    };
  } finally {
    await client.end();
  }
}

async function replicas() {
  say('scaling: items=3, sales=2, shopper=2');
  // A 15 s hold and a sweep every 0.5 s: holds lapse during the load, every items replica sweeping.
  await shAsync(['up', '--scale', 'items=3', '--scale', 'sales=2', '--scale', 'shopper=2'], {
    timeoutMs: 15 * 60_000,
    env: { SKIP_IMAGES: '1', RESERVATION_HOLD_MINUTES: '0.25', RESERVATION_SWEEP_MS: '500' },
  });
  const itemsReplicas = containers('items');
  check(
    itemsReplicas.length === 3 && containers('sales').length === 2 && containers('shopper').length === 2,
    'items 3, sales 2, shopper 2 replicas running',
  );

  const prober = await register('prober');
  const proberSale = await newSale(prober);
  const alertUser = await register('alerts');
  await becomePremium(alertUser);
  const alertWord = word();
  await eventually(
    () =>
      api('POST', '/api/saved-searches', {
        token: alertUser.token,
        body: { name: 'Probe alerts', q: alertWord, frequency: 'instant', emailEnabled: true },
      }),
    'a saved search of the new premium member',
  );
  await eventually(() => newItem(prober, proberSale.id, `warmup ${word()}`), 'the prober sale known to items');

  const since = new Date().toISOString();
  const load = await startLoad(CLIENTS);
  say(`${CLIENTS} clients running for ${LOAD_SECONDS} s`);
  const endings = await reservationEndings(prober, proberSale.id, alertUser);
  const probes = [];
  let alertItems = 0;
  const until = Date.now() + LOAD_SECONDS * 1000;
  while (Date.now() < until) {
    probes.push(await freshnessProbe(prober, proberSale.id, itemsReplicas));
    if (probes.length % 3 === 0) {
      await newItem(prober, proberSale.id, `Alert ${alertWord} ${probes.length}`);
      alertItems += 1;
    }
    await sleep(1000);
  }
  const stats = await load.stop();
  figure(`replicas under ${CLIENTS} clients: ${describeLoad(stats)}`);
  check(stats.failed === 0, `0 failed requests under load with replicas${stats.errors.length ? `: ${stats.errors.join(' | ')}` : ''}`);
  figure(
    `freshness: ${probes.length} probes, slowest replica to show a write: median ${pct(probes, 50).toFixed(0)} ms, max ${pct(probes, 100).toFixed(0)} ms`,
  );
  check(
    probes.length > 0 && probes.every((ms) => ms <= 1000),
    'every write visible from every items replica within 1 s, cached searches included',
  );
  figure(
    `fresh sales: ${stats.dependent.length} items created right after their sale, ${stats.dependentFailed} failed, p99 ${pct(stats.dependent, 99).toFixed(0)} ms, max ${pct(stats.dependent, 100).toFixed(0)} ms`,
  );
  check(
    stats.dependent.length > 0 && stats.dependentFailed === 0 && pct(stats.dependent, 100) < 5000,
    'every item put into a just-created sale accepted at once, whichever replica took it',
  );
  figure(
    `requests per replica: ${[...servedBy('items', since), ...servedBy('sales', since), ...servedBy('shopper', since), ...servedBy('notifications', since)].join(' ')}`,
  );

  await sleep(3000);
  const wrong = await eventually(
    async () => {
      const result = await itemCountsMatch(load);
      return result.length === 0 ? result : false;
    },
    'every sale counting exactly the items created in it',
    30_000,
  ).catch(async () => itemCountsMatch(load));
  check(
    wrong.length === 0,
    `no event lost or doubled: ${load.sales().length} sales count exactly the ${[...load.stats.items.values()].reduce((a, b) => a + b, 0)} items created in them${wrong.length ? ` (wrong: ${JSON.stringify(wrong.slice(0, 5))})` : ''}`,
  );

  const sent = await eventually(
    async () => {
      const found = await alertMails(alertUser.email);
      return found.length >= alertItems ? found : false;
    },
    'the alert emails',
    30_000,
  ).catch(() => alertMails(alertUser.email));
  await sleep(3000);
  const finalMails = await alertMails(alertUser.email);
  figure(`alert emails: ${alertItems} matching items, ${finalMails.length} emails`);
  check(sent.length === alertItems && finalMails.length === alertItems, 'each alert email sent once with two shopper replicas');

  const ended = await eventually(
    async () => {
      const result = await endedOnce(endings, alertUser);
      return [...result.lapses, ...result.refunds].every((o) => o.events > 0 && o.mails > 0) && result;
    },
    'the lapses and refunds, and their emails',
    30_000,
  ).catch(() => endedOnce(endings, alertUser));
  figure(`holds lapsed: ${JSON.stringify(ended.lapses)}; paid reservations refunded: ${JSON.stringify(ended.refunds)}`);
  check(
    ended.lapses.every((o) => o.events === 1 && o.refunds === 0 && o.mails === 1) &&
      ended.refunds.every((o) => o.events === 1 && o.refunds === 1 && o.attempts === 1 && o.done && o.mails === 1),
    'each lapse and each refund happened once with three items replicas sweeping (one event, one refund tried once, one email)',
  );

  const migrations = await migrationsOnce();
  figure(`migrations: ${migrations.map((m) => `${m.schema} ${m.runs}/${m.names}`).join(', ')}`);
  check(migrations.length >= 6 && migrations.every((m) => m.runs === m.names), 'each migration ran once in every schema');
}

// ---- 3 and 5. restarts under load -------------------------------------------------------------

async function singleReplicaRestart() {
  const load = await startLoad(20);
  await sleep(3000);
  const t0 = Date.now();
  await shAsync(['compose', 'restart', 'sales'], { timeoutMs: 120_000 });
  say(`compose restart sales took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await shAsync(['wait'], { timeoutMs: 180_000 });
  await sleep(3000);
  const stats = await load.stop();
  figure(`compose restart sales (1 replica) under 20 clients: ${describeLoad(stats)}`);
  check(
    stats.failed === 0,
    `0 failed requests across the restart of the one sales replica${stats.errors.length ? `: ${stats.errors.join(' | ')}` : ''}`,
  );
}

/** How many gateway log lines since `since` carry each of `messages`. */
function gatewayLogCounts(since, messages) {
  const [gateway] = containers('gateway');
  const logs = spawnSync('/usr/bin/docker', ['logs', '--since', since, gateway.id], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const lines = `${logs.stdout}${logs.stderr}`.split('\n');
  return messages.map((message) => `${lines.filter((line) => line.includes(`"msg":"${message}"`)).length} "${message}"`).join(', ');
}

async function rollingRestart() {
  const since = new Date().toISOString();
  const load = await startLoad(CLIENTS);
  await sleep(3000);
  const t0 = Date.now();
  let restarted = 0;
  for (const service of ['auth', 'sales', 'items', 'media', 'payments', 'shopper', 'notifications']) {
    for (const container of containers(service)) {
      // SIGTERM: the replica drains (finishes what it has, takes nothing new), then starts again.
      await run('/usr/bin/docker', ['restart', '-t', '30', container.id], 120_000);
      restarted += 1;
      await shAsync(['wait'], { timeoutMs: 180_000 });
    }
  }
  const took = (Date.now() - t0) / 1000;
  await sleep(3000);
  const stats = await load.stop();
  figure(`rolling restart of ${restarted} replicas in ${took.toFixed(0)} s under ${CLIENTS} clients: ${describeLoad(stats)}`);
  figure(`gateway during the rolling restart: ${gatewayLogCounts(since, ['upstream answered after a retry', 'upstream request failed'])}`);
  check(stats.failed === 0, `0 failed requests during the rolling restart${stats.errors.length ? `: ${stats.errors.join(' | ')}` : ''}`);
}

// ---- the run ----------------------------------------------------------------------------------

async function main() {
  if (process.env.ONLY_ROLLING === '1') {
    await shAsync(['wait'], { timeoutMs: 300_000 });
    await rollingRestart();
    return;
  }
  // A topology left by a run that was cut short (or an engine stopped under it) is removed first:
  // its stopped containers can fail to start again.
  await shAsync(['down'], { timeoutMs: 300_000 });
  say('offline.sh up');
  const upStarted = Date.now();
  await shAsync(['up'], { timeoutMs: 45 * 60_000 });
  figure(`up (build included) to healthy: ${((Date.now() - upStarted) / 1000).toFixed(0)} s`);
  const home = await fetch(BASE);
  check(home.ok && (await home.text()).includes('<div id="root"'), 'nginx serves the SPA on 8080');

  if (process.env.SKIP_BROWSER !== '1') {
    const t0 = Date.now();
    check(
      await browserJourneys(),
      `browser journeys through nginx (auth, hosting, search, premium, reservations, community-sales) in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
    );
  }
  const kept = await apiJourney();

  await shAsync(['compose', 'restart'], { timeoutMs: 300_000 });
  await shAsync(['wait'], { timeoutMs: 300_000 });
  await stillThere(kept, 'after compose restart');
  await shAsync(['stop'], { timeoutMs: 300_000 });
  const again = Date.now();
  await shAsync(['up'], { timeoutMs: 15 * 60_000, env: { SKIP_IMAGES: '1' } });
  figure(`down (volumes kept) then up to healthy: ${((Date.now() - again) / 1000).toFixed(0)} s`);
  await stillThere(kept, 'after down and up');

  await singleReplicaRestart();
  await replicas();
  await rollingRestart();
}

const timer = setTimeout(() => {
  failures.push(`the whole run took over ${TOTAL_TIMEOUT_MS / 60_000} min`);
  finish();
}, TOTAL_TIMEOUT_MS);

let finished = false;
function finish() {
  if (finished) return;
  finished = true;
  clearTimeout(timer);
  if (failures.length) {
    // The containers go with `down`: their logs are kept for whoever reads the failure.
    const logs = spawnSync(offline, ['compose', 'logs', '--no-color', '--timestamps'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1024 * 1024 * 1024,
    });
    mkdirSync(path.join(root, 'test-results'), { recursive: true });
    writeFileSync(path.join(root, 'test-results/compose-logs.txt'), `${logs.stdout ?? ''}${logs.stderr ?? ''}`);
    say("the containers' logs are in test-results/compose-logs.txt");
  }
  if (process.env.KEEP_UP !== '1' && process.env.ONLY_ROLLING !== '1') {
    say('offline.sh down');
    try {
      sh(['down'], { timeoutMs: 300_000 });
    } catch (error) {
      failures.push(`down: ${error.message}`);
    }
  }
  process.stdout.write(`\ntest:compose figures:\n${figures.map((line) => `  ${line}`).join('\n')}\n`);
  process.stdout.write(
    failures.length
      ? `test:compose FAILED (${failures.length}) in ${((Date.now() - started) / 1000).toFixed(0)} s:\n${failures.map((f) => `  - ${f}`).join('\n')}\n`
      : `test:compose passed in ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
  );
  process.exit(failures.length ? 1 : 0);
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (failures.push(`stopped by ${signal}`), finish()));
main().then(finish, (error) => {
  failures.push(`aborted: ${error.stack ?? error.message}`);
  finish();
});
