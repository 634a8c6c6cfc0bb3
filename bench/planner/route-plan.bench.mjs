// A 400-stop route plan through the gateway: POST /api/route-plans/preview by a member, with the
// whole plan in the answer (target: p95 ≤ 500 ms).
//
// The shopper service runs in this process on a database of its own (as the test harness starts
// it), fed `user.*` and `sale.*` events on RabbitMQ as auth and sales would send them; the gateway
// runs in its own process in front of it, as in the stack. The day: SALES sales (a community sale)
// within 2 miles of a town centre, open 07:00–17:00 (a few 08:00–12:00), 5 minutes per stop; the
// plan is asked REQUESTS times one after the other (after WARMUP), and the planner's processor
// time is read from the shopper's side as well, since latency moves with whatever else the machine
// runs.
//
// Run: npm run bench:route-plan   (builds the shopper service and the gateway first)
// Options: SALES=400 REQUESTS=40 WARMUP=3 MINUTES_PER_STOP=5
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { developmentKeys } from '@garage/service-kit';
import { shopperService } from '@garage/shopper';
import { newId, publishSale, publishUser, ServiceHarness } from '@garage/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const saleCount = Number(process.env.SALES ?? 400);
const requests = Number(process.env.REQUESTS ?? 40);
const warmup = Number(process.env.WARMUP ?? 3);
const minutesPerStop = Number(process.env.MINUTES_PER_STOP ?? 5);
const gatewayPort = 4990;

function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const harness = await ServiceHarness.start(shopperService, { env: { LOG_LEVEL: 'error' } });
const env = harness.testEnv.env;
const gateway = spawn(process.execPath, [path.join(root, 'gateway/dist/main.js')], {
  env: {
    ...process.env,
    ...env,
    PORT: String(gatewayPort),
    LOG_LEVEL: 'warn',
    JWT_PUBLIC_KEY: developmentKeys(env.DATA_DIR).publicKey,
    SHOPPER_URL: harness.service.url,
    RATE_LIMIT_STORE: 'memory',
    REQUESTS_PER_MINUTE: '100000000',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = async () => {
  gateway.kill('SIGTERM');
  await harness.close();
};

try {
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${gatewayUrl}/api/live`)).ok) break;
    } catch {}
    if (tries > 300) throw new Error('the gateway did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // A member, a host and the community sale's sales.
  const member = newId();
  const host = newId();
  await publishUser(harness, member, { premium: true });
  await publishUser(harness, host, {});
  const next = seeded(2026);
  const centre = { latitude: 30.2672, longitude: -97.7431 }; // Austin, TX
  const saleIds = [];
  for (let batch = 0; batch < saleCount; batch += 25) {
    const sales = Array.from({ length: Math.min(25, saleCount - batch) }, () => {
      const miles = 2 * Math.sqrt(next());
      const angle = next() * 2 * Math.PI;
      const morning = next() < 0.2;
      return {
        id: newId(),
        latitude: centre.latitude + (miles * Math.sin(angle)) / 69,
        longitude: centre.longitude + (miles * Math.cos(angle)) / (69 * Math.cos((centre.latitude * Math.PI) / 180)),
        start_time: morning ? '08:00' : '07:00',
        end_time: morning ? '12:00' : '17:00',
      };
    });
    await Promise.all(sales.map((sale) => publishSale(harness, sale.id, host, { title: `Community sale stop ${sale.id}`, ...sale })));
    saleIds.push(...sales.map((sale) => sale.id));
  }
  const authorization = await harness.bearer(member);
  const body = JSON.stringify({ date: '2099-05-02', startTime: '07:00', start: centre, saleIds, minutesPerStop });

  const ask = async () => {
    const started = performance.now();
    const response = await fetch(`${gatewayUrl}/api/route-plans/preview`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body,
    });
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`preview answered ${response.status}: ${text.slice(0, 300)}`);
    return { ms, bytes: text.length, preview: JSON.parse(text) };
  };
  for (let i = 0; i < warmup; i++) await ask();
  const times = [];
  let last;
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < requests; i++) {
    last = await ask();
    times.push(last.ms);
  }
  const cpu = process.cpuUsage(cpuBefore);
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  const { summary, plan } = last.preview;
  console.log(
    `Route plan through the gateway: ${saleCount} sales, ${minutesPerStop} min per stop; ${cpus().length} CPU (${cpus()[0]?.model ?? 'unknown'}), load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  console.table({
    'POST /api/route-plans/preview': {
      requests,
      'p50 ms': Number(at(50).toFixed(1)),
      'p95 ms': Number(at(95).toFixed(1)),
      'max ms': Number(sorted[sorted.length - 1].toFixed(1)),
      'shopper CPU ms/plan': Number(((cpu.user + cpu.system) / 1000 / requests).toFixed(1)),
      planned: summary.plannable,
      'left out': summary.unplannable,
      'drive min': summary.totalDriveMinutes,
      'answer KiB': Math.round(last.bytes / 1024),
      'direction links': plan?.directions.google.length ?? 0,
    },
  });
  console.log('Goal: p95 ≤ 500 ms. Shopper CPU ms/plan: processor time of this process (the shopper service) per request.');
} finally {
  await stop();
}
process.exit(0);
