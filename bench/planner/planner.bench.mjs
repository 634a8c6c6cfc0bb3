// The route planner, two suites (SUITE=days,tsptw; both by default).
//
// Suite "days": realistic days: how long it takes to plan 25 to 400 sales, how many it fits and how much driving it leaves, against a nearest-neighbour baseline (always drive to
// the nearest sale you can still visit in its hours, as a person with a map would).
//
// Days: sales within 25 miles of a start point (a few US metros), opening hours between 07:00 and
// 17:00 (morning, all-day and afternoon sales, 1 to 10 hours), 15 minutes per stop, leaving at
// 08:00; travel is the planner's default (great-circle × 1.3 at 30 mph). Each size is planned on
// INSTANCES different days, each REPEAT times, after a warm-up; every plan is replayed to check it
// keeps every window. Target: 100 stops in < 300 ms.
//
// Suite "tsptw": the 130 published TSPTW instances of bench/planner/tsptw (see its README), each
// planned once on its travel-time matrix (`planOnMatrix`), the open path closed by a copy of the
// depot that opens after every customer has closed, 0-minute visits; every plan is replayed
// against the original windows and matrix (./tsptw.mjs). Prints the gap to best-known by
// family/size/width and by window width, how many are at best-known, how many are feasible, and
// wall and processor time per instance. Goal (issue 37): mean gap ≤ 0.3 %, worst ≤ 1 %, every plan
// feasible, each instance ≤ 1 s. ONLY=<regexp on "family/name"> picks instances, VERBOSE=1 prints
// each one.
//
// Builds the shopper service first (tsc -b services/shopper); if that project does not build, the
// planner's own files are compiled alone into node_modules/.cache/garage-bench-planner.
//
// Run: npm run bench:planner
// Options: SUITE=days,tsptw INSTANCES=20 REPEAT=3 SIZES=25,50,100,200,400 ONLY= VERBOSE=1 SKIP_BUILD=1 (use services/shopper/dist as it is)
//          BUILD=alone (compile only the planner's files)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { day } from './days.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const instances = Number(process.env.INSTANCES ?? 20);
const repeat = Number(process.env.REPEAT ?? 3);
const sizes = (process.env.SIZES ?? '25,50,100,200,400').split(',').map(Number);
const suites = (process.env.SUITE ?? 'days,tsptw').split(',');
const only = process.env.ONLY ? new RegExp(process.env.ONLY) : null;
const tsc = path.join(root, 'node_modules/.bin/tsc');

