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
import { ADJECTIVES, NOTES, SALE_TITLES, VOCABULARY } from './vocabulary.mjs';
import { CITIES, FIRST_NAMES, LAST_NAMES, STREETS, SUFFIXES } from './places.mjs';

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
