#!/usr/bin/env node
/**
 * `npm run test:compose`: the production topology (docker-compose.yml) run for real on this machine
 * through deploy/docker/offline.sh, checked from outside through nginx on http://127.0.0.1:8080:
 *   1. up, then the journeys: the browser journeys (web/e2e) and an API journey (a photo stored in
 *      the S3 container, search, an alert email caught by the mail container), and the live stream
 *      through nginx and both gateways (unbuffered, every message on the open tab, resumed);
 *   2. persistence: after `compose restart`, and after down (volumes kept) and up;
 *   3. one replica each: `compose restart sales` under 20 clients loses no request;
 *   4. replicas (items=3, sales=2, shopper=2) under 32 clients for LOAD_SECONDS (60): no failed
 *      request, every write in the first answer of every items replica after it, an item accepted at
 *      once into a sale just created, whichever replica has or has not applied the sale's event
 *      yet (it asks sales), each alert email once, no event lost or doubled (every sale's item
 *      count), migrations once;
 *   5. rolling restart: each service's replicas restarted one at a time under that load, 0 failed;
 *   6. the edge (between 3 and 4): nginx's own errors under /api are JSON, a URL sent under /api/
 *      never gets the SPA, both gateways stopped answer a JSON 5xx within seconds, a recreated
 *      gateway gets its share, and the two gateways restarted one at a time under load fail 0;
 * and always takes the topology down. Figures are printed as it goes; any failed check fails it.
 * Environment: LOAD_SECONDS, CLIENTS (32), SKIP_BROWSER=1 (no browser journeys), KEEP_UP=1 (leave
 * it running), ONLY=live,edge,gateways,rolling (only those parts, against the topology already up, e.g. left by
 * KEEP_UP=1; it stays up; ONLY_ROLLING=1 is ONLY=rolling).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { apiJourney, browserJourneys, JOURNEYS, stillThere } from './compose-test/journeys.mjs';
import { liveThroughNginx } from './compose-test/live.mjs';
import { replicas } from './compose-test/replicas.mjs';
import { check, failures, figure, figures, say, started } from './compose-test/report.mjs';
import { gatewaysRollingRestart, gatewaysStopped, nginxSpeaksJson, recreatedGateway } from './compose-test/edge.mjs';
import { rollingRestart, singleReplicaRestart } from './compose-test/restarts.mjs';
import { BASE, offline, root, sh, shAsync } from './compose-test/topology.mjs';

/** 6: nginx and the two gateways, on the topology as `up` made it (before the services are scaled). */
async function edge() {
  await nginxSpeaksJson();
  await gatewaysStopped();
  await recreatedGateway();
  await gatewaysRollingRestart();
}
const PARTS = {
  live: liveThroughNginx,
  edge,
  gateways: gatewaysRollingRestart,
  rolling: rollingRestart,
  replicas,
  single: singleReplicaRestart,
};
const ONLY = (process.env.ONLY ?? (process.env.ONLY_ROLLING === '1' ? 'rolling' : ''))
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
for (const part of ONLY) if (!PARTS[part]) throw new Error(`ONLY: no part "${part}" (${Object.keys(PARTS).join(', ')})`);

const TOTAL_TIMEOUT_MS = Number(process.env.TEST_COMPOSE_TIMEOUT_MS ?? 60 * 60_000);

async function main() {
  if (ONLY.length > 0) {
    await shAsync(['wait'], { timeoutMs: 300_000 });
    for (const part of ONLY) await PARTS[part]();
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
    check(await browserJourneys(), `browser journeys through nginx (${JOURNEYS.join(', ')}) in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  const kept = await apiJourney();
  await liveThroughNginx();

  await shAsync(['compose', 'restart'], { timeoutMs: 300_000 });
  await shAsync(['wait'], { timeoutMs: 300_000 });
  await stillThere(kept, 'after compose restart');
  await shAsync(['stop'], { timeoutMs: 300_000 });
  const again = Date.now();
  await shAsync(['up'], { timeoutMs: 15 * 60_000, env: { SKIP_IMAGES: '1' } });
  figure(`down (volumes kept) then up to healthy: ${((Date.now() - again) / 1000).toFixed(0)} s`);
  await stillThere(kept, 'after down and up');

  await singleReplicaRestart();
  await edge();
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
  if (process.env.KEEP_UP !== '1' && ONLY.length === 0) {
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
