/** 4: replicas of items, sales and shopper under load: freshness, events, emails, money, migrations. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { alertMails, api, becomePremium, eventually, mail, newItem, newSale, register, word } from './client.mjs';
import { startLoad } from './load.mjs';
import { check, describeLoad, figure, pct, say } from './report.mjs';
import { containers, root, shAsync, sleep } from './topology.mjs';

const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CLIENTS = Number(process.env.CLIENTS ?? 32);

/**
 * A write, then every items replica asked directly until each shows it; each replica was asked the
 * same search before (so a stale cached answer would show). `stale` counts the replicas whose first
 * answer after the write did not show it: read-your-writes means 0 whatever the load; `ms` is when
 * the slowest replica showed it, which under load is mostly one search's latency.
 */
async function freshnessProbe(account, saleId, replicas) {
  const probeWord = word();
  const search = (replica) => api('GET', `/api/items/search?q=${probeWord}`, { base: `http://${replica.ip}:4003` });
  await Promise.all(replicas.map(search));
  await Promise.all(replicas.map(search)); // asked twice: now a kept answer
  const item = await newItem(account, saleId, `Probe ${probeWord}`);
  const t0 = performance.now();
  const seen = await Promise.all(
    replicas.map(async (replica) => {
      for (let asked = 1; ; asked += 1) {
        if ((await search(replica)).some((r) => r.id === item.id)) return { ms: performance.now() - t0, stale: asked > 1 };
        if (performance.now() - t0 > 5000) return { ms: Infinity, stale: true };
        await sleep(20);
      }
    }),
  );
  return { ms: Math.max(...seen.map((s) => s.ms)), stale: seen.filter((s) => s.stale).length };
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

export async function replicas() {
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
  const times = probes.map((probe) => probe.ms);
  const stale = probes.reduce((sum, probe) => sum + probe.stale, 0);
  figure(`replicas under ${CLIENTS} clients: ${describeLoad(stats)}`);
  check(stats.failed === 0, `0 failed requests under load with replicas${stats.errors.length ? `: ${stats.errors.join(' | ')}` : ''}`);
  figure(
    `freshness: ${probes.length} probes, slowest replica to show a write: median ${pct(times, 50).toFixed(0)} ms, max ${pct(times, 100).toFixed(0)} ms; stale first answers: ${stale}`,
  );
  check(
    probes.length > 0 && stale === 0 && pct(times, 100) < 5000,
    'every items replica shows a write in its first answer after it, cached searches included',
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
