// Generated days of garage sales for the planner benches (planner.bench.mjs, compare.bench.mjs).

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

const METROS = [
  { name: 'Columbus, OH', latitude: 39.9612, longitude: -82.9988 },
  { name: 'Dallas, TX', latitude: 32.7767, longitude: -96.797 },
  { name: 'Sacramento, CA', latitude: 38.5816, longitude: -121.4944 },
  { name: 'Minneapolis, MN', latitude: 44.9778, longitude: -93.265 },
];
// Opening hours as (opens, closes) in minutes: mostly mornings, some all day, some afternoons.
const HOURS = [
  [420, 720],
  [420, 780],
  [480, 720],
  [480, 840],
  [480, 960],
  [480, 1020],
  [450, 690],
  [540, 900],
  [540, 1020],
  [600, 960],
  [720, 1020],
  [780, 1020],
  [480, 600],
  [420, 540],
];

export function day(seed, count) {
  const next = seeded(seed);
  const metro = METROS[seed % METROS.length];
  const stops = [];
  for (let i = 0; i < count; i++) {
    // Denser near the centre, as sales are; at most 25 miles out.
    const miles = 25 * Math.sqrt(next()) * (0.4 + 0.6 * next());
    const angle = next() * 2 * Math.PI;
    const [opensAt, closesAt] = HOURS[Math.floor(next() * HOURS.length)];
    stops.push({
      saleId: i + 1,
      title: `Sale ${i + 1}`,
      latitude: metro.latitude + (miles * Math.sin(angle)) / 69,
      longitude: metro.longitude + (miles * Math.cos(angle)) / (69 * Math.cos((metro.latitude * Math.PI) / 180)),
      opensAt,
      closesAt,
    });
  }
  return { start: { latitude: metro.latitude, longitude: metro.longitude }, startAt: 480, minutesPerStop: 15, stops };
}

/**
 * A day whose hours fit one route through all of its sales (as in planner.complete.spec.ts): 59
 * sales visited along a random route, each opening up to 2 hours before that route gets there and
 * closing up to 30 minutes after its visit. A complete plan exists; the planner should find one.
 */
export function completeDay(seed, travel, count = 59) {
  const next = seeded(seed);
  const start = { latitude: 41.88, longitude: -87.63 };
  let at = start;
  let clock = 480;
  const stops = [];
  for (let i = 0; i < count; i++) {
    const point = { latitude: start.latitude + (next() - 0.5) * 0.15, longitude: start.longitude + (next() - 0.5) * 0.2 };
    clock += travel.minutes(at, point);
    stops.push({
      saleId: i + 1,
      title: `Sale ${i + 1}`,
      ...point,
      opensAt: Math.floor(clock - next() * 120),
      closesAt: Math.ceil(clock + 15 + next() * 30),
    });
    clock += 15;
    at = point;
  }
  return { start, startAt: 480, stops, minutesPerStop: 15 };
}

/**
 * A community sale's day as `npm run bench:route-plan` makes it: `count` sales within 2 miles of
 * a town centre, open 07:00–17:00 (a fifth 08:00–12:00), 5 minutes per stop, leaving at 07:00.
 */
export function communityDay(count = 400, seed = 2026) {
  const next = seeded(seed);
  const centre = { latitude: 30.2672, longitude: -97.7431 };
  const stops = [];
  for (let i = 0; i < count; i++) {
    const miles = 2 * Math.sqrt(next());
    const angle = next() * 2 * Math.PI;
    const morning = next() < 0.2;
    stops.push({
      saleId: i + 1,
      title: `Community sale stop ${i + 1}`,
      latitude: centre.latitude + (miles * Math.sin(angle)) / 69,
      longitude: centre.longitude + (miles * Math.cos(angle)) / (69 * Math.cos((centre.latitude * Math.PI) / 180)),
      opensAt: morning ? 480 : 420,
      closesAt: morning ? 720 : 1020,
    });
  }
  return { start: centre, startAt: 420, stops, minutesPerStop: 5 };
}
