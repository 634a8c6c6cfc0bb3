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

export interface DemoItem {
  title: string;
  category: string;
  price: number;
  originalPrice?: number;
  condition: 'new' | 'like_new' | 'good' | 'fair' | 'poor';
  brand?: string;
  description: string;
  /** A drawing in demo-photos/, without its .svg. */
  picture: string;
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

/** Every category and every condition, with prices a driveway would ask. */
export const CATALOGUE: DemoItem[] = [
  {
    title: 'Solid oak dining table',
    category: 'Furniture',
    price: 120,
    originalPrice: 450,
    condition: 'good',
    brand: 'Amish Heritage',
    description: 'Seats six, one leaf, a few scratches on top.',
    picture: 'dining-table',
  },
  {
    title: 'Folding wooden chairs (set of 4)',
    category: 'Furniture',
    price: 40,
    condition: 'fair',
    description: 'Sturdy, one seat repainted. Great for parties.',
    picture: 'chair',
  },
  {
    title: 'Farmhouse side table',
    category: 'Furniture',
    price: 35,
    condition: 'good',
    description: 'Pine with crossed legs; fits beside a sofa.',
    picture: 'side-table',
  },
  {
    title: 'Ergonomic office chair',
    category: 'Furniture',
    price: 55,
    originalPrice: 240,
    condition: 'like_new',
    brand: 'Steelcase',
    description: 'Adjustable arms and lumbar support. Used one semester.',
    picture: 'office-chair',
  },
  {
    title: 'Nightstand with drawer',
    category: 'Furniture',
    price: 25,
    condition: 'poor',
    description: 'Needs a new knob and some sanding: a weekend project.',
    picture: 'nightstand',
  },
  {
    title: '32-inch flat-screen TV',
    category: 'Electronics',
    price: 60,
    originalPrice: 180,
    condition: 'good',
    brand: 'Samsung',
    description: 'With remote and stand. HDMI ×2.',
    picture: 'television',
  },
  {
    title: 'Digital camera with case',
    category: 'Electronics',
    price: 85,
    originalPrice: 250,
    condition: 'like_new',
    brand: 'Canon',
    description: '20 MP, two batteries, 32 GB card included.',
    picture: 'camera',
  },
  {
    title: 'Retro boombox',
    category: 'Electronics',
    price: 30,
    condition: 'fair',
    brand: 'Panasonic',
    description: 'Radio works; the tape deck plays a little slow.',
    picture: 'boombox',
  },
  {
    title: 'Graphic T-shirts, size M (bundle of 5)',
    category: 'Clothing',
    price: 10,
    condition: 'good',
    description: 'Band and park shirts, washed and folded.',
    picture: 't-shirt',
  },
  {
    title: 'Running shoes, men’s 10',
    category: 'Clothing',
    price: 20,
    originalPrice: 120,
    condition: 'like_new',
    brand: 'Brooks',
    description: 'Worn twice; wrong size.',
    picture: 'sneakers',
  },
  {
    title: 'Leather hiking boots, women’s 8',
    category: 'Clothing',
    price: 35,
    condition: 'good',
    brand: 'Merrell',
    description: 'Waterproof, broken in, plenty of tread left.',
    picture: 'hiking-boot',
  },
  {
    title: 'Hand-knit winter hat',
    category: 'Clothing',
    price: 8,
    condition: 'new',
    description: 'Never worn, made by a neighbour.',
    picture: 'winter-hat',
  },
  {
    title: 'Aviator sunglasses',
    category: 'Clothing',
    price: 12,
    condition: 'fair',
    brand: 'Ray-Ban',
    description: 'Light scratches on the left lens.',
    picture: 'sunglasses',
  },
  {
    title: 'Box of paperback mysteries',
    category: 'Books',
    price: 10,
    condition: 'good',
    description: 'About 40 paperbacks: Christie, Sayers, Chandler.',
    picture: 'books',
  },
  {
    title: 'Cookbook collection',
    category: 'Books',
    price: 15,
    condition: 'like_new',
    description: 'Twelve cookbooks, Tex-Mex to baking.',
    picture: 'books',
  },
  {
    title: 'Children’s picture books (20)',
    category: 'Books',
    price: 12,
    condition: 'poor',
    description: 'Well loved: a few torn pages, all readable.',
    picture: 'books',
  },
  {
    title: 'Teddy bear',
    category: 'Toys',
    price: 6,
    condition: 'like_new',
    description: 'Soft, clean, with a red bow tie.',
    picture: 'teddy-bear',
  },
  {
    title: 'Wooden train set',
    category: 'Toys',
    price: 25,
    condition: 'good',
    brand: 'Brio',
    description: '60 pieces with bridge and tunnel.',
    picture: 'toy-train',
  },
  {
    title: 'ABC building blocks',
    category: 'Toys',
    price: 9,
    condition: 'fair',
    description: '48 painted blocks in a canvas bag.',
    picture: 'blocks',
  },
  {
    title: 'Puzzle cube',
    category: 'Toys',
    price: 5,
    condition: 'new',
    brand: 'Rubik’s',
    description: 'Still in the box.',
    picture: 'puzzle-cube',
  },
  {
    title: 'Red pull wagon',
    category: 'Toys',
    price: 30,
    originalPrice: 90,
    condition: 'good',
    brand: 'Radio Flyer',
    description: 'Rolls straight; a little rust on the handle.',
    picture: 'wagon',
  },
  {
    title: 'Road bike, 56 cm frame',
    category: 'Sports',
    price: 240,
    originalPrice: 900,
    condition: 'good',
    brand: 'Trek',
    description: 'Aluminium frame, new tyres last spring.',
    picture: 'bicycle',
  },
  {
    title: 'Kids’ bike, 20 inch',
    category: 'Sports',
    price: 45,
    condition: 'fair',
    brand: 'Schwinn',
    description: 'Training wheels included.',
    picture: 'bicycle',
  },
  {
    title: 'Tennis racket',
    category: 'Sports',
    price: 18,
    condition: 'like_new',
    brand: 'Wilson',
    description: 'Restrung in May, with cover.',
    picture: 'tennis-racket',
  },
  {
    title: 'Baseball glove, youth',
    category: 'Sports',
    price: 15,
    condition: 'good',
    brand: 'Rawlings',
    description: 'Oiled and broken in.',
    picture: 'baseball-glove',
  },
  {
    title: 'Soccer ball, size 5',
    category: 'Sports',
    price: 7,
    condition: 'poor',
    description: 'Holds air; the panels are scuffed.',
    picture: 'soccer-ball',
  },
  {
    title: 'Football helmet',
    category: 'Sports',
    price: 25,
    condition: 'fair',
    brand: 'Riddell',
    description: 'Youth large, chin strap included.',
    picture: 'football-helmet',
  },
  {
    title: 'Brass desk lamp',
    category: 'Home & Garden',
    price: 15,
    condition: 'like_new',
    description: 'Adjustable arm, warm LED bulb included.',
    picture: 'desk-lamp',
  },
  {
    title: 'Camping lantern',
    category: 'Home & Garden',
    price: 14,
    condition: 'good',
    brand: 'Coleman',
    description: 'Hurricane style, oil burning, glass intact.',
    picture: 'lantern',
  },
  {
    title: 'Porcelain teapot',
    category: 'Home & Garden',
    price: 12,
    condition: 'like_new',
    description: 'Holds six cups, no chips.',
    picture: 'teapot',
  },
  {
    title: 'Cast iron skillet',
    category: 'Home & Garden',
    price: 20,
    condition: 'good',
    brand: 'Lodge',
    description: '12 inch, well seasoned.',
    picture: 'pan',
  },
  {
    title: 'Leaf rake',
    category: 'Home & Garden',
    price: 6,
    condition: 'fair',
    description: 'Wooden handle, a couple of bent tines.',
    picture: 'rake',
  },
  {
    title: 'Garden shovel',
    category: 'Home & Garden',
    price: 10,
    condition: 'good',
    brand: 'Fiskars',
    description: 'Round point, sharp edge.',
    picture: 'shovel',
  },
  {
    title: 'Paint rollers and trays',
    category: 'Home & Garden',
    price: 8,
    condition: 'new',
    description: 'Three rollers, two trays, unopened.',
    picture: 'paint-roller',
  },
  {
    title: 'Wall clock',
    category: 'Home & Garden',
    price: 10,
    condition: 'poor',
    description: 'Keeps time; the glass is cracked.',
    picture: 'wall-clock',
  },
  {
    title: 'Mechanic’s wrench and screwdriver set',
    category: 'Automotive',
    price: 40,
    originalPrice: 110,
    condition: 'good',
    brand: 'Craftsman',
    description: 'Metric and SAE, in a case.',
    picture: 'tool-set',
  },
  {
    title: 'Hand saw',
    category: 'Automotive',
    price: 9,
    condition: 'fair',
    brand: 'Stanley',
    description: '20 inch, cuts clean.',
    picture: 'saw',
  },
  {
    title: '1949 sedan, project car',
    category: 'Automotive',
    price: 4500,
    condition: 'poor',
    description: 'Runs, needs brakes and paint. Title in hand.',
    picture: 'classic-car',
  },
  {
    title: 'Vinyl 45s, soul and rock',
    category: 'Collectibles',
    price: 40,
    condition: 'good',
    description: '60 singles in sleeves, 1960s–70s.',
    picture: 'records',
  },
  {
    title: 'Wind-up gramophone',
    category: 'Collectibles',
    price: 150,
    originalPrice: 400,
    condition: 'fair',
    description: 'Plays; the horn has a small dent.',
    picture: 'gramophone',
  },
  {
    title: 'Acoustic guitar',
    category: 'Other',
    price: 70,
    originalPrice: 220,
    condition: 'good',
    brand: 'Yamaha',
    description: 'With soft case and a spare set of strings.',
    picture: 'guitar',
  },
  {
    title: 'Large patio umbrella',
    category: 'Other',
    price: 25,
    condition: 'like_new',
    description: '9 ft, tilts; base not included.',
    picture: 'umbrella',
  },
  {
    title: 'Moving boxes and tape',
    category: 'Other',
    price: 0,
    condition: 'good',
    description: 'Free to whoever takes them all.',
    picture: 'books',
  },
];

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
