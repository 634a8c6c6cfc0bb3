// The search benchmark's data: users, sales and items written with SQL (generate_series) straight
// into the items service's schema of a dedicated database, which the service has migrated first.
// Realistic enough for the planner: titles from per-category vocabularies, brands, prices spread
// like a garage sale's, sales around 70 US cities weighted by size, about 30 % of them active
// (upcoming), the rest completed or cancelled, 8 % of items sold and 3 % reserved.
//
// The rows go through the service's own trigger, which fills `item_search` (the search table) just
// as in production. The secondary indexes are dropped for the load and re-created from their own
// definitions afterwards (read back from pg_indexes), so the benchmark measures the migration's.
//
// Run alone: node bench/items/generate.mjs   (DATABASE_URL, ITEMS=1000000, SALES=100000, USERS=50000)
import pg from 'pg';

export const CITIES = [
  ['New York', 'NY', 40.7128, -74.006, 20],
  ['Los Angeles', 'CA', 34.0522, -118.2437, 13],
  ['Chicago', 'IL', 41.8781, -87.6298, 9],
  ['Houston', 'TX', 29.7604, -95.3698, 7],
  ['Phoenix', 'AZ', 33.4484, -112.074, 5],
  ['Philadelphia', 'PA', 39.9526, -75.1652, 6],
  ['San Antonio', 'TX', 29.4241, -98.4936, 3],
  ['San Diego', 'CA', 32.7157, -117.1611, 3],
  ['Dallas', 'TX', 32.7767, -96.797, 7],
  ['San Jose', 'CA', 37.3382, -121.8863, 2],
  ['Austin', 'TX', 30.2672, -97.7431, 2],
  ['Jacksonville', 'FL', 30.3322, -81.6557, 2],
  ['Columbus', 'OH', 39.9612, -82.9988, 2],
  ['Charlotte', 'NC', 35.2271, -80.8431, 2],
  ['Indianapolis', 'IN', 39.7684, -86.1581, 2],
  ['Seattle', 'WA', 47.6062, -122.3321, 4],
  ['Denver', 'CO', 39.7392, -104.9903, 3],
  ['Arlington', 'VA', 38.8816, -77.091, 6],
  ['Boston', 'MA', 42.3601, -71.0589, 5],
  ['Nashville', 'TN', 36.1627, -86.7816, 2],
  ['Detroit', 'MI', 42.3314, -83.0458, 4],
  ['Portland', 'OR', 45.5152, -122.6784, 2],
  ['Las Vegas', 'NV', 36.1699, -115.1398, 2],
  ['Memphis', 'TN', 35.1495, -90.049, 1],
  ['Louisville', 'KY', 38.2527, -85.7585, 1],
  ['Baltimore', 'MD', 39.2904, -76.6122, 3],
  ['Milwaukee', 'WI', 43.0389, -87.9065, 2],
  ['Albuquerque', 'NM', 35.0844, -106.6504, 1],
  ['Tucson', 'AZ', 32.2226, -110.9747, 1],
  ['Fresno', 'CA', 36.7378, -119.7871, 1],
  ['Sacramento', 'CA', 38.5816, -121.4944, 2],
  ['Kansas City', 'MO', 39.0997, -94.5786, 2],
  ['Atlanta', 'GA', 33.749, -84.388, 6],
  ['Miami', 'FL', 25.7617, -80.1918, 6],
  ['Raleigh', 'NC', 35.7796, -78.6382, 1],
  ['Omaha', 'NE', 41.2565, -95.9345, 1],
  ['Minneapolis', 'MN', 44.9778, -93.265, 4],
  ['Tampa', 'FL', 27.9506, -82.4572, 3],
  ['Orlando', 'FL', 28.5383, -81.3792, 3],
  ['St. Louis', 'MO', 38.627, -90.1994, 3],
  ['Pittsburgh', 'PA', 40.4406, -79.9959, 2],
  ['Cincinnati', 'OH', 39.1031, -84.512, 2],
  ['Cleveland', 'OH', 41.4993, -81.6944, 2],
  ['Salt Lake City', 'UT', 40.7608, -111.891, 1],
  ['Richmond', 'VA', 37.5407, -77.436, 1],
  ['Birmingham', 'AL', 33.5186, -86.8104, 1],
  ['Oklahoma City', 'OK', 35.4676, -97.5164, 1],
  ['New Orleans', 'LA', 29.9511, -90.0715, 1],
  ['Boise', 'ID', 43.615, -116.2023, 1],
  ['Des Moines', 'IA', 41.5868, -93.625, 1],
  ['Little Rock', 'AR', 34.7465, -92.2896, 1],
  ['Jackson', 'MS', 32.2988, -90.1848, 1],
  ['Charleston', 'SC', 32.7765, -79.9311, 1],
  ['Hartford', 'CT', 41.7658, -72.6734, 1],
  ['Providence', 'RI', 41.824, -71.4128, 1],
  ['Manchester', 'NH', 42.9956, -71.4548, 1],
  ['Burlington', 'VT', 44.4759, -73.2121, 1],
  ['Portland', 'ME', 43.6591, -70.2568, 1],
  ['Wilmington', 'DE', 39.7391, -75.5398, 1],
  ['Newark', 'NJ', 40.7357, -74.1724, 2],
  ['Honolulu', 'HI', 21.3069, -157.8583, 1],
  ['Anchorage', 'AK', 61.2181, -149.9003, 1],
  ['Billings', 'MT', 45.7833, -108.5007, 1],
  ['Fargo', 'ND', 46.8772, -96.7898, 1],
  ['Sioux Falls', 'SD', 43.5446, -96.7311, 1],
  ['Cheyenne', 'WY', 41.14, -104.8202, 1],
  ['Wichita', 'KS', 37.6872, -97.3301, 1],
  ['Charleston', 'WV', 38.3498, -81.6326, 1],
  ['Spokane', 'WA', 47.6588, -117.426, 1],
  ['Springfield', 'IL', 39.7817, -89.6501, 1],
];

