// Issue 38's live traffic beside item search: hosts saying how their sale is going
// (PUT /api/sales/{id}/live-status) and shoppers answering "Still going?" (POST
// /api/sales/{id}/check-ins), sent through the gateway to the sales service while searches run.
// Sales and items share a broker exchange of their own for the run, so each host's word reaches the
// items service as the `sale.updated` it is in the stack (and drops the kept answers showing that sale).
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { removeBrokerObjects, testTokens } from '@garage/testing';
import { percentile } from '../stats.mjs';

const SALE_COUNT = 20;
/** Sales made here are numbered far above the generated ones, so items' copy of those is never touched. */
const FIRST_SALE_ID = 5_000_000;

/** The broker settings both services get, and the removal of the run's exchange and queues. */
export function benchBroker(amqpUrl) {
  const run = `${Date.now().toString(36)}${process.pid}`;
  const exchange = `garage-bench-live-${run}`;
  const prefix = `gbl${run}`;
  return {
    env: { EVENT_BUS: 'rabbitmq', AMQP_URL: amqpUrl, EVENT_EXCHANGE: exchange, EVENT_QUEUE_PREFIX: prefix },
    remove: () => removeBrokerObjects(amqpUrl, exchange, prefix),
  };
}

/** Today as a date on the sales' clock (Chicago: Springfield, IL). */
function chicagoToday() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
}

/**
 * Makes SALE_COUNT sales on today and tomorrow, open all day, by one host (user 1), through the
 * gateway; returns what the traffic needs: each sale's id and place, the host's token and where
 * the signing key is.
 */
export async function liveSales(gatewayUrl, db, dataDir) {
  await db.query(
    `SELECT setval(pg_get_serial_sequence('sales.sales', 'id'), greatest($1::bigint, (SELECT coalesce(max(id), 0) FROM sales.sales)))`,
    [FIRST_SALE_ID],
  );
  const mint = await testTokens(dataDir);
  const host = `Bearer ${await mint(1)}`;
  const today = chicagoToday();
  const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const sales = [];
  for (let n = 0; n < SALE_COUNT; n += 1) {
    const response = await fetch(`${gatewayUrl}/api/sales`, {
      method: 'POST',
      headers: { authorization: host, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: `Live bench sale ${n + 1}`,
        description: 'A sale whose host and shoppers say how it is going',
        address: `${100 + n} Oak St`,
        city: 'Springfield',
        state: 'IL',
        zipCode: '62701',
        startDate: today,
        endDate: tomorrow,
        startTime: '00:00',
        endTime: '23:59',
      }),
    });
    if (response.status !== 201) throw new Error(`a live bench sale was not created: ${response.status} ${await response.text()}`);
    const sale = await response.json();
    sales.push({ id: sale.id, latitude: Number(sale.latitude), longitude: Number(sale.longitude) });
  }
  return { sales, host, dataDir };
}

/**
 * Starts the process that sends the live calls (live-caller.mjs), `perSecond` a second when told,
 * taking turns: a host's live status (open and winding down in turn) and a shopper's check-in at
 * the sale (three of four "going"), each shopper once at a sale; or, as a control, as many plain
 * reads. Answers `traffic(calls)` ('live' or 'reads'), which starts the calls and returns a stop
 * function answering how many were sent and with which statuses, and `close()`.
 */
