#!/usr/bin/env node
/**
 * `npm test` for the browser journeys (web/e2e/*.e2e.mjs): starts the stack topology
 * (deploy/standalone/dist/stack.js: each service and the gateway as its own process) isolated like
 * every other test — its own database, exchange, queue prefix and DATA_DIR from
 * `serviceTestEnv()`, free ports — runs the journeys against it, then stops every process and
 * removes what it created, whether the journeys passed or not.
 *
 * Environment: CHROMIUM (default /usr/bin/chromium), E2E_FILTER (a regular expression on the
 * journey file names, to run some of them).
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
const journeysDir = path.join(root, 'web/e2e');
const resultsDir = path.join(root, 'test-results/e2e');
const tapFile = path.join(resultsDir, 'journeys.tap');
const stackLog = path.join(resultsDir, 'stack.log');
const started = Date.now();

function fail(message) {
  process.stderr.write(`e2e: ${message}\n`);
  writeCounts({ passed: 0, failed: 1, skipped: 0 });
  process.exit(1);
}

/** The counts `npm test` adds up in its last line (libs/testing/test-summary.mjs). */
function writeCounts(counts) {
  const dir = path.join(root, '.test-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'e2e.json'), JSON.stringify(counts));
}

// What the run needs, checked before anything is created, each with the command that fixes it.
const stackEntry = path.join(root, 'deploy/standalone/dist/stack.js');
if (!existsSync(chromium)) {
  fail(`${chromium} is missing. The journeys drive Debian's Chromium: apt-get install -y chromium (or set CHROMIUM).`);
}
if (!existsSync(path.join(root, 'web/dist/index.html')))
  fail('web/dist/index.html is missing: build the SPA first (npm run build -w @garage/web).');
if (!existsSync(stackEntry)) fail('deploy/standalone/dist/stack.js is missing: build first (npm run build).');
let SERVICES;
try {
  ({ SERVICES } = await import(path.join(root, 'deploy/standalone/dist/services.js')));
} catch (error) {
  fail(`cannot load the service list (deploy/standalone/dist/services.js): ${error.message}. Build first (npm run build).`);
}
for (const entry of [...SERVICES.map((service) => `services/${service.definition.name}/dist/main.js`), 'gateway/dist/main.js']) {
  if (!existsSync(path.join(root, entry))) fail(`${entry} is missing: build first (npm run build).`);
}
const journeys = readdirSync(journeysDir)
  .filter((file) => file.endsWith('.e2e.mjs'))
  .filter((file) => !process.env.E2E_FILTER || new RegExp(process.env.E2E_FILTER).test(file))
  .sort()
  .map((file) => path.join(journeysDir, file));
if (journeys.length === 0) fail(`no journeys (*.e2e.mjs) in ${journeysDir}`);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// Its own database (garage_e2e_*), exchange, queue prefix and DATA_DIR, as every service test has.
let isolated;
try {
  const { serviceTestEnv } = await import('@garage/testing');
  isolated = await serviceTestEnv(
    {
      LOG_LEVEL: 'warn',
      // Every journey registers its own users, all from 127.0.0.1.
      REGISTRATIONS_PER_IP: '10000',
      // ...and every page and helper call comes from that one address too: the gateway's
      // per-client budget is counted but set above what a run sends.
      REQUESTS_PER_MINUTE: '1000000',
      OTEL_METRICS_EXPORTER: 'none',
      OTEL_LOGS_EXPORTER: 'none',
      OTEL_TRACES_EXPORTER: 'none',
    },
    { databasePrefix: 'garage_e2e' },
  );
} catch (error) {
  fail(`cannot prepare the isolated environment (libs/testing): ${error.message}`);
}
const gatewayPort = await freePort();
const ports = {};
for (const service of SERVICES) ports[`${service.definition.name.toUpperCase()}_PORT`] = String(await freePort());
const baseUrl = `http://127.0.0.1:${gatewayPort}`;

let stack = null;
let stackExit = null;
let cleaned = false;

async function stopStack() {
  if (!stack || stack.exitCode !== null || stack.signalCode !== null) return;
  const exited = new Promise((resolve) => stack.once('exit', resolve));
  stack.kill('SIGTERM'); // stack.js passes it on to every service and the gateway, and waits for them
  const timer = setTimeout(() => stack.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

async function tearDown() {
  if (cleaned) return;
  cleaned = true;
  await stopStack();
  await isolated.cleanup().catch((error) => process.stderr.write(`e2e: cleanup failed: ${error.message}\n`));
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    process.stderr.write(`e2e: ${signal}, stopping the stack\n`);
    void tearDown().then(() => process.exit(1));
  });
}

function run(command, args, env, output = 'inherit') {
  return spawn(command, args, { cwd: root, env, stdio: ['ignore', output, output] });
}

/** The stack's log (warnings and errors of every process) goes to a file; a failed run prints its end. */
function printStackLogTail(lines = 60) {
  // The health polls while the stack starts (503 until every service is ready) say nothing useful.
  const log = existsSync(stackLog)
    ? readFileSync(stackLog, 'utf8')
        .split('\n')
        .filter((line) => line.trim() && !line.includes('"url":"/api/health"'))
    : [];
  if (log.length === 0) return;
  process.stderr.write(
    `e2e: last ${Math.min(lines, log.length)} lines of ${path.relative(root, stackLog)}:\n${log.slice(-lines).join('\n')}\n`,
  );
}

async function waitHealthy(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stackExit) throw new Error(`the stack exited (${stackExit}) before it became healthy`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the stack did not become healthy within ${timeoutMs / 1000} s`);
}

let code = 1;
let counts = { passed: 0, failed: 1, skipped: 0 };
try {
  rmSync(resultsDir, { recursive: true, force: true });
  mkdirSync(resultsDir, { recursive: true });
  const logFd = openSync(stackLog, 'a');
  stack = run(
    process.execPath,
    [stackEntry],
    { ...process.env, ...isolated.env, ...ports, PORT: String(gatewayPort), WEB_DIST: path.join(root, 'web/dist') },
    logFd,
  );
  closeSync(logFd);
  stack.on('exit', (exitCode, signal) => {
    stackExit = exitCode ?? signal;
  });
  await waitHealthy(90_000);
  process.stdout.write(
    `e2e: stack healthy at ${baseUrl} after ${((Date.now() - started) / 1000).toFixed(1)} s; ${journeys.length} journey files\n`,
  );

  const tests = run(
    process.execPath,
    [
      '--test',
      '--test-concurrency=1',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tapFile}`,
      ...journeys,
    ],
    { ...process.env, BASE_URL: baseUrl, CHROMIUM: chromium, E2E_RESULTS_DIR: resultsDir },
  );
  code = await new Promise((resolve) => tests.on('exit', (exitCode) => resolve(exitCode ?? 1)));
  if (stackExit) {
    process.stderr.write(`e2e: the stack stopped during the run (${stackExit})\n`);
    code ||= 1;
  }
  const tap = existsSync(tapFile) ? readFileSync(tapFile, 'utf8') : '';
  const count = (name) => Number(tap.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
  counts = { passed: count('pass'), failed: count('fail') + count('cancelled'), skipped: count('skipped') + count('todo') };
  if (code !== 0 && counts.failed === 0) counts.failed = 1; // the runner itself failed
} catch (error) {
  process.stderr.write(`e2e: ${error.message}\n`);
  code = 1;
} finally {
  await tearDown();
}
if (code !== 0) printStackLogTail();
writeCounts(counts);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
process.stdout.write(
  `e2e: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''} in ${seconds} s` +
    (counts.failed ? ` (screenshots of the failures in ${path.relative(root, resultsDir)}/)` : '') +
    '\n',
);
process.exit(code);