/** Category, its share of items (weight), its nouns and the brands seen with it. */
const VOCABULARY = [
  [
    'Electronics',
    10,
    [
      'tv',
      'stereo',
      'speaker',
      'record player',
      'turntable',
      'camera',
      'laptop',
      'monitor',
      'printer',
      'radio',
      'headphones',
      'receiver',
      'dvd player',
      'game console',
      'tablet',
      'keyboard',
      'projector',
      'microwave',
      'alarm clock',
      'cassette deck',
    ],
    ['Sony', 'Samsung', 'Panasonic', 'JVC', 'Pioneer', 'Canon', 'Dell', 'HP', 'Bose', 'Nintendo', 'Apple', 'LG'],
  ],
  [
    'Furniture',
    16,
    [
      'table',
      'dining table',
      'coffee table',
      'chair',
      'rocking chair',
      'sofa',
      'couch',
      'dresser',
      'bookshelf',
      'desk',
      'nightstand',
      'bed frame',
      'cabinet',
      'armchair',
      'ottoman',
      'bench',
      'hutch',
      'futon',
      'bar stool',
      'wardrobe',
    ],
    ['Ikea', 'Ashley', 'Pottery Barn', 'La-Z-Boy', 'Ethan Allen', 'Broyhill', 'Bassett', 'Thomasville'],
  ],
  [
    'Clothing',
    12,
    [
      'jacket',
      'winter coat',
      'jeans',
      'dress',
      'sweater',
      'boots',
      'sneakers',
      'shirt',
      'scarf',
      'hat',
      'handbag',
      'suit',
      'skirt',
      'raincoat',
      'hoodie',
      'leather jacket',
      'sandals',
      'belt',
    ],
    ['Levi', 'Nike', 'Adidas', 'Patagonia', 'Columbia', 'Gap', 'Carhartt', 'North Face', 'Coach'],
  ],
  [
    'Books',
    8,
    [
      'novel',
      'cookbook',
      'textbook',
      'encyclopedia set',
      'comic books',
      'children books',
      'paperbacks',
      'atlas',
      'bible',
      'biography',
      'poetry collection',
      'magazines',
      'hardcover books',
      'mystery novels',
    ],
    ['Penguin', 'Scholastic', 'Random House', 'Marvel', 'DC', 'National Geographic'],
  ],
  [
    'Toys',
    10,
    [
      'lego set',
      'doll',
      'dollhouse',
      'puzzle',
      'board game',
      'action figures',
      'train set',
      'stuffed animal',
      'toy truck',
      'play kitchen',
      'tricycle',
      'wagon',
      'building blocks',
      'race track',
      'kids toys',
      'baby stroller',
      'crib',
    ],
    ['Lego', 'Hasbro', 'Mattel', 'Fisher-Price', 'Playmobil', 'Melissa & Doug', 'Hot Wheels', 'Barbie'],
  ],
  [
    'Sports',
    9,
    [
      'bike',
      'mountain bike',
      'golf clubs',
      'tennis racket',
      'skis',
      'snowboard',
      'kayak',
      'treadmill',
      'dumbbells',
      'weight bench',
      'basketball hoop',
      'baseball glove',
      'fishing rod',
      'camping tent',
      'sleeping bag',
      'skateboard',
      'exercise bike',
      'yoga mat',
    ],
    ['Schwinn', 'Trek', 'Callaway', 'Wilson', 'Coleman', 'Burton', 'Spalding', 'Rawlings', 'Shimano'],
  ],
  [
    'Home & Garden',
    15,
    [
      'lamp',
      'floor lamp',
      'table lamp',
      'rug',
      'mirror',
      'curtains',
      'vase',
      'picture frame',
      'dishes',
      'mixer',
      'blender',
      'pots and pans',
      'lawn mower',
      'leaf blower',
      'garden hose',
      'planter',
      'patio set',
      'grill',
      'power drill',
      'tool box',
      'ladder',
      'wheelbarrow',
      'christmas decorations',
      'quilt',
    ],
    ['KitchenAid', 'Cuisinart', 'Black & Decker', 'DeWalt', 'Craftsman', 'Weber', 'Pyrex', 'Corelle', 'Honda', 'Ryobi'],
  ],
  [
    'Automotive',
    5,
    [
      'tires',
      'car seat',
      'roof rack',
      'floor mats',
      'car battery',
      'jack stand',
      'tool set',
      'hubcaps',
      'bike rack',
      'trailer hitch',
      'motor oil',
    ],
    ['Michelin', 'Goodyear', 'Thule', 'Bosch', 'Mobil', 'Craftsman', 'Graco'],
  ],
  [
    'Collectibles',
    8,
    [
      'vinyl records',
      'baseball cards',
      'coins',
      'stamps',
      'figurines',
      'antique clock',
      'postcards',
      'comic collection',
      'pottery',
      'die-cast cars',
      'signed poster',
      'teapot',
      'music box',
      'snow globe',
      'cast iron skillet',
    ],
    ['Hummel', 'Lenox', 'Topps', 'Fenton', 'Royal Doulton', 'Pyrex', 'Funko', 'Disney'],
  ],
  [
    'Other',
    7,
    [
      'box of odds and ends',
      'storage bins',
      'suitcase',
      'luggage set',
      'sewing machine',
      'fabric',
      'craft supplies',
      'pet crate',
      'dog bed',
      'aquarium',
      'piano keyboard',
      'guitar',
      'violin',
      'drum set',
      'typewriter',
    ],
    ['Singer', 'Samsonite', 'Yamaha', 'Fender', 'Casio', 'Rubbermaid'],
  ],
];

