import { CATALOGUE, type DemoItem } from './demo-catalogue.js';

/**
 * The demo town: Austin, Texas and its suburbs. Sales spread over the ZIPs of the metro (the sales
 * service places a sale at its ZIP's centre), over this week and the next, with varied hours; items
 * of every category and condition, each with a drawing of the thing (demo-photos/).
 */

/** Downtown Austin (Congress Avenue): where the demo's tools stand and its maps centre. */
export const DEMO_CENTER = { latitude: 30.2672, longitude: -97.7431, zipCode: '78701' } as const;

export interface DemoHost {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
}

export interface DemoSale {
  host: number;
  title: string;
  description: string;
  address: string;
  city: string;
  zipCode: string;
  startInDays: number;
  days: number;
  startTime: string;
  endTime: string;
  items: DemoItem[];
}

/** Host 0 is the printed demo account; the last two are shoppers whose pickups rate the hosts. */
export const PEOPLE: DemoHost[] = [
  { firstName: 'Dana', lastName: 'Demo', email: 'demo@garage.example', phone: '(512) 555-0142' },
  { firstName: 'Marcus', lastName: 'Lee', email: 'marcus@garage.example', phone: '(512) 555-0177' },
  { firstName: 'Priya', lastName: 'Shah', email: 'priya@garage.example', phone: null },
  { firstName: 'Rosa', lastName: 'Alvarez', email: 'rosa@garage.example', phone: '(512) 555-0119' },
  { firstName: 'Tom', lastName: 'Nguyen', email: 'tom@garage.example', phone: '(737) 555-0163' },
  { firstName: 'Keisha', lastName: 'Brooks', email: 'keisha@garage.example', phone: null },
  { firstName: 'Sam', lastName: 'Rivera', email: 'sam@garage.example', phone: null },
  { firstName: 'Jo', lastName: 'Kim', email: 'jo@garage.example', phone: null },
];
export const SHOPPERS = [6, 7];

const PLACES: Array<[zip: string, city: string, neighbourhood: string, street: string]> = [
  ['78704', 'Austin', 'Bouldin Creek', 'S 1st St'],
  ['78702', 'Austin', 'East Cesar Chavez', 'E 6th St'],
  ['78703', 'Austin', 'Tarrytown', 'Windsor Rd'],
  ['78705', 'Austin', 'West Campus', 'Rio Grande St'],
  ['78751', 'Austin', 'Hyde Park', 'Avenue F'],
  ['78756', 'Austin', 'Rosedale', 'Shoal Creek Blvd'],
  ['78757', 'Austin', 'Allandale', 'Greenlawn Pkwy'],
  ['78731', 'Austin', 'Northwest Hills', 'Far West Blvd'],
  ['78745', 'Austin', 'South Manchaca', 'Manchaca Rd'],
  ['78741', 'Austin', 'Riverside', 'Riverside Dr'],
  ['78723', 'Austin', 'Windsor Park', 'Berkman Dr'],
  ['78722', 'Austin', 'Cherrywood', 'Cherrywood Rd'],
  ['78721', 'Austin', 'MLK', 'Pershing Dr'],
  ['78744', 'Austin', 'Franklin Park', 'Pleasant Valley Rd'],
  ['78748', 'Austin', 'Shady Hollow', 'Brodie Ln'],
  ['78749', 'Austin', 'Village at Western Oaks', 'Davis Ln'],
  ['78759', 'Austin', 'Great Hills', 'Spicewood Springs Rd'],
  ['78758', 'Austin', 'North Lamar', 'Rundberg Ln'],
  ['78727', 'Austin', 'Scofield Farms', 'Scofield Ridge Pkwy'],
  ['78729', 'Austin', 'Anderson Mill', 'Anderson Mill Rd'],
  ['78750', 'Austin', 'Jollyville', 'Oak Knoll Dr'],
  ['78746', 'West Lake Hills', 'West Lake Hills', 'Westlake Dr'],
  ['78733', 'Austin', 'Lost Creek', 'Lost Creek Blvd'],
  ['78735', 'Austin', 'Barton Creek', 'Barton Creek Blvd'],
  ['78739', 'Austin', 'Circle C Ranch', 'La Crosse Ave'],
  ['78736', 'Austin', 'Oak Hill', 'Old Fredericksburg Rd'],
  ['78752', 'Austin', 'North Loop', 'Koenig Ln'],
  ['78753', 'Austin', 'Heritage Hills', 'Rutherford Ln'],
  ['78754', 'Austin', 'Harris Branch', 'Harris Branch Pkwy'],
  ['78724', 'Austin', 'Colony Park', 'Loyola Ln'],
  ['78725', 'Austin', 'Hornsby Bend', 'Hunters Bend Rd'],
  ['78726', 'Austin', 'Canyon Creek', 'Boulder Ln'],
  ['78728', 'Austin', 'Wells Branch', 'Wells Branch Pkwy'],
  ['78730', 'Austin', 'River Place', 'River Place Blvd'],
  ['78732', 'Austin', 'Steiner Ranch', 'Steiner Ranch Blvd'],
  ['78734', 'Lakeway', 'Lakeway', 'Lohmans Crossing'],
  ['78738', 'Bee Cave', 'Bee Cave', 'Bee Cave Pkwy'],
  ['78660', 'Pflugerville', 'Pflugerville', 'Pecan St'],
  ['78664', 'Round Rock', 'Old Town Round Rock', 'Mays St'],
  ['78681', 'Round Rock', 'Brushy Creek', 'Creek Bend Blvd'],
  ['78613', 'Cedar Park', 'Cedar Park', 'Buttercup Creek Blvd'],
  ['78641', 'Leander', 'Leander', 'Crystal Falls Pkwy'],
  ['78610', 'Buda', 'Buda', 'Main St'],
  ['78640', 'Kyle', 'Kyle', 'Center St'],
  ['78653', 'Manor', 'Manor', 'Parsons St'],
  ['78652', 'Manchaca', 'Manchaca', 'FM 1626'],
  ['78617', 'Del Valle', 'Del Valle', 'Ross Rd'],
  ['78620', 'Dripping Springs', 'Dripping Springs', 'Mercer St'],
];

