// The live calls' own process: hosts and shoppers are other people's phones, so their calls must not
// share an event loop with the load generator, whose clock times every search. Started once by
// live-traffic.mjs; told `start` and `stop` over IPC, it answers what it sent. Every token is minted
// before `ready`, so no signing happens while searches are being timed. Told `start` with `calls:
// 'reads'`, it sends, as a control, the same number of plain reads instead.
import { testTokens } from '@garage/testing';

let setup;
let tokens;
let checkIns = 0;
let statusChanges = 0;
let running = false;
let loop = null;

async function one(n, calls) {
  const { gatewayUrl, sales, host } = setup;
  let response;
  if (calls === 'reads') {
    // The control: a plain read through the gateway by the host, answered by the sales service
    // alone (two lookups, no transaction, no event): a sale's scheduled markdowns.
    response = await fetch(`${gatewayUrl}/api/markdowns?saleId=${sales[n % sales.length].id}`, { headers: { authorization: host } });
    await response.arrayBuffer();
    return `markdowns read ${response.status}`;
  }
  if (n % 2 === 0) {
    const change = statusChanges++;
    const sale = sales[change % sales.length];
    response = await fetch(`${gatewayUrl}/api/sales/${sale.id}/live-status`, {
      method: 'PUT',
      headers: { authorization: host, 'content-type': 'application/json' },
      body: JSON.stringify({ state: Math.floor(change / sales.length) % 2 === 0 ? 'winding_down' : 'open' }),
    });
  } else {
    // Each shopper checks in at a sale once, so none is refused for the hourly limit.
    const checkIn = checkIns++;
    const sale = sales[checkIn % sales.length];
    response = await fetch(`${gatewayUrl}/api/sales/${sale.id}/check-ins`, {
      method: 'POST',
      headers: { authorization: tokens[Math.floor(checkIn / sales.length) % tokens.length], 'content-type': 'application/json' },
      body: JSON.stringify({ going: checkIn % 4 !== 3, latitude: sale.latitude, longitude: sale.longitude }),
    });
  }
  await response.arrayBuffer();
  return `${n % 2 === 0 ? 'live-status' : 'check-in'} ${response.status}`;
}

async function traffic(perSecond, calls) {
  const statuses = {};
  const pending = [];
  const started = performance.now();
  let sent = 0;
  while (running) {
    pending.push(one(sent, calls).then((key) => (statuses[key] = (statuses[key] ?? 0) + 1)));
    sent += 1;
    // Paced against the start, so a slow answer does not lower the rate.
    const due = started + (sent * 1000) / perSecond - performance.now();
    if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
  }
  await Promise.all(pending);
  return { sent, statuses };
}

process.on('message', async (message) => {
  if (message.type === 'setup') {
    setup = message.setup;
    const mint = await testTokens(setup.dataDir);
    tokens = [];
    for (let shopper = 2; shopper < 2 + setup.shoppers; shopper += 1) tokens.push(`Bearer ${await mint(shopper)}`);
    process.send({ type: 'ready' });
  } else if (message.type === 'start') {
    running = true;
    loop = traffic(setup.perSecond, message.calls);
  } else if (message.type === 'stop') {
    running = false;
    process.send({ type: 'stopped', ...(await loop) });
  } else if (message.type === 'exit') {
    process.exit(0);
  }
});