const ADJECTIVES = [
  'vintage',
  'antique',
  'modern',
  'classic',
  'retro',
  'solid wood',
  'oak',
  'pine',
  'walnut',
  'leather',
  'wooden',
  'metal',
  'glass',
  'small',
  'large',
  'mid-century',
  'rustic',
  'handmade',
  'kids',
  'used',
  'like-new',
  'black',
  'white',
  'red',
  'blue',
  'green',
  'gray',
  'brass',
  'electric',
  'portable',
  'folding',
  'heavy duty',
  'mini',
  'deluxe',
  'set of 4',
];
const NOTES = [
  'Smoke-free home.',
  'Pet-free home.',
  'Pickup only.',
  'Cash only, no holds.',
  'Barely used.',
  'Some wear on the edges.',
  'Works great.',
  'Moving, must sell.',
  "From grandma's attic.",
  'Needs a little TLC.',
  'Cleaned and ready to go.',
  'Priced to sell.',
  'Great for a first apartment.',
  'Perfect for the kids room.',
  'Tested and working.',
  'Minor scratches, see photos.',
  'Comes with the original box.',
  'Bring help to load.',
  'Still under warranty.',
  'Will consider reasonable offers.',
];
const SALE_TITLES = [
  'Spring Clean-out',
  'Moving Sale',
  'Estate Sale',
  'Multi-family Yard Sale',
  'Garage Sale',
  'Downsizing Sale',
  'Church Rummage Sale',
  'Neighborhood Sale',
  'Barn Sale',
  'Everything Must Go',
  'Big Backyard Sale',
  'Block Sale',
];
const STREETS = [
  'Oak',
  'Maple',
  'Elm',
  'Pine',
  'Cedar',
  'Main',
  'Park',
  'Washington',
  'Lake',
  'Hill',
  'Walnut',
  'Sunset',
  'Highland',
  'Church',
  'Spring',
  'River',
  'Meadow',
  'Forest',
  'Willow',
  'Jefferson',
];
const SUFFIXES = ['St', 'Ave', 'Rd', 'Dr', 'Ln', 'Ct', 'Blvd', 'Way', 'Pl'];
const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Maria',
  'Wei',
  'Aisha',
  'Hiroshi',
  'Priya',
  'Dmitri',
  'Fatima',
  'Kevin',
  'Nancy',
  'Brian',
  'Karen',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Nguyen',
  'Patel',
  'Kim',
  'Chen',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
];

