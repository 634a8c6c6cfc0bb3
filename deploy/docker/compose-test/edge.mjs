/**
 * The edge: nginx in front of two gateway replicas. nginx's own errors under /api are JSON, a URL
 * sent under /api/ never gets the SPA, both gateways stopped is a JSON 5xx within seconds, a
 * recreated gateway (a new container, a new address) gets its share, and the two gateways
 * restarted one at a time under load fail nothing.
 */
import { request } from 'node:http';
import { startLoad } from './load.mjs';
import { check, describeLoad, figure, say } from './report.mjs';
import { containers, run, shAsync, sleep } from './topology.mjs';

const CLIENTS = Number(process.env.CLIENTS ?? 32);

/** One request with its path exactly as given (fetch's URL parser would normalise `%2e%2e`). */
function raw(method, rawPath, { body, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const call = request({ host: '127.0.0.1', port: 8080, method, path: rawPath, headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, text }));
    });
    call.on('error', reject);
    call.end(body);
  });
}
const isJsonError = (answer) => {
  if (!/^application\/json/.test(answer.headers['content-type'] ?? '')) return false;
  try {
    return typeof JSON.parse(answer.text).error === 'string';
  } catch {
    return false;
  }
};
const isJson = (answer) => /^application\/json/.test(answer.headers['content-type'] ?? '') && !/<html/i.test(answer.text);

/** URLs an outside security check sends: malformed escapes, and escapes that climb out of /api. */
const MALFORMED = ['/api/sales/%00', '/api/items/%zz', '/api/items/%', '/api/items/%2', '/api/auth/%c0%ae%c0%ae', '/api/sales/%00/x'];
const CLIMBING = [
  '/api/images/%2e%2e%2f%2e%2e%2fpackage.json',
  '/api/images/..%2f..%2fpackage.json',
  '/api/images/%2e%2e/%2e%2e/index.html',
  '/api/%2e%2e/',
  '/api/items/%2e%2e%2f%2e%2e%2fassets%2f',
  '/api/../sales',
];

export async function nginxSpeaksJson() {
  const malformed = await Promise.all(MALFORMED.map((url) => raw('GET', url)));
  check(
    malformed.every((answer) => answer.status === 400 && isJsonError(answer)),
    `malformed URLs under /api answer a JSON 400 (${malformed.map((a, i) => `${MALFORMED[i]} ${a.status} ${a.headers['content-type']}`).join('; ')})`,
  );
  const climbing = await Promise.all(CLIMBING.map((url) => raw('GET', url)));
  check(
    climbing.every((answer) => answer.status >= 400 && isJson(answer)),
    `URLs sent under /api/ that normalise out of it get the gateway's JSON or nginx's JSON 400, never the SPA (${climbing.map((a, i) => `${CLIMBING[i]} ${a.status}`).join('; ')})`,
  );
  const big = await raw('POST', '/api/upload/image', {
    body: Buffer.alloc(30 * 1024 * 1024),
    headers: { 'content-type': 'application/octet-stream' },
  }).catch((error) => ({ status: 0, headers: {}, text: String(error) }));
  check(big.status === 413 && isJsonError(big), `a 30 MB upload gets nginx's JSON 413 (${big.status} ${big.text.slice(0, 80)})`);
  figure(
    `nginx's own answers under /api: ${MALFORMED.length} malformed URLs JSON 400, ${CLIMBING.length} escaping URLs JSON ${[...new Set(climbing.map((a) => a.status))].join('/')}, 30 MB upload JSON ${big.status}`,
  );
}

/** Both gateways stopped: a JSON 5xx (with Retry-After) within a few seconds; then started again. */
export async function gatewaysStopped() {
  await shAsync(['compose', 'stop', '-t', '40', 'gateway'], { timeoutMs: 120_000 });
  const answers = [];
  for (let i = 0; i < 3; i += 1) {
    const t0 = Date.now();
    const answer = await raw('GET', '/api/sales').catch((error) => ({ status: 0, headers: {}, text: String(error) }));
    answers.push({ ...answer, ms: Date.now() - t0 });
    await sleep(1500);
  }
  await shAsync(['compose', 'start', 'gateway'], { timeoutMs: 120_000 });
  await shAsync(['wait'], { timeoutMs: 180_000 });
  figure(`both gateways stopped: ${answers.map((a) => `${a.status} in ${(a.ms / 1000).toFixed(1)} s`).join(', ')}`);
  check(
    answers.every((a) => a.status >= 502 && a.status <= 504 && isJsonError(a) && a.headers['retry-after'] && a.ms < 8000),
    `with the gateways stopped /api answers a JSON 502-504 with Retry-After within seconds (${answers[0].text.slice(0, 80)})`,
  );
}