// 1. The planner, built.
function build() {
  const dist = path.join(root, 'services/shopper/dist/route-plans');
  if (process.env.SKIP_BUILD === '1' && existsSync(path.join(dist, 'planner.js'))) return dist;
  if (process.env.BUILD !== 'alone') {
    try {
      execFileSync(tsc, ['-b', 'services/shopper'], { cwd: root, stdio: 'pipe' });
      return dist;
    } catch (error) {
      console.warn(`tsc -b services/shopper failed (${String(error.stdout ?? error).split('\n')[0]}); compiling the planner alone.`);
    }
  }
  // Inside the repository's node_modules, so that "@garage/contracts" resolves from the output.
  const out = path.join(root, 'node_modules/.cache/garage-bench-planner');
  execFileSync(tsc, ['-b', 'libs/contracts'], { cwd: root, stdio: 'inherit' });
  execFileSync(
    tsc,
    [
      ...['--outDir', out, '--rootDir', 'services/shopper/src', '--module', 'nodenext', '--moduleResolution', 'nodenext'],
      ...['--target', 'ES2022', '--strict', '--skipLibCheck', '--types', 'node', '--declaration', 'false'],
      'services/shopper/src/route-plans/planner.ts',
      'services/shopper/src/route-plans/travel.ts',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  return path.join(out, 'route-plans');
}
const built = build();
const { planRoute, planOnMatrix } = await import(pathToFileURL(path.join(built, 'planner.js')).href);
const { greatCircleTravel } = await import(pathToFileURL(path.join(built, 'travel.js')).href);
const travel = greatCircleTravel();

// 2. Days of sales (./days.mjs).

// 3. The baseline: nearest sale that can still be visited, until none can.
function nearestNeighbour(request) {
  const service = request.minutesPerStop;
  const left = new Set(request.stops);
  let at = request.start;
  let time = request.startAt;
  let stops = 0;
  let drive = 0;
  for (;;) {
    let best = null;
    for (const stop of left) {
      const minutes = travel.minutes(at, stop);
      if (Math.max(time + minutes, stop.opensAt) + service > stop.closesAt) continue;
      if (!best || minutes < best.minutes) best = { stop, minutes };
    }
    if (!best) return { stops, drive };
    left.delete(best.stop);
    time = Math.max(time + best.minutes, best.stop.opensAt) + service;
    drive += best.minutes;
    at = best.stop;
    stops++;
  }
}

/** Replays a plan; returns the number of windows it breaks (should be 0). */
function violations(request, plan) {
  const byId = new Map(request.stops.map((stop) => [stop.saleId, stop]));
  let at = request.start;
  let leave = request.startAt;
  let broken = 0;
  for (const planned of plan.stops) {
    const stop = byId.get(planned.saleId);
    const begin = Math.max(leave + travel.minutes(at, stop), stop.opensAt);
    leave = begin + request.minutesPerStop;
    if (leave > stop.closesAt + 1e-6) broken++;
    at = stop;
  }
  return broken;
}

// 4. Measure.
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const round = (value, digits = 1) => Number(value.toFixed(digits));

console.log(
  `Route planner bench: ${suites.join(' + ')}; ${cpus().length} CPU (${cpus()[0]?.model ?? 'unknown'}), load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`Planner from ${path.relative(root, built)}\n`);
const saved = { loadAverage: loadavg() };
let failed = false;

if (suites.includes('days')) {
  console.log(`Days of sales: ${instances} days per size, each planned ${repeat}×`);
  for (const size of sizes) for (let i = 0; i < 3; i++) planRoute(day(999 + i, size)); // warm-up (JIT)
  const results = [];
  for (const size of sizes) {
    const times = [];
    const planned = [];
    const drive = [];
    const baselineStops = [];
    const baselineDrive = [];
    let broken = 0;
    for (let instance = 0; instance < instances; instance++) {
      const request = day(size * 1000 + instance, size);
      let plan;
      for (let run = 0; run < repeat; run++) {
        const started = performance.now();
        plan = planRoute(request);
        times.push(performance.now() - started);
      }
      broken += violations(request, plan);
      planned.push(plan.stops.length);
      drive.push(plan.totalDriveMinutes);
      const baseline = nearestNeighbour(request);
      baselineStops.push(baseline.stops);
      baselineDrive.push(baseline.drive);
    }
    results.push({
      stops: size,
      'p50 ms': round(percentile(times, 50)),
      'p95 ms': round(percentile(times, 95)),
      'max ms': round(Math.max(...times)),
      planned: round(mean(planned)),
      'drive min': round(mean(drive)),
      'min/stop': round(mean(drive) / mean(planned), 2),
      'NN planned': round(mean(baselineStops)),
      'NN drive min': round(mean(baselineDrive)),
      'NN min/stop': round(mean(baselineDrive) / mean(baselineStops), 2),
      'broken windows': broken,
    });
  }
  console.table(results);
  console.log('planned / drive min: means over the days; NN = nearest-neighbour baseline on the same days.\n');
  saved.days = { instances, repeat, results };
  if (results.some((result) => result['broken windows'] > 0)) failed = true;
}

if (suites.includes('tsptw')) {
  // 5. Published TSPTW instances: the planner on each instance's matrix, every plan replayed.
  const { asMatrixRequest, listInstances, parseInstance, replay } = await import('./tsptw.mjs');
  const directory = path.join(root, 'bench/planner/tsptw');
  const chosen = listInstances(directory).filter((entry) => !only || only.test(`${entry.family}/${entry.name}`));
  console.log(`Published TSPTW instances (bench/planner/tsptw): ${chosen.length}, each planned once after a warm-up`);
  const warm = asMatrixRequest(parseInstance(chosen[0].file));
  planOnMatrix(warm);
  const rows = [];
  for (const entry of chosen) {
    const instance = parseInstance(entry.file);
    const request = asMatrixRequest(instance);
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const plan = planOnMatrix(request);
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const check = replay(instance, plan.order);
    const gap = check.feasible ? (100 * (check.length - entry.bestKnown)) / entry.bestKnown : null;
    rows.push({
      ...entry,
      ms,
      cpuMs,
      length: check.length,
      feasible: check.feasible,
      visited: check.visited,
      gap,
      problems: check.problems,
    });
    if (process.env.VERBOSE === '1' || !check.feasible)
      console.log(
        `${entry.family}/${entry.name}: ${check.feasible ? `${check.length} vs ${entry.bestKnown} (${gap.toFixed(2)} %)` : `NOT FEASIBLE: ${check.problems.slice(0, 3).join('; ')}`}, ${ms.toFixed(0)} ms`,
      );
  }
  const summarise = (group) => {
    const feasible = group.filter((row) => row.feasible);
    const gaps = feasible.map((row) => row.gap);
    return {
      instances: group.length,
      feasible: feasible.length,
      'at best-known': feasible.filter((row) => row.length <= row.bestKnown).length,
      'mean gap %': gaps.length ? round(mean(gaps), 3) : null,
      'worst gap %': gaps.length ? round(Math.max(...gaps), 3) : null,
      'mean ms': round(mean(group.map((row) => row.ms)), 0),
      'max ms': round(Math.max(...group.map((row) => row.ms)), 0),
      'max CPU ms': round(Math.max(...group.map((row) => row.cpuMs)), 0),
    };
  };
  const groups = new Map();
  for (const row of rows) {
    const key = `${row.family} n${row.n} w${row.width}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(row);
  }
  const byGroup = Object.fromEntries([...groups].map(([key, group]) => [key, summarise(group)]));
  console.table(byGroup);
  const byWidth = new Map();
  for (const row of rows) {
    const key = row.width <= 60 ? 'w ≤ 60' : row.width <= 120 ? 'w 80–120' : 'w 140–200';
    if (!byWidth.has(key)) byWidth.set(key, []);
    byWidth.get(key).push(row);
  }
  const widths = Object.fromEntries([...byWidth].map(([key, group]) => [key, summarise(group)]));
  const all = summarise(rows);
  console.table({ ...widths, all });
  const worst = rows.filter((row) => row.feasible).sort((a, b) => b.gap - a.gap)[0];
  console.log(
    `TSPTW: mean gap ${all['mean gap %']} %, worst ${all['worst gap %']} % (${worst ? `${worst.family}/${worst.name}` : '-'}), ${all['at best-known']}/${rows.length} at best-known, ` +
      `${all.feasible}/${rows.length} feasible, time per instance mean ${all['mean ms']} ms / max ${all['max ms']} ms (max CPU ${all['max CPU ms']} ms).`,
  );
  console.log('Goal: mean gap ≤ 0.3 %, worst ≤ 1 %, every plan feasible, each instance ≤ 1 s.\n');
  saved.tsptw = { summary: all, byWidth: widths, byGroup, instances: rows.map(({ file: _file, ...row }) => row) };
  if (all.feasible < rows.length) failed = true;
}

mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const file = path.join(root, 'bench/results', `planner-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify(saved, null, 2));
console.log(`results saved to ${path.relative(root, file)}`);
if (failed) process.exitCode = 1;
