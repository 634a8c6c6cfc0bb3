// Two (or more) builds of the route planner side by side, interleaved plan by plan so that every
// build sees the same load on a shared machine. Gaps and plans are deterministic; processor time
// is what the comparison is for.
//
// Suites (SUITE=tsptw,days,community,complete; all by default):
// - tsptw: the published TSPTW instances (as planner.bench.mjs): gap to best-known, processor time.
// - days: generated days of SIZES sales (planner.bench.mjs's days), INSTANCES days each planned
//   REPEAT times per build: processor time per plan, stops planned, driving.
// - community: a community sale's day of 400 sales (as bench:route-plan makes it), planned RUNS
//   times per build: processor time per plan, and whether every build gives the same plan.
// - complete: COMPLETE_DAYS generated 59-sale days whose hours fit a route through all of them
//   (seeds 1..COMPLETE_DAYS, as planner.complete.spec.ts): how many are planned complete.
//
// Run: node bench/planner/compare.bench.mjs <old build>/route-plans <new build>/route-plans
// (folders with planner.js and travel.js, e.g. compiled as planner.bench.mjs does with BUILD=alone).
// Options: SUITE=tsptw,days,community,complete ONLY=<regexp on "family/name"> VERBOSE=1 SIZES=100,400
//          INSTANCES=5 REPEAT=2 RUNS=10 COMPLETE_DAYS=30
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { communityDay, completeDay, day } from './days.mjs';
import { asMatrixRequest, listInstances, parseInstance, replay } from './tsptw.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const suites = (process.env.SUITE ?? 'tsptw,days,community,complete').split(',');
const only = process.env.ONLY ? new RegExp(process.env.ONLY) : null;
const verbose = process.env.VERBOSE === '1';
const builds = process.argv.slice(2).map((folder) => path.resolve(folder));
const planners = await Promise.all(builds.map((folder) => import(pathToFileURL(path.join(folder, 'planner.js')).href)));
const { greatCircleTravel } = await import(pathToFileURL(path.join(builds[0], 'travel.js')).href);
const names = builds.map((folder) => path.relative(root, folder));
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const p95 = (values) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(0.95 * values.length) - 1)];
const cpuOf = (run) => {
  const before = process.cpuUsage();
  const result = run();
  const used = process.cpuUsage(before);
  return { result, cpu: (used.user + used.system) / 1000 };
};
console.log(
  `Planner builds compared: ${names.join(' vs ')}; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

if (suites.includes('tsptw')) {
  const chosen = listInstances(path.join(root, 'bench/planner/tsptw')).filter(
    (entry) => !only || only.test(`${entry.family}/${entry.name}`),
  );
  const stats = planners.map(() => ({ gaps: [], cpu: [], atBest: 0, feasible: 0, byWidth: {}, worst: '' }));
  const warm = asMatrixRequest(parseInstance(chosen[0].file));
  for (const planner of planners) planner.planOnMatrix(warm);
  for (const entry of chosen) {
    const instance = parseInstance(entry.file);
    const line = planners.map((planner, index) => {
      const { result: plan, cpu } = cpuOf(() => planner.planOnMatrix(asMatrixRequest(instance)));
      const check = replay(instance, plan.order);
      const gap = check.feasible ? (100 * (check.length - entry.bestKnown)) / entry.bestKnown : NaN;
      const s = stats[index];
      s.cpu.push(cpu);
      if (check.feasible) {
        s.feasible++;
        if (!(gap <= Math.max(...s.gaps))) s.worst = `${entry.family}/${entry.name}`;
        s.gaps.push(gap);
        if (check.length <= entry.bestKnown) s.atBest++;
        const width = entry.width <= 60 ? 'w ≤ 60' : entry.width <= 120 ? 'w 80–120' : 'w 140–200';
        (s.byWidth[width] ??= []).push(gap);
      }
      return `${check.feasible ? gap.toFixed(2) : 'LATE'} % ${cpu.toFixed(0)} ms`;
    });
    if (verbose) console.log(`${entry.family}/${entry.name}: ${line.join(' | ')}`);
  }
  console.log(`Published TSPTW instances: ${chosen.length}`);
  console.table(
    Object.fromEntries(
      stats.map((s, index) => [
        names[index],
        {
          feasible: s.feasible,
          'at best-known': s.atBest,
          'mean gap %': Number(mean(s.gaps).toFixed(3)),
          'worst gap %': Number(Math.max(...s.gaps).toFixed(3)),
          worst: s.worst,
          ...Object.fromEntries(Object.entries(s.byWidth).map(([width, gaps]) => [`${width} %`, Number(mean(gaps).toFixed(3))])),
          'mean CPU ms': Math.round(mean(s.cpu)),
          'max CPU ms': Math.round(Math.max(...s.cpu)),
        },
      ]),
    ),
  );
}

if (suites.includes('days')) {
  const sizes = (process.env.SIZES ?? '100,400').split(',').map(Number);
  const instances = Number(process.env.INSTANCES ?? 5);
  const repeat = Number(process.env.REPEAT ?? 2);
  for (const size of sizes) for (const planner of planners) planner.planRoute(day(999, size)); // warm-up
  const rows = {};
  for (const size of sizes) {
    const stats = planners.map(() => ({ cpu: [], planned: [], drive: [] }));
    for (let instance = 0; instance < instances; instance++) {
      const request = day(size * 1000 + instance, size);
      for (let run = 0; run < repeat; run++) {
        planners.forEach((planner, index) => {
          const { result: plan, cpu } = cpuOf(() => planner.planRoute(request));
          stats[index].cpu.push(cpu);
          if (run === 0) {
            stats[index].planned.push(plan.stops.length);
            stats[index].drive.push(plan.totalDriveMinutes);
          }
        });
      }
    }
    stats.forEach((s, index) => {
      rows[`${size} sales, ${names[index]}`] = {
        'mean CPU ms': Math.round(mean(s.cpu)),
        'p95 CPU ms': Math.round(p95(s.cpu)),
        planned: Number(mean(s.planned).toFixed(1)),
        'drive min': Number(mean(s.drive).toFixed(1)),
      };
    });
  }
  console.log(`Days of sales (each build plans each day in turn)`);
  console.table(rows);
}

if (suites.includes('community')) {
  const runs = Number(process.env.RUNS ?? 10);
  const request = communityDay(400);
  const plans = planners.map((planner) => JSON.stringify(planner.planRoute(request))); // warm-up
  const cpu = planners.map(() => []);
  for (let run = 0; run < runs; run++) planners.forEach((planner, index) => cpu[index].push(cpuOf(() => planner.planRoute(request)).cpu));
  const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
  console.log(`A community sale's day: 400 sales, 5 minutes per stop, ${runs} plans per build`);
  console.table(
    Object.fromEntries(
      cpu.map((values, index) => [
        names[index],
        {
          'median CPU ms': Math.round(median(values)),
          'mean CPU ms': Math.round(mean(values)),
          'p95 CPU ms': Math.round(p95(values)),
          planned: JSON.parse(plans[index]).stops.length,
          'same plan as the first build': plans[index] === plans[0],
        },
      ]),
    ),
  );
}

if (suites.includes('complete')) {
  const days = Number(process.env.COMPLETE_DAYS ?? 30);
  const travel = greatCircleTravel();
  const stats = planners.map(() => ({ complete: 0, missing: [], cpu: [] }));
  for (let seed = 1; seed <= days; seed++) {
    const request = completeDay(seed, travel);
    planners.forEach((planner, index) => {
      const { result: plan, cpu } = cpuOf(() => planner.planRoute(request));
      stats[index].cpu.push(cpu);
      if (plan.unplanned.length === 0) stats[index].complete++;
      else stats[index].missing.push(`${seed}:${plan.unplanned.length}`);
    });
  }
  console.log(`Days with a complete route (59 sales, seeds 1–${days})`);
  console.table(
    Object.fromEntries(
      stats.map((s, index) => [
        names[index],
        {
          complete: s.complete,
          'missed (seed:stops)': s.missing.join(' '),
          'mean CPU ms': Math.round(mean(s.cpu)),
          'max CPU ms': Math.round(Math.max(...s.cpu)),
        },
      ]),
    ),
  );
}
