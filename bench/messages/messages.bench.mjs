// Live updates through the gateway: STREAMS (default 1000) open `GET /api/updates` streams, one per
// member, on a gateway in its own process; then MESSAGES (default 100) messages, each from a buyer
// to one of HOSTS (default 20) hosts whose tab is among the open streams, sent through the gateway
// one at a time (every PAUSE_MS, default 50). Delivery latency: from sending the message (POST
// /api/conversations) to its `message` event on the host's tab, through messages, its outbox,
// RabbitMQ, notifications (the alert, then the update to Redis) and the gateway's subscription.
// Memory per open stream: the gateway process's resident set and V8 heap in use (its /metrics)
// before and after the streams open, divided by STREAMS.
// Run: npm run bench:messages   (options: STREAMS=1000 MESSAGES=100 HOSTS=20 PAUSE_MS=50)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, Agent } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { messagesService } from '@garage/messages';
import { notificationsService } from '@garage/notifications';
import { startService } from '@garage/service-kit';
import { saleSnapshot, serviceQueueReady, serviceTestEnv, testTokens } from '@garage/testing';

const streams = Number(process.env.STREAMS ?? 1000);
const messages = Number(process.env.MESSAGES ?? 100);
const hosts = Math.min(Number(process.env.HOSTS ?? 20), streams);
const pauseMs = Number(process.env.PAUSE_MS ?? 50);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = (line) => process.stdout.write(`[messages] ${line}\n`);

const freePort = () =>
  new Promise((resolve) => {
    const server = createNetServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const testEnv = await serviceTestEnv({ RATE_LIMIT_STORE: 'redis', LOG_LEVEL: 'warn', REQUESTS_PER_MINUTE: '0' });
// Sales, as messages asks it about a sale it has not heard of: sale i is hosted by member i.
const owners = createServer((call, answer) => {
  const match = /^\/internal\/sales\/(\d+)$/.exec(call.url ?? '');
  answer.writeHead(match ? 200 : 404, { 'content-type': 'application/json' });
  answer.end(JSON.stringify(match ? saleSnapshot(Number(match[1]), Number(match[1])) : { error: 'Not found' }));
});
await new Promise((resolve) => owners.listen(0, '127.0.0.1', resolve));
const ownersUrl = `http://127.0.0.1:${owners.address().port}`;
const messagesApp = await startService(messagesService, { env: { ...testEnv.env, SALES_URL: ownersUrl, ITEMS_URL: ownersUrl } });
const notificationsApp = await startService(notificationsService, { env: testEnv.env });
await serviceQueueReady(testEnv.env, 'notifications');

const port = await freePort();
const metricsPort = await freePort();
const gateway = spawn(process.execPath, [path.join(root, 'gateway/dist/main.js')], {
  env: {
    ...process.env,
    ...testEnv.env,
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    MESSAGES_URL: messagesApp.url,
    NOTIFICATIONS_URL: notificationsApp.url,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const url = `http://127.0.0.1:${port}`;
const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
const open = [];
try {
  for (let tries = 0; ; tries += 1) {
    const live = await fetch(`${url}/api/live`).catch(() => null);
    if (live?.ok) break;
    if (tries > 200) throw new Error('the gateway did not start');
    await sleep(100);
  }
  const mint = await testTokens(testEnv.env.DATA_DIR);
  const memory = async () => {
    const rss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${gateway.pid}/status`, 'utf8'))[1]) * 1024;
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const heap = Number(/^nodejs_heap_size_used_bytes (\S+)$/m.exec(text)[1]);
    return { rss, heap };
  };
  // The gateway warmed by a few streams and calls first, so the figures are the streams' own.
  const waiting = new Map(); // messageId -> resolve
  const arrivals = new Map(); // host -> array of { messageId, at }
  const openStream = (userId, token) =>
    new Promise((resolve, reject) => {
      const call = httpRequest(`${url}/api/updates?token=${token}`, { agent, headers: { accept: 'text/event-stream' } }, (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!block.includes('event: message')) continue;
            const data = JSON.parse(/^data: (.*)$/m.exec(block)[1]);
            const at = performance.now();
            waiting.get(`${userId}:${data.messageId}`)?.(at);
            const list = arrivals.get(userId) ?? [];
            list.push({ messageId: data.messageId, at });
            arrivals.set(userId, list);
          }
        });
        resolve(call);
      });
      call.on('error', reject);
      call.end();
    });

  const tokens = [];
  for (let user = 1; user <= streams; user += 1) tokens.push(await mint(user));
  const before = await memory();
  const started = performance.now();
  for (let i = 0; i < streams; i += 50) {
    const batch = tokens.slice(i, i + 50).map((token, j) => openStream(i + j + 1, token));
    open.push(...(await Promise.all(batch)));
  }
  log(`${streams} streams open in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await sleep(2000);
  const after = await memory();

  // One buyer per host: a member may start only 10 conversations an hour.
  const buyers = [];
  for (let host = 1; host <= hosts; host += 1) buyers.push(`Bearer ${await mint(streams + host)}`);
  const latencies = [];
  let lost = 0;
  for (let n = 0; n < messages + 5; n += 1) {
    const host = (n % hosts) + 1;
    const sentAt = performance.now();
    const response = await fetch(`${url}/api/conversations`, {
      method: 'POST',
      headers: { authorization: buyers[host - 1], 'content-type': 'application/json' },
      body: JSON.stringify({ saleId: host, text: `Is it still there? (${n})` }),
    });
    if (response.status !== 201) throw new Error(`POST /api/conversations answered ${response.status}: ${await response.text()}`);
    const { lastMessage } = await response.json();
    const messageId = lastMessage?.id;
    const early = arrivals.get(host)?.find((arrival) => arrival.messageId === messageId);
    const at =
      early?.at ??
      (await Promise.race([new Promise((resolve) => waiting.set(`${host}:${messageId}`, resolve)), sleep(5000).then(() => null)]));
    waiting.delete(`${host}:${messageId}`);
    // The first few warm the path (connections, prepared statements): not counted.
    if (n >= 5) {
      if (at === null) lost += 1;
      else latencies.push(at - sentAt);
    }
    await sleep(pauseMs);
  }
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const mean = sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length;
  log(
    `load ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  log(
    `delivery of ${sorted.length} messages to ${hosts} hosts' open tabs among ${streams} streams: ` +
      `mean ${mean.toFixed(1)} ms, p50 ${at(0.5).toFixed(1)}, p95 ${at(0.95).toFixed(1)}, max ${at(1).toFixed(1)} ms, lost ${lost}`,
  );
  log(
    `gateway memory per open stream: resident ${((after.rss - before.rss) / streams / 1024).toFixed(1)} KiB, ` +
      `V8 heap ${((after.heap - before.heap) / streams / 1024).toFixed(1)} KiB ` +
      `(resident ${(before.rss / 2 ** 20).toFixed(0)} -> ${(after.rss / 2 ** 20).toFixed(0)} MiB, ` +
      `heap ${(before.heap / 2 ** 20).toFixed(0)} -> ${(after.heap / 2 ** 20).toFixed(0)} MiB)`,
  );
} finally {
  for (const call of open) call.destroy();
  agent.destroy();
  await new Promise((resolve) => {
    gateway.once('exit', resolve);
    gateway.kill('SIGTERM');
  });
  await notificationsApp.close();
  await messagesApp.close();
  await new Promise((resolve) => owners.close(resolve));
  await testEnv.cleanup();
}
