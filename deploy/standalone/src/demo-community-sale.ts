import { CATALOGUE, type DemoItem } from './demo-catalogue.js';
import { PEOPLE, SHOPPERS } from './demo-town.js';

/**
 * The demo town's community sale: central Austin's neighbourhoods, three miles around Hyde Park,
 * the coming weekend (Saturday and Sunday) with a rain date the Saturday after, organised by the
 * demo account. 150 sales join it, each with one item, the other hosts taking turns.
 */
export const DEMO_COMMUNITY_SALE_SALES = 150;

/** Hyde Park (78751): the area's centre. */
const CENTRE = { latitude: 30.3093, longitude: -97.7242 };

/** ZIPs within three miles of the centre (a sale is placed at its ZIP's centre), a neighbourhood and streets of each. */
const PLACES: Array<[string, string, string[]]> = [
  ['78751', 'Hyde Park', ['Avenue B', 'Avenue F', 'Duval St', 'Speedway', 'Avenue H']],
  ['78705', 'North University', ['Rio Grande St', 'Nueces St', 'West Ave', 'San Gabriel St']],
  ['78722', 'Cherrywood', ['Cherrywood Rd', 'Maplewood Ave', 'Wilshire Blvd']],
  ['78756', 'Rosedale', ['Shoal Creek Blvd', 'W 45th St', 'Ramsey Ave']],
  ['78752', 'St. Johns', ['Bruning Ave', 'Dungan Ln', 'Blessing Ave']],
  ['78757', 'Allandale', ['Greenlawn Pkwy', 'Shoalwood Ave', 'Twin Oaks Dr']],
  ['78723', 'Windsor Park', ['Berkman Dr', 'Westminster Dr', 'Patton Ln']],
];

const HOURS: Array<[string, string]> = [
  ['07:00', '12:00'],
  ['08:00', '14:00'],
  ['08:00', '13:00'],
  ['09:00', '15:00'],
];

export interface DemoCommunitySale {
  name: string;
  description: string;
  latitude: number;
  longitude: number;
  radiusMiles: number;
  days: Array<{ date: string; startTime: string; endTime: string }>;
  rainDate: string;
  requiresApproval: boolean;
}

export interface DemoCommunitySaleEntry {
  host: number;
  title: string;
  address: string;
  zipCode: string;
  /** 0: Saturday, 1: Sunday; `days` 2 is the whole weekend. */
  firstDay: number;
  days: number;
  startTime: string;
  endTime: string;
  item: DemoItem;
}

/** The Saturday at least two days ahead of `today` (YYYY-MM-DD), so the weekend is always to come. */
export function comingSaturday(today: string): string {
  const date = new Date(`${today}T12:00:00Z`);
  let ahead = (6 - date.getUTCDay() + 7) % 7;
  if (ahead < 2) ahead += 7;
  date.setUTCDate(date.getUTCDate() + ahead);
  return date.toISOString().slice(0, 10);
}

function plusDays(date: string, days: number): string {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

export function demoCommunitySale(today: string): DemoCommunitySale {
  const saturday = comingSaturday(today);
  return {
    name: 'Central Austin Neighborhoods Garage Sale',
    description:
      'Hyde Park, North University, Cherrywood, Rosedale, St. Johns, Allandale and Windsor Park sell on the same weekend. ' +
      'Pick up a printed map at the Hyde Park library, or plan your route here.',
    ...CENTRE,
    radiusMiles: 3,
    days: [
      { date: saturday, startTime: '07:00', endTime: '15:00' },
      { date: plusDays(saturday, 1), startTime: '09:00', endTime: '14:00' },
    ],
    rainDate: plusDays(saturday, 7),
    requiresApproval: false,
  };
}

/** The same 150 sales on every seed (a fixed rotation): Saturday, Sunday or both, four kinds of hours. */
export function demoCommunitySaleEntries(): DemoCommunitySaleEntry[] {
  const hosts = Array.from({ length: PEOPLE.length }, (_, index) => index).filter((index) => index !== 0 && !SHOPPERS.includes(index));
  return Array.from({ length: DEMO_COMMUNITY_SALE_SALES }, (_, index) => {
    const [zipCode, neighbourhood, streets] = PLACES[index % PLACES.length]!;
    const street = streets[Math.floor(index / PLACES.length) % streets.length]!;
    const [startTime, endTime] = HOURS[index % HOURS.length]!;
    const both = index % 3 === 0;
    return {
      host: hosts[index % hosts.length]!,
      title: `${neighbourhood} sale on ${street}`,
      address: `${200 + ((index * 53) % 4700)} ${street}`,
      zipCode,
      firstDay: both ? 0 : index % 2,
      days: both ? 2 : 1,
      startTime,
      endTime,
      item: CATALOGUE[(index * 7) % CATALOGUE.length]!,
    };
  });
}
