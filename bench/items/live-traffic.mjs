// Issue 38's live traffic beside item search: hosts saying how their sale is going
// (PUT /api/sales/{id}/live-status) and shoppers answering "Still going?" (POST
// /api/sales/{id}/check-ins), sent through the gateway to the sales service while searches run.
// Sales and items share a broker exchange of their own for the run, so each host's word reaches the
// items service as the `sale.updated` it is in the stack (and drops the kept answers showing that sale).
import { removeBrokerObjects, testTokens } from '@garage/testing';

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
 * gateway; returns what the traffic needs: each sale's id and place, and a token minter.
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
  return { sales, host, mint };
}

/**
 * Sends `perSecond` calls a second, taking turns: a host's live status (open and winding down in
 * turn) and a shopper's check-in at the sale (three of four "going"). Each shopper checks in at a
 * sale once (the count is kept across calls of this function), so none is refused for the hourly
 * limit. Returns a stop function that answers how many were sent and with which statuses.
 */
export function liveTraffic(gatewayUrl, setup, perSecond = 10) {
  const { sales, host, mint } = setup;
  setup.checkIns ??= 0;
  setup.statusChanges ??= 0;
  let running = true;
  let sent = 0;
  const statuses = {};
  const one = async (n) => {
    let response;
    if (n % 2 === 0) {
      const change = setup.statusChanges++;
      const sale = sales[change % sales.length];
      response = await fetch(`${gatewayUrl}/api/sales/${sale.id}/live-status`, {
        method: 'PUT',
        headers: { authorization: host, 'content-type': 'application/json' },
        body: JSON.stringify({ state: Math.floor(change / sales.length) % 2 === 0 ? 'winding_down' : 'open' }),
      });
    } else {
      const checkIn = setup.checkIns++;
      const sale = sales[checkIn % sales.length];
      const shopper = 2 + Math.floor(checkIn / sales.length);
      response = await fetch(`${gatewayUrl}/api/sales/${sale.id}/check-ins`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await mint(shopper)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ going: checkIn % 4 !== 3, latitude: sale.latitude, longitude: sale.longitude }),
      });
    }
    await response.arrayBuffer();
    const key = `${n % 2 === 0 ? 'live-status' : 'check-in'} ${response.status}`;
    statuses[key] = (statuses[key] ?? 0) + 1;
  };
  const done = (async () => {
    const started = performance.now();
    const pending = [];
    while (running) {
      pending.push(one(sent));
      sent += 1;
      // Paced against the start, so a slow answer does not lower the rate.
      const due = started + (sent * 1000) / perSecond - performance.now();
      if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
    }
    await Promise.all(pending);
  })();
  return async () => {
    running = false;
    await done;
    return { sent, statuses };
  };
}

/**
 * The same searches without and with the live calls, in `rounds` turns of `seconds` each, the
 * order flipping every round, so whatever else the machine does falls on both alike. `measure`
 * runs the searches for some seconds and answers `{result, latencies, cpuUsPerRequest}`; answered
 * here per side, pooled: every latency, errors summed, processor time per request weighted by requests.
 */
export async function withAndWithout(measure, traffic, { rounds, seconds }) {
  const sides = { without: [], with: [] };
  const calls = { sent: 0, statuses: {} };
  for (let round = 0; round < rounds; round += 1) {
    for (const side of round % 2 === 0 ? ['without', 'with'] : ['with', 'without']) {
      const stop = side === 'with' ? traffic() : null;
      sides[side].push(await measure(seconds));
      if (!stop) continue;
      const { sent, statuses } = await stop();
      calls.sent += sent;
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
  return { without: pool(sides.without), with: pool(sides.with), calls, seconds: rounds * seconds };
}