const literal = (value) => (typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`);
const array = (values) => `ARRAY[${values.map(literal).join(', ')}]`;
/** A random element of a SQL array literal, drawn per row. */
const pick = (values) => `(${array(values)})[1 + floor(random() * ${values.length})::int]`;

/**
 * Fills the items service's schema of `databaseUrl` (already migrated) with the benchmark's data.
 * `log` receives one line per step with its duration.
 */
export async function generate(databaseUrl, { items = 1_000_000, sales = 100_000, users = 50_000, log = console.log } = {}) {
  const client = new pg.Client({ connectionString: databaseUrl, options: '-c search_path=items,public' });
  await client.connect();
  const step = async (name, sql) => {
    const started = Date.now();
    const result = await client.query(sql);
    log(`  ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s${result.rowCount ? ` (${result.rowCount} rows)` : ''}`);
  };
  try {
    await client.query(`SET maintenance_work_mem = '512MB'; SET work_mem = '256MB'; SET synchronous_commit = off; SELECT setseed(0.42)`);
    const { rows: indexes } = await client.query(
      `SELECT indexname, indexdef FROM pg_indexes
       WHERE schemaname = 'items' AND tablename IN ('items', 'item_search') AND indexname NOT LIKE '%\\_pkey'`,
    );
    await step('empty the tables', `TRUNCATE items, item_search, sales, users, reservations RESTART IDENTITY CASCADE`);
    for (const index of indexes) await client.query(`DROP INDEX items."${index.indexname}"`);

    await client.query(`CREATE TEMP TABLE bench_city (n int, city text, state text, latitude float8, longitude float8)`);
    await client.query(
      `INSERT INTO bench_city SELECT row_number() OVER (), city, state, latitude, longitude
       FROM (VALUES ${CITIES.map((c) => `(${literal(c[0])}, ${literal(c[1])}, ${c[2]}, ${c[3]}, ${c[4]})`).join(', ')}) AS c(city, state, latitude, longitude, weight),
            generate_series(1, c.weight)`,
    );
    await client.query(`CREATE TEMP TABLE bench_vocab (n int, category text, nouns text[], brands text[])`);
    await client.query(
      `INSERT INTO bench_vocab SELECT row_number() OVER (), category, nouns, brands
       FROM (VALUES ${VOCABULARY.map((v) => `(${literal(v[0])}, ${v[1]}, ${array(v[2])}, ${array(v[3])})`).join(', ')}) AS v(category, weight, nouns, brands),
            generate_series(1, v.weight)`,
    );
    const {
      rows: [{ cities, vocab }],
    } = await client.query(`SELECT (SELECT count(*) FROM bench_city)::int AS cities, (SELECT count(*) FROM bench_vocab)::int AS vocab`);

    await step(
      `${users} users`,
      `INSERT INTO users (id, first_name, last_name, phone, rating, rating_count, premium_expires_at, version)
       SELECT g, ${pick(FIRST_NAMES)}, ${pick(LAST_NAMES)}, '(555) ' || lpad((g % 1000)::text, 3, '0') || '-' || lpad((g % 10000)::text, 4, '0'),
              round((3 + random() * 2)::numeric, 2), floor(random() * 40)::int,
              CASE WHEN random() < 0.1 THEN now() + interval '200 days' END, 1
       FROM generate_series(1, ${users}) AS g`,
    );
    // About 30 % upcoming and active, 60 % completed, 10 % cancelled.
    await step(
      `${sales} sales`,
      `WITH x AS MATERIALIZED (
         SELECT g, 1 + floor(random() * ${cities})::int AS city_n, random() AS r, floor(random() * 21)::int AS days_ahead,
                floor(random() * 360)::int AS days_back
         FROM generate_series(1, ${sales}) AS g
       )
       INSERT INTO sales (id, user_id, title, description, address, city, state, zip_code, start_date, end_date, start_time, end_time,
                          status, latitude, longitude, version)
       SELECT g, 1 + floor(random() * ${users})::int, ${pick(SALE_TITLES)}, 'Lots of household items, furniture and toys.',
              (100 + floor(random() * 9900)::int) || ' ' || ${pick(STREETS)} || ' ' || ${pick(SUFFIXES)},
              c.city, c.state, lpad(floor(random() * 99999)::int::text, 5, '0'),
              d.start_date, d.start_date + floor(random() * 3)::int, ${pick(['07:00', '08:00', '08:00', '09:00'])}::time,
              ${pick(['12:00', '14:00', '15:00', '16:00'])}::time, d.status,
              c.latitude + (random() - 0.5) * 0.6, c.longitude + (random() - 0.5) * 0.6 / cos(radians(c.latitude)), 1
       FROM x
       JOIN bench_city c ON c.n = x.city_n
       CROSS JOIN LATERAL (SELECT CASE WHEN x.r < 0.3 THEN 'active' WHEN x.r < 0.9 THEN 'completed' ELSE 'cancelled' END AS status,
                                  CASE WHEN x.r < 0.3 THEN current_date + x.days_ahead
                                       ELSE current_date - 4 - x.days_back END AS start_date) AS d`,
    );
    await step(
      `${items} items (the trigger fills item_search with the searchable ones)`,
      `WITH c AS MATERIALIZED (
         SELECT g, 1 + floor(random() * ${vocab})::int AS vocab_n FROM generate_series(1, ${items}) AS g
       ),
       x AS MATERIALIZED (
         SELECT c.g, v.category, v.nouns[1 + floor(random() * array_length(v.nouns, 1))::int] AS noun,
                v.brands[1 + floor(random() * array_length(v.brands, 1))::int] AS brand,
                ${pick(ADJECTIVES)} AS adjective, ${pick(NOTES)} AS note1, ${pick(NOTES)} AS note2,
                ${pick(['new', 'like_new', 'like_new', 'good', 'good', 'good', 'good', 'fair', 'fair', 'poor'])} AS condition,
                (CASE WHEN random() < 0.5 THEN 100 ELSE 50 END) * (1 + floor(exp(random() * 6))::int) AS price_cents,
                random() AS r_brand, random() AS r_original, random() AS r_status
         FROM c JOIN bench_vocab v ON v.n = c.vocab_n
       )
       INSERT INTO items (user_id, garage_sale_id, title, description, category, price_cents, original_price_cents, condition, brand,
                          image_urls, is_reserved, is_sold, created_at, sale_active, sale_latitude, sale_longitude, sale_end_date)
       SELECT s.user_id, s.id,
              initcap(x.adjective || ' ' || CASE WHEN x.r_brand < 0.3 THEN x.brand || ' ' ELSE '' END || x.noun),
              initcap(x.adjective) || ' ' || x.noun || ' in ' || replace(x.condition, '_', ' ') || ' condition. ' || x.note1 || ' ' || x.note2,
              x.category, x.price_cents,
              CASE WHEN x.r_original < 0.4 THEN x.price_cents * (2 + floor(x.r_original * 10)::int) END,
              x.condition, CASE WHEN x.r_brand < 0.6 THEN x.brand END,
              ARRAY['/media/bench/' || (x.g % 500) || '.jpg'], x.r_status < 0.03, x.r_status > 0.92,
              now() - make_interval(days => floor(x.r_original * 60)::int), s.status = 'active', s.latitude, s.longitude, s.end_date
       FROM x
       JOIN sales s ON s.id = 1 + (x.g - 1) % ${sales}`,
    );
    for (const index of indexes) await step(`index ${index.indexname}`, index.indexdef);
    await step('vacuum analyze', `VACUUM (ANALYZE) items, item_search`);
    await client.query(`ANALYZE sales; ANALYZE users`);
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/garage_bench_items';
  await generate(url, {
    items: Number(process.env.ITEMS ?? 1_000_000),
    sales: Number(process.env.SALES ?? 100_000),
    users: Number(process.env.USERS ?? 50_000),
  });
}

// Words people type into a garage-sale search, from one word to three.
export const SEARCHES = [
  'lamp',
  'lamps',
  'floor lamp',
  'dining table',
  'rocking chair',
  'vintage',
  'antique clock',
  'oak dresser',
  'bike',
  'mountain bike',
  'golf clubs',
  'lego',
  'lego set',
  'board game',
  'dollhouse',
  'record player',
  'vinyl records',
  'sony tv',
  'kitchenaid mixer',
  'power drill',
  'lawn mower',
  'winter coat',
  'leather jacket',
  'boots',
  'cookbook',
  'comic books',
  'baseball cards',
  'kayak',
  'camping tent',
  'treadmill',
  'sewing machine',
  'guitar',
  'crib',
  'baby stroller',
  'christmas decorations',
  'mid-century chair',
  'cast iron skillet',
  'pyrex',
  'tires',
  'car seat',
  'patio set',
  'weber grill',
  'mirror',
  'rug',
  'coffee table',
  'bookshelf',
  'desk',
  'sofa',
  'futon',
  'camera',
  'vintage leather jacket',
  'kids bike',
  'wooden toys',
  'fishing rod',
  'ladder',
  'chair -broken',
];