/** Requests each gateway container has served (its own counter, read on its metrics port), not counting Docker's health checks. */
async function servedByGateway() {
  return Promise.all(
    containers('gateway').map(async (gateway) => {
      const text = await fetch(`http://${gateway.ip}:9464/metrics`).then((r) => r.text());
      const served = text
        .split('\n')
        .filter(
          (line) =>
            line.startsWith('garage_http_requests_total{') && line.includes('service="gateway"') && !line.includes('route="/api/health"'),
        )
        .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
      return { ...gateway, served };
    }),
  );
}

/** One gateway replaced by a new container (a new address): nginx finds it, and nothing fails meanwhile. */
export async function recreatedGateway() {
  const load = await startLoad(8);
  await sleep(2000);
  const before = containers('gateway');
  const [old] = before;
  // The new container first (so it cannot be given the old one's address), then the old one goes:
  // SIGTERM (it finishes what it holds), and it is removed, leaving two.
  const scale = (n) =>
    shAsync(['compose', 'up', '-d', '--no-build', '--no-deps', '--no-recreate', '--scale', `gateway=${n}`, 'gateway'], {
      timeoutMs: 120_000,
    });
  await scale(before.length + 1);
  await shAsync(['wait'], { timeoutMs: 180_000 });
  await run('/usr/bin/docker', ['stop', '-t', '40', old.id], 120_000);
  await run('/usr/bin/docker', ['rm', old.id], 60_000);
  await scale(before.length);
  const fresh = containers('gateway').find((c) => !before.some((b) => b.id === c.id));
  const start = await servedByGateway();
  await sleep(8000);
  const end = await servedByGateway();
  const stats = await load.stop();
  const gained = end.map((c) => ({ name: c.name, ip: c.ip, served: c.served - (start.find((s) => s.id === c.id)?.served ?? 0) }));
  const newOne = gained.find((c) => c.ip === fresh?.ip);
  figure(
    `a recreated gateway (${old.ip} replaced by ${fresh?.ip}): in 8 s ${gained.map((c) => `${c.name.replace(/^garage[-_]/, '')} ${c.ip} served ${c.served}`).join(', ')}; under 8 clients meanwhile: ${describeLoad(stats)}`,
  );
  check(
    Boolean(fresh) && !before.some((b) => b.ip === fresh.ip) && (newOne?.served ?? 0) > 0,
    'nginx sends requests to the recreated gateway at its new address',
  );
  check(stats.failed === 0, `0 failed requests while a gateway was replaced${stats.errors.length ? `: ${stats.errors.join(' | ')}` : ''}`);
}

/** The two gateways restarted one at a time under load: 0 failed. */
export async function gatewaysRollingRestart() {
  const load = await startLoad(CLIENTS);
  await sleep(3000);
  const restarts = [];
  for (const gateway of containers('gateway')) {
    const t0 = Date.now();
    await run('/usr/bin/docker', ['restart', '-t', '40', gateway.id], 120_000);
    const restarted = Date.now() - t0;
    // A gateway took 106 s to be healthy again at load average 30 here.
    await shAsync(['wait'], { timeoutMs: 300_000 });
    restarts.push(`${(restarted / 1000).toFixed(1)} s (healthy after ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    say(`gateway ${gateway.name} restarted: ${restarts.at(-1)}`);
  }
  await sleep(3000);
  const stats = await load.stop();
  const served = await servedByGateway();
  figure(
    `rolling restart of the 2 gateways under ${CLIENTS} clients: restarts ${restarts.join(', ')}; ${describeLoad(stats)}; served since by ${served.map((c) => c.served).join(' and ')}`,
  );
  check(
    stats.failed === 0,
    `0 failed requests while the two gateways restarted one at a time${stats.errors.length ? `: ${stats.errors.join(' | ')}` : ''}`,
  );
}
