// What counting a view adds to a read of a sale: GET /api/sales/{id} straight to the sales service,
// against the real Redis (RATE_LIMIT_STORE=redis), by its host (never counted: the read alone),
// by another member (the same token check, counted: HMAC, then HINCRBY + PFADD pipelined in the
// background) and by visitors (no token, counted), taking turns:
// ROUNDS (default 6) bursts of BURST (default 300) sequential reads each, the order flipping every
// round, so whatever else the machine does falls on both alike. Processor time per read is the
// whole process's (server and client alike), for both.
// Run: npm run bench:sale-views   (options: ROUNDS=6 BURST=300)
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { salesService } from '@garage/sales';
import { startService } from '@garage/service-kit';
import { serviceTestEnv, testTokens } from '@garage/testing';

const rounds = Number(process.env.ROUNDS ?? 6);
const burst = Number(process.env.BURST ?? 300);
const testEnv = await serviceTestEnv({ RATE_LIMIT_STORE: 'redis', LOG_LEVEL: 'warn' });
const sales = await startService(salesService, { env: testEnv.env });
const mint = await testTokens(testEnv.env.DATA_DIR);
const host = { authorization: `Bearer ${await mint(1)}` };
const member = { authorization: `Bearer ${await mint(2)}` };
try {
  const created = await fetch(`${sales.url}/api/sales`, {
    method: 'POST',
    headers: { ...host, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Bench sale',
      description: 'Counted reads',
      address: '12 Oak St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      startDate: '2099-05-03',
      endDate: '2099-05-04',
      startTime: '08:00',
      endTime: '12:00',
    }),
  });
  if (created.status !== 201) throw new Error(`the sale was not created: ${created.status} ${await created.text()}`);
  const { id } = await created.json();
  let visitor = 0;
  const kinds = {
    host: () => host,
    // Another member: the same token check as the host's, and the read counted.
    member: () => member,
    // A new browser each time: a new viewer for the HyperLogLog, the dearest case.
    visitor: () => ({ 'user-agent': `bench-browser-${(visitor += 1)}` }),
  };
  const times = { host: [], member: [], visitor: [] };
  const cpu = { host: 0, member: 0, visitor: 0 };
  async function run(kind, count, record) {
    const started = process.cpuUsage();
    for (let n = 0; n < count; n += 1) {
      const t0 = performance.now();
      const response = await fetch(`${sales.url}/api/sales/${id}`, { headers: kinds[kind]() });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`answered ${response.status}`);
      if (record) times[kind].push(performance.now() - t0);
    }
    const used = process.cpuUsage(started);
    if (record) cpu[kind] += used.user + used.system;
  }
  for (const kind of Object.keys(kinds)) await run(kind, 200, false);
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? ['host', 'member', 'visitor'] : ['visitor', 'member', 'host'];
    for (const kind of order) await run(kind, burst, true);
  }
  const summary = (kind) => {
    const sorted = [...times[kind]].sort((a, b) => a - b);
    const mean = sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length;
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    return (
      `${kind.padEnd(8)} ${sorted.length} reads: mean ${mean.toFixed(2)} ms, p50 ${at(0.5).toFixed(2)}, p95 ${at(0.95).toFixed(2)}, ` +
      `processor ${(cpu[kind] / sorted.length / 1000).toFixed(3)} ms per read`
    );
  };
  // What was counted, read back from Redis: every member's and visitor's read, none of the host's.
  const redis = new Redis(testEnv.env.REDIS_URL);
  const prefix = `${testEnv.env.EVENT_QUEUE_PREFIX}:sales:stats:`;
  const counted = await redis.hgetall(`${prefix}views:sale:${id}`);
  const days = Object.keys(counted).map((field) => field.split('|')[0]);
  const viewers = await Promise.all(days.map((day) => redis.pfcount(`${prefix}viewers:sale:${id}:${day}`)));
  // The counts are kept for a year: the run's go with it.
  const keys = await redis.keys(`${testEnv.env.EVENT_QUEUE_PREFIX}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  process.stdout.write(
    `[sale-views] load ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}\n`,
  );
  process.stdout.write(`[sale-views] ${summary('host')}  (not counted)\n`);
  process.stdout.write(`[sale-views] ${summary('member')}  (counted)\n`);
  process.stdout.write(`[sale-views] ${summary('visitor')}  (counted, no token to check)\n`);
  process.stdout.write(
    `[sale-views] counted views ${JSON.stringify(counted)}, distinct viewers ${JSON.stringify(viewers)} of ${visitor} browsers\n`,
  );
} finally {
  await sales.close();
  await testEnv.cleanup();
}
