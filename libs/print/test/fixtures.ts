import type { CommunitySalePrintEntry, CommunitySalePrintInput } from '../src/index.js';

const STREETS = ['Maple St', 'Oak Ave', 'W 5th St', 'Cedar Ln', 'N Lamar Blvd', 'Riverside Dr', 'Elm Ct', 'S Congress Ave'];
const CATEGORIES = ['Furniture', 'Books', 'Toys', 'Clothing', 'Electronics', 'Tools', 'Kitchen', 'Sports'];

/** A few ZIP centroids around Austin: sales are placed at their ZIP's centre, so many share one. */
const ZIP_CENTRES = [
  { latitude: 30.2672, longitude: -97.7431 },
  { latitude: 30.2849, longitude: -97.7341 },
  { latitude: 30.2506, longitude: -97.7649 },
  { latitude: 30.3072, longitude: -97.7559 },
  { latitude: 30.2296, longitude: -97.7177 },
];

/** A deterministic pseudo-random sequence (mulberry32), so a fixture is the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` sales numbered 1..count; house numbers are 4 digits from 1000, so a leak is easy to spot. */
export function entries(count: number, seed = 7): CommunitySalePrintEntry[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, index) => {
    const house = 1000 + Math.floor(next() * 8999);
    const street = STREETS[index % STREETS.length]!;
    const centre = ZIP_CENTRES[Math.floor(next() * ZIP_CENTRES.length)]!;
    const address = index % 5 === 0 ? `${house} ${street}, Apt ${1 + (index % 9)}` : `${house} ${street}`;
    return {
      number: index + 1,
      title: `Sale ${index + 1}: ${CATEGORIES[index % CATEGORIES.length]} and more from the ${street.split(' ').at(-2)} family`,
      address,
      street: null,
      latitude: centre.latitude,
      longitude: centre.longitude,
      hours: [
        { date: '2026-05-16', startTime: '08:00', endTime: index % 3 === 0 ? '14:00' : '12:30' },
        { date: '2026-05-17', startTime: '09:00', endTime: '13:00' },
      ],
      categories: CATEGORIES.filter((_, c) => (index + c) % 3 === 0),
      itemCount: Math.floor(next() * 60),
    };
  });
}

export function communitySale(count: number, overrides: Partial<CommunitySalePrintInput> = {}): CommunitySalePrintInput {
  return {
    name: 'Bouldin Creek Neighborhood Sale',
    description: 'Two days of garage sales across the neighborhood. Maps at the church on Saturday morning.',
    days: [
      { date: '2026-05-16', startTime: '08:00', endTime: '14:00' },
      { date: '2026-05-17', startTime: '09:00', endTime: '13:00' },
    ],
    rainDate: '2026-05-23',
    latitude: 30.2672,
    longitude: -97.7431,
    radiusMiles: 5,
    zipCodes: [],
    pageUrl: 'https://garage.example/community-sales/6f1c2a9e-5d1b-4c7e-9a44-1b2c3d4e5f60',
    audience: 'member',
    entries: entries(count),
    ...overrides,
  };
}