const KINDS: Array<{ title: (place: string) => string; description: string; categories: string[] }> = [
  {
    title: (p) => `${p} Moving Sale`,
    description: 'Moving across the country: furniture, kitchen things, bikes and more. Everything must go.',
    categories: ['Furniture', 'Home & Garden', 'Sports', 'Electronics'],
  },
  {
    title: (p) => `${p} Multi-Family Yard Sale`,
    description: 'Four families, one driveway: clothes, toys, books and a lot of kitchen things.',
    categories: ['Clothing', 'Toys', 'Books', 'Home & Garden'],
  },
  {
    title: (p) => `Estate Sale in ${p}`,
    description: 'Fifty years of a well-kept home: furniture, records, tools and collectibles.',
    categories: ['Furniture', 'Collectibles', 'Automotive', 'Home & Garden'],
  },
  {
    title: (p) => `${p} Kids’ Stuff Swap`,
    description: 'Outgrown clothes, toys, bikes and games in great shape.',
    categories: ['Toys', 'Clothing', 'Sports', 'Books'],
  },
  {
    title: (p) => `Garage & Tools Clear-out, ${p}`,
    description: 'Hand tools, garden gear, a workbench’s worth of odds and ends.',
    categories: ['Automotive', 'Home & Garden', 'Other'],
  },
  {
    title: (p) => `Vintage & Collectibles in ${p}`,
    description: 'Records, cameras, mid-century decor and a working gramophone.',
    categories: ['Collectibles', 'Electronics', 'Other', 'Books'],
  },
  {
    title: (p) => `${p} Block Sale`,
    description: 'The whole street is selling: follow the balloons from house to house.',
    categories: ['Home & Garden', 'Clothing', 'Toys', 'Furniture', 'Sports'],
  },
  {
    title: (p) => `Downsizing Sale — ${p}`,
    description: 'Moving to a smaller place: good furniture, kitchenware and electronics at fair prices.',
    categories: ['Furniture', 'Electronics', 'Home & Garden'],
  },
];

const HOURS: Array<[string, string]> = [
  ['07:00', '12:00'],
  ['08:00', '14:00'],
  ['08:00', '13:00'],
  ['09:00', '15:00'],
  ['09:00', '17:00'],
  ['10:00', '16:00'],
  ['07:30', '11:30'],
  ['12:00', '18:00'],
  ['15:00', '19:00'],
];

/** The first sale is the demo account's own, the next few those of the other hosts. */
export const DEMO_SALE_COUNT = 48;

/**
 * The town's sales, the same on every seed (a fixed rotation, no randomness): days 0–13 from
 * today, one to three days long, the hosts taking turns, each with three to five items.
 */
export function demoSales(): DemoSale[] {
  const hosts = PEOPLE.length - SHOPPERS.length;
  const byCategory = new Map<string, DemoItem[]>();
  for (const item of CATALOGUE) byCategory.set(item.category, [...(byCategory.get(item.category) ?? []), item]);
  const taken = new Map<string, number>();
  const nextOf = (category: string): DemoItem => {
    const list = byCategory.get(category)!;
    const at = taken.get(category) ?? 0;
    taken.set(category, at + 1);
    return list[at % list.length]!;
  };
  return Array.from({ length: DEMO_SALE_COUNT }, (_, index) => {
    const [zipCode, city, neighbourhood, street] = PLACES[index % PLACES.length]!;
    const kind = KINDS[(index * 3) % KINDS.length]!;
    const [startTime, endTime] = HOURS[(index * 5) % HOURS.length]!;
    const count = 3 + (index % 3);
    const items = Array.from({ length: count }, (_, at) => nextOf(kind.categories[at % kind.categories.length]!));
    return {
      host: index % hosts,
      title: kind.title(neighbourhood),
      description: kind.description,
      address: `${100 + ((index * 137) % 8900)} ${street}`,
      city,
      zipCode,
      // Weekends get more sales, as they do.
      startInDays: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 5, 6, 12, 13][index % 18]!,
      days: 1 + (index % 3 === 0 ? 1 : 0) + (index % 7 === 0 ? 1 : 0),
      startTime,
      endTime,
      // The same item twice in one sale would look like a copy-paste error.
      items: items.filter((item, at) => items.indexOf(item) === at),
    };
  });
}
