/** 3 and 5: restarts under load, one sales replica and then every service's replicas one at a time. */
import { spawnSync } from 'node:child_process';
import { startLoad } from './load.mjs';
import { check, describeLoad, figure, say } from './report.mjs';
import { containers, run, serviceFolders, shAsync, sleep } from './topology.mjs';

const CLIENTS = Number(process.env.CLIENTS ?? 32);

export async function singleReplicaRestart() {
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

/** How many log lines of the gateways since `since` carry each of `messages`. */
export function gatewayLogCounts(since, messages) {
  const lines = containers('gateway').flatMap((gateway) => {
    const logs = spawnSync('/usr/bin/docker', ['logs', '--since', since, gateway.id], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    return `${logs.stdout}${logs.stderr}`.split('\n');
  });
  return messages.map((message) => `${lines.filter((line) => line.includes(`"msg":"${message}"`)).length} "${message}"`).join(', ');
}

export async function rollingRestart() {
  const since = new Date().toISOString();
  const load = await startLoad(CLIENTS);
  await sleep(3000);
  const t0 = Date.now();
  let restarted = 0;
  for (const service of serviceFolders()) {
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
