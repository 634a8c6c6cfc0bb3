// How long a community sale's printout takes to make (`GET /api/community-sales/{id}/print.pdf`
// without the database): the PDF of 150 and 400 sales, each made RUNS times after a warm-up, in one
// process: wall-clock p50/p95/max, and the median CPU time of a run (steadier than the wall clock
// on a loaded machine). Target: 400 sales in <= 2 s.
//
// Sales: a town's sale day, placed at the centres of 8 ZIP codes (as the sales service places
// them), two days with hours, up to 6 categories each, titles of 30-70 characters, addresses with
// and without a unit; printed for a visitor (every street cut from its address) and for a member.
//
// Builds libs/print first (tsc -b libs/print).
//
// Run: npm run bench:print
// Options: RUNS=20 SIZES=150,400 SKIP_BUILD=1 (use libs/print/dist as it is)
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { percentile } from '../stats.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const runs = Number(process.env.RUNS ?? 20);
const sizes = (process.env.SIZES ?? '150,400').split(',').map(Number);
const TARGET_MS = 2000;

if (process.env.SKIP_BUILD !== '1')
  execFileSync(path.join(root, 'node_modules/.bin/tsc'), ['-b', 'libs/print'], { cwd: root, stdio: 'inherit' });
const { communitySalePrintout } = await import(pathToFileURL(path.join(root, 'libs/print/dist/index.js')).href);

const STREETS = [
  'Maple St',
  'Oak Ave',
  'W 5th St',
  'Cedar Ln',
  'N Lamar Blvd',
  'Riverside Dr',
  'Elm Ct',
  'S Congress Ave',
  'Bluebonnet Ln',
  'Barton Springs Rd',
];
const CATEGORIES = ['Electronics', 'Furniture', 'Clothing', 'Books', 'Toys', 'Sports', 'Kitchen', 'Tools', 'Garden', 'Other'];
const WORDS = [
  'vintage',
  'kids',
  'moving',
  'estate',
  'multi-family',
  'records',
  'tools',
  'quilts',
  'bikes',
  'baby gear',
  'antiques',
  'books',
];
const ZIP_CENTRES = [
  [30.2672, -97.7431],
  [30.2849, -97.7341],
  [30.2506, -97.7649],
  [30.3072, -97.7559],
  [30.2296, -97.7177],
  [30.2411, -97.7892],
  [30.3211, -97.7049],
  [30.2183, -97.7707],
];

function random(seed) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function communitySale(count, audience) {
  const next = random(count);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const entries = Array.from({ length: count }, (_, index) => {
    const [latitude, longitude] = pick(ZIP_CENTRES);
    const street = pick(STREETS);
    const house = 100 + Math.floor(next() * 9900);
    const title = `${pick(WORDS)} ${pick(WORDS)} and ${pick(WORDS)} sale${next() < 0.5 ? ` on ${street}, everything must go` : ''}`;
    return {
      number: index + 1,
      title: title[0].toUpperCase() + title.slice(1),
      address: next() < 0.2 ? `${house} ${street}, Apt ${1 + Math.floor(next() * 20)}` : `${house} ${street}`,
      street: null,
      latitude,
      longitude,
      hours: [
        { date: '2026-05-16', startTime: '07:00', endTime: next() < 0.5 ? '13:00' : '15:30' },
        ...(next() < 0.7 ? [{ date: '2026-05-17', startTime: '08:00', endTime: '12:00' }] : []),
      ],
      categories: CATEGORIES.filter(() => next() < 0.35),
      itemCount: Math.floor(next() * 80),
    };
  });
  return {
    name: 'South Austin Spring Neighborhood Sale',
    description: 'Two days, one town: garage sales from Bouldin to Zilker. Look for the green balloons; maps at the library.',
    days: [
      { date: '2026-05-16', startTime: '07:00', endTime: '15:30' },
      { date: '2026-05-17', startTime: '08:00', endTime: '12:00' },
    ],
    rainDate: '2026-05-23',
    latitude: 30.2672,
    longitude: -97.7431,
    radiusMiles: 6,
    zipCodes: [],
    pageUrl: 'https://garage.example/community-sales/6f1c2a9e-5d1b-4c7e-9a44-1b2c3d4e5f60',
    audience,
    entries,
  };
}

const round = (ms) => Math.round(ms);

console.log(
  `print.pdf: ${runs} runs per size after a warm-up; ${cpus().length} cores, load ${loadavg()[0].toFixed(2)}; Node ${process.version}`,
);
const rows = [];
let worst400 = 0;
for (const size of sizes) {
  for (const audience of ['visitor', 'member']) {
    const input = communitySale(size, audience);
    const warm = await communitySalePrintout(input);
    const times = [];
    const cpu = [];
    for (let run = 0; run < runs; run++) {
      const start = performance.now();
      const startCpu = process.cpuUsage();
      await communitySalePrintout(input);
      times.push(performance.now() - start);
      const used = process.cpuUsage(startCpu);
      cpu.push((used.user + used.system) / 1000);
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    if (size === 400) worst400 = Math.max(worst400, p95);
    rows.push({
      sales: size,
      audience,
      'p50 ms': round(percentile(times, 50)),
      'p95 ms': round(p95),
      'max ms': round(times.at(-1)),
      'CPU p50 ms': round(percentile(cpu, 50)),
      KB: Math.round(warm.length / 1024),
    });
  }
}
console.table(rows);
if (sizes.includes(400))
  console.log(`target 400 sales <= ${TARGET_MS} ms at p95: ${worst400 <= TARGET_MS ? 'met' : 'NOT met'} (${round(worst400)} ms)`);