export async function liveCaller(gatewayUrl, setup, perSecond = 10, shoppers = 2000) {
  const child = fork(fileURLToPath(new URL('./live-caller.mjs', import.meta.url)), { stdio: 'inherit' });
  const next = (type) =>
    new Promise((resolve, reject) => {
      const onExit = (code) => reject(new Error(`the live caller stopped (${code})`));
      const onMessage = (message) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ready = next('ready');
  child.send({ type: 'setup', setup: { gatewayUrl, sales: setup.sales, host: setup.host, dataDir: setup.dataDir, perSecond, shoppers } });
  await ready;
  return {
    traffic: (calls = 'live') => {
      child.send({ type: 'start', calls });
      return async () => {
        const stopped = next('stopped');
        child.send({ type: 'stop' });
        const { sent, statuses } = await stopped;
        return { sent, statuses };
      };
    },
    close: () => child.send({ type: 'exit' }),
  };
}

/** Every order of the three sides, so in six rounds each side runs twice in each place. */
const ORDERS = [
  ['without', 'with', 'control'],
  ['control', 'with', 'without'],
  ['with', 'control', 'without'],
  ['without', 'control', 'with'],
  ['control', 'without', 'with'],
  ['with', 'without', 'control'],
];

/**
 * The same searches without and with the live calls (and, with `control`, with as many plain reads
 * instead), in `rounds` turns of `seconds` each, the order changing every round, so whatever else
 * the machine does falls on every side alike. `measure` runs the searches for some seconds and
 * answers `{result, latencies, cpuUsPerRequest}`; answered here per side, pooled: every latency,
 * errors summed, processor time per request weighted by requests; and each pair of sides compared
 * round by round (`paired`).
 */
export async function withAndWithout(measure, traffic, { rounds, seconds, control = false }) {
  const sides = { without: [], with: [], ...(control ? { control: [] } : {}) };
  const calls = { sent: 0, statuses: {} };
  for (let round = 0; round < rounds; round += 1) {
    const order = control ? ORDERS[round % ORDERS.length] : round % 2 === 0 ? ['without', 'with'] : ['with', 'without'];
    for (const side of order) {
      const stop = side === 'without' ? null : traffic(side === 'with' ? 'live' : 'reads');
      sides[side].push(await measure(seconds));
      if (!stop) continue;
      const { sent, statuses } = await stop();
      if (side === 'with') calls.sent += sent;
      for (const [status, count] of Object.entries(statuses)) calls.statuses[status] = (calls.statuses[status] ?? 0) + count;
    }
  }
  const pool = (parts) => {
    const latencies = parts.flatMap((part) => part.latencies);
    const cpuUsPerRequest = {};
    for (const name of Object.keys(parts[0].cpuUsPerRequest))
      cpuUsPerRequest[name] =
        parts.reduce((sum, part) => sum + part.cpuUsPerRequest[name] * part.latencies.length, 0) / Math.max(1, latencies.length);
    const result = {
      errors: parts.reduce((sum, part) => sum + part.result.errors, 0),
      non2xx: parts.reduce((sum, part) => sum + part.result.non2xx, 0),
    };
    return { result, latencies, cpuUsPerRequest };
  };
  return {
    without: pool(sides.without),
    with: pool(sides.with),
    control: control ? pool(sides.control) : null,
    calls,
    seconds: rounds * seconds,
    paired: {
      withVsWithout: paired(sides.with, sides.without),
      ...(control ? { controlVsWithout: paired(sides.control, sides.without), withVsControl: paired(sides.with, sides.control) } : {}),
    },
  };
}

const ascending = (a, b) => a - b;
const p95 = (latencies) => percentile([...latencies].sort(ascending), 95);

// Student's t for a two-sided 95 % interval, by degrees of freedom (1–30; beyond, the normal's).
const T95 = [12.71, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131];
const t95 = (df) => T95[df - 1] ?? (df <= 30 ? 2.1 : 1.96);

/**
 * "Measurable" as a difference the machine's own drift cannot explain: each round's p95 of side `a`
 * minus the same round's of side `b` (they ran back to back), and the 95 % interval of their mean.
 * An interval that holds 0 is a difference these rounds cannot tell from none.
 */
function paired(a, b) {
  const differences = a.map((part, round) => p95(part.latencies) - p95(b[round].latencies));
  const n = differences.length;
  const mean = differences.reduce((sum, value) => sum + value, 0) / n;
  const sd = Math.sqrt(differences.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(1, n - 1));
  const half = n > 1 ? (t95(n - 1) * sd) / Math.sqrt(n) : Infinity;
  return { differences, mean, low: mean - half, high: mean + half, measurable: mean - half > 0 || mean + half < 0 };
}
