import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The shopper's tables: projections of sales, items and users (fed by events, version-checked,
 * with tombstones), favourites, saved searches, alerts, digests and route plans.
 *
 * Matching an item against saved searches is the hot path (every item event, 10,000+ searches).
 * Each saved search stores its words already parsed (`query`, the very tsquery item search builds
 * from the same words) and the lexemes of that query (`lexemes`) under a GIN index: an item can
 * only match a search that shares at least one lexeme with it, so one index probe with the item's
 * lexemes yields a handful of candidates, on which the exact `@@`, the filters and the distance
 * are checked. Searches whose query an item with no words at all satisfies (only negated words,
 * `-broken`) cannot be found that way; `words_required` sends them down a second, partial index.
 */
export class Shopper1763700000600 implements MigrationInterface {
  name = 'Shopper1763700000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    // ---------------------------------------------------------------- projections
    // A deleted sale stays as a tombstone (`deleted`) so a late `sale.updated` cannot bring it back.
    await queryRunner.query(`
      CREATE TABLE sales (
        id integer PRIMARY KEY,
        user_id integer,
        title text,
        description text,
        address text,
        city text,
        state text,
        zip_code text,
        start_date date,
        end_date date,
        start_time time,
        end_time time,
        status text,
        latitude double precision,
        longitude double precision,
        version integer NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    // The words of an item as item search reads them (title, brand, category, description; english stemming).
    await queryRunner.query(`
      CREATE FUNCTION item_words(title text, brand text, category text, description text) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT to_tsvector('english'::regconfig, coalesce(title, '')) ||
               to_tsvector('english'::regconfig, coalesce(brand, '')) ||
               to_tsvector('english'::regconfig, coalesce(category, '')) ||
               to_tsvector('english'::regconfig, coalesce(description, ''))
      $$`);
    await queryRunner.query(`
      CREATE TABLE items (
        id integer PRIMARY KEY,
        user_id integer,
        garage_sale_id integer,
        title text,
        description text,
        category text,
        price_cents integer,
        original_price_cents integer,
        condition text,
        brand text,
        image_urls text[] NOT NULL DEFAULT '{}',
        is_reserved boolean NOT NULL DEFAULT false,
        is_sold boolean NOT NULL DEFAULT false,
        words tsvector,
        version integer NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX items_sale ON items (garage_sale_id) WHERE garage_sale_id IS NOT NULL AND NOT deleted`);

    // Users: names for sale cards, premium status, and the address alerts are emailed to.
    await queryRunner.query(`
      CREATE TABLE users (
        id integer PRIMARY KEY,
        first_name text,
        last_name text,
        email text,
        phone text,
        rating numeric(3, 2) NOT NULL DEFAULT 0,
        rating_count integer NOT NULL DEFAULT 0,
        premium_expires_at timestamptz,
        sale_update_emails boolean NOT NULL DEFAULT true,
        version integer NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    // ---------------------------------------------------------------- favourites
    await queryRunner.query(`
      CREATE TABLE favorite_sales (
        user_id integer NOT NULL,
        sale_id integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, sale_id)
      )`);
    await queryRunner.query(`CREATE INDEX favorite_sales_sale ON favorite_sales (sale_id)`);
    await queryRunner.query(`
      CREATE TABLE favorite_items (
        user_id integer NOT NULL,
        item_id integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, item_id)
      )`);
    await queryRunner.query(`CREATE INDEX favorite_items_item ON favorite_items (item_id)`);

    // ---------------------------------------------------------------- saved searches
    // The lexemes of a parsed query, read from its text form ('lamp' & 'oak' <-> 'tabl').
    await queryRunner.query(`
      CREATE FUNCTION query_lexemes(query tsquery) RETURNS text[]
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT coalesce(array_agg(DISTINCT replace(m[1], '''''', '''')), '{}')
        FROM regexp_matches(query::text, '''((?:[^'']|'''')*)''', 'g') AS m
      $$`);
    await queryRunner.query(`
      CREATE TABLE saved_searches (
        id serial PRIMARY KEY,
        user_id integer NOT NULL,
        name text NOT NULL,
        q text NOT NULL,
        query tsquery NOT NULL,
        lexemes text[] NOT NULL,
        words_required boolean NOT NULL,
        category text,
        condition text,
        max_price_cents integer,
        latitude double precision,
        longitude double precision,
        radius_miles double precision,
        south double precision,
        north double precision,
        west double precision,
        east double precision,
        frequency text NOT NULL CHECK (frequency IN ('instant', 'daily')),
        email_enabled boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX saved_searches_user ON saved_searches (user_id)`);
    await queryRunner.query(`CREATE INDEX saved_searches_lexemes ON saved_searches USING gin (lexemes) WHERE words_required`);
    await queryRunner.query(`CREATE INDEX saved_searches_wordless ON saved_searches (id) WHERE NOT words_required`);

    // ---------------------------------------------------------------- alerts
    // email_status: none (not emailed), pending (instant, to send), digest (waits for the daily
    // digest), sent, failed (gave up). One alert per (saved search, item): the unique index is what
    // makes matching idempotent whatever events arrive. A cancel or change alert is keyed by the sale
    // version that caused it, so the same change never alerts a user twice.
    await queryRunner.query(`
      CREATE TABLE alerts (
        id serial PRIMARY KEY,
        user_id integer NOT NULL,
        kind text NOT NULL CHECK (kind IN ('match', 'sale_cancelled', 'sale_deleted', 'sale_changed')),
        saved_search_id integer REFERENCES saved_searches (id) ON DELETE SET NULL,
        item_id integer,
        sale_id integer,
        title text NOT NULL,
        message text NOT NULL,
        data jsonb NOT NULL DEFAULT '{}'::jsonb,
        change_key text,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz,
        email_status text NOT NULL DEFAULT 'none' CHECK (email_status IN ('none', 'pending', 'digest', 'sent', 'failed')),
        email_attempts integer NOT NULL DEFAULT 0,
        email_next_at timestamptz,
        email_error text,
        emailed_at timestamptz
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX alerts_one_per_match ON alerts (saved_search_id, item_id) WHERE kind = 'match'`);
    await queryRunner.query(`CREATE UNIQUE INDEX alerts_one_per_change ON alerts (user_id, change_key) WHERE change_key IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX alerts_user ON alerts (user_id, id DESC)`);
    await queryRunner.query(`CREATE INDEX alerts_unread ON alerts (user_id) WHERE read_at IS NULL`);
    await queryRunner.query(`CREATE INDEX alerts_email_pending ON alerts (email_next_at) WHERE email_status = 'pending'`);
    await queryRunner.query(`CREATE INDEX alerts_email_digest ON alerts (user_id) WHERE email_status = 'digest'`);

    // The day each user's last digest went out: the row is locked while a digest is being sent,
    // so several replicas never send one user two digests.
    await queryRunner.query(`
      CREATE TABLE digests (
        user_id integer PRIMARY KEY,
        last_sent_on date,
        last_sent_at timestamptz
      )`);

    // ---------------------------------------------------------------- route plans
    await queryRunner.query(`
      CREATE TABLE route_plans (
        id serial PRIMARY KEY,
        user_id integer NOT NULL,
        name text,
        plan_date date NOT NULL,
        plan jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX route_plans_user ON route_plans (user_id, id DESC)`);
    // The sales of each plan, planned or not: a cancelled or rescheduled sale alerts who planned it.
    await queryRunner.query(`
      CREATE TABLE route_plan_sales (
        plan_id integer NOT NULL REFERENCES route_plans (id) ON DELETE CASCADE,
        sale_id integer NOT NULL,
        PRIMARY KEY (plan_id, sale_id)
      )`);
    await queryRunner.query(`CREATE INDEX route_plan_sales_sale ON route_plan_sales (sale_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'route_plan_sales',
      'route_plans',
      'digests',
      'alerts',
      'saved_searches',
      'favorite_items',
      'favorite_sales',
      'users',
      'items',
      'sales',
    ]) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
    await queryRunner.query(`DROP FUNCTION query_lexemes(tsquery)`);
    await queryRunner.query(`DROP FUNCTION item_words(text, text, text, text)`);
  }
}
