import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Items, their reservations, and the projections of sales and users that items are read with.
 *
 * Search reads a table of its own, `item_search`: one narrow row per item that search can return
 * (unsold, in an active sale), with the weighted tsvector and what the filters need. It is a
 * fraction of the size of `items` (a quarter of the rows, a sixth of the width), so it and its
 * indexes stay in memory, and a search that ranks thousands of matches touches no cold page. The
 * sale's active flag, place and end date are copied onto each item (kept current by the sale event
 * handlers), and a trigger keeps `item_search` in step with `items` inside the same transaction,
 * so no write path can forget it.
 */
export class Items1763700000300 implements MigrationInterface {
  name = 'Items1763700000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Projection of the sales service's sales. A deleted sale stays as a tombstone (`deleted`) so a
    // late `sale.updated` cannot bring it back; its columns are nullable for that reason.
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
    await queryRunner.query(`CREATE INDEX sales_user ON sales (user_id)`);

    // Projection of the auth service's users: the seller's name, phone and rating, and premium.
    await queryRunner.query(`
      CREATE TABLE users (
        id integer PRIMARY KEY,
        first_name text,
        last_name text,
        phone text,
        rating numeric(3, 2) NOT NULL DEFAULT 0,
        rating_count integer NOT NULL DEFAULT 0,
        premium_expires_at timestamptz,
        version integer NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await queryRunner.query(`
      CREATE TABLE items (
        id serial PRIMARY KEY,
        user_id integer NOT NULL,
        garage_sale_id integer,
        title text NOT NULL,
        description text,
        category text NOT NULL,
        price_cents integer NOT NULL CHECK (price_cents >= 0),
        original_price_cents integer CHECK (original_price_cents >= 0),
        condition text NOT NULL,
        dimensions text,
        weight text,
        brand text,
        image_urls text[] NOT NULL DEFAULT '{}',
        is_reserved boolean NOT NULL DEFAULT false,
        is_sold boolean NOT NULL DEFAULT false,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        sale_active boolean NOT NULL DEFAULT false,
        sale_latitude double precision,
        sale_longitude double precision,
        sale_end_date date
      )`);
    await queryRunner.query(`CREATE INDEX items_user ON items (user_id)`);
    await queryRunner.query(`CREATE INDEX items_sale ON items (garage_sale_id) WHERE garage_sale_id IS NOT NULL`);

    // Title A, brand and category B, description C; english stemming ("lamps" finds "lamp").
    await queryRunner.query(`
      CREATE FUNCTION item_search_vector(title text, brand text, category text, description text) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') ||
               setweight(to_tsvector('english'::regconfig, coalesce(brand, '')), 'B') ||
               setweight(to_tsvector('english'::regconfig, coalesce(category, '')), 'B') ||
               setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
      $$`);
    await queryRunner.query(`
      CREATE TABLE item_search (
        item_id integer PRIMARY KEY,
        search_vector tsvector NOT NULL,
        category text NOT NULL,
        condition text NOT NULL,
        price_cents integer NOT NULL,
        sale_end_date date,
        latitude double precision,
        longitude double precision
      )`);
    await queryRunner.query(`CREATE INDEX item_search_words ON item_search USING gin (search_vector)`);
    // A btree, not a GiST: its statistics give the planner true estimates for a box, so it can
    // combine a selective place with selective words (BitmapAnd) instead of guessing.
    await queryRunner.query(`CREATE INDEX item_search_place ON item_search (latitude, longitude)`);
    await queryRunner.query(`
      CREATE FUNCTION item_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          DELETE FROM item_search WHERE item_id = OLD.id;
        ELSIF NEW.sale_active AND NOT NEW.is_sold THEN
          INSERT INTO item_search (item_id, search_vector, category, condition, price_cents, sale_end_date, latitude, longitude)
          VALUES (NEW.id, item_search_vector(NEW.title, NEW.brand, NEW.category, NEW.description), NEW.category, NEW.condition,
                  NEW.price_cents, NEW.sale_end_date, NEW.sale_latitude, NEW.sale_longitude)
          ON CONFLICT (item_id) DO UPDATE SET
            search_vector = EXCLUDED.search_vector, category = EXCLUDED.category, condition = EXCLUDED.condition,
            price_cents = EXCLUDED.price_cents, sale_end_date = EXCLUDED.sale_end_date,
            latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude;
        ELSIF TG_OP = 'UPDATE' THEN
          DELETE FROM item_search WHERE item_id = NEW.id;
        END IF;
        RETURN NULL;
      END
      $$`);
    // Only the columns search reads: a reservation or a version bump does not touch the search row.
    await queryRunner.query(`
      CREATE TRIGGER items_search_sync
      AFTER INSERT OR DELETE OR UPDATE OF title, description, brand, category, condition, price_cents, is_sold,
                                        sale_active, sale_latitude, sale_longitude, sale_end_date
      ON items FOR EACH ROW EXECUTE FUNCTION item_search_sync()`);

    // Who reserved what and when; kept when the owner later clears the flag or deletes the item.
    await queryRunner.query(`
      CREATE TABLE reservations (
        id serial PRIMARY KEY,
        item_id integer NOT NULL,
        user_id integer NOT NULL,
        reserved_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX reservations_item ON reservations (item_id)`);
    await queryRunner.query(`CREATE INDEX reservations_user ON reservations (user_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE reservations`);
    await queryRunner.query(`DROP TABLE item_search`);
    await queryRunner.query(`DROP TABLE items`);
    await queryRunner.query(`DROP FUNCTION item_search_sync()`);
    await queryRunner.query(`DROP FUNCTION item_search_vector(text, text, text, text)`);
    await queryRunner.query(`DROP TABLE users`);
    await queryRunner.query(`DROP TABLE sales`);
  }
}
