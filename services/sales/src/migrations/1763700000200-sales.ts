import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sales this service owns, and the two projections it keeps of other services' data: the users
 * (seller name, phone, rating, premium expiry) and which sale each item sits in (for `item_count`).
 * Plain SQL that runs on PostgreSQL 15 and 18.
 */
export class Sales1763700000200 implements MigrationInterface {
  name = 'Sales1763700000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE sales (
        id serial PRIMARY KEY,
        user_id integer NOT NULL,
        title text NOT NULL,
        description text,
        address text NOT NULL,
        city text NOT NULL,
        state text NOT NULL,
        zip_code text NOT NULL,
        start_date date NOT NULL,
        end_date date NOT NULL,
        start_time time NOT NULL,
        end_time time NOT NULL,
        -- The instant the sale ends: end date and end time in the sale's local zone (see sale-calendar.util.ts).
        ends_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'cancelled')),
        -- ZIP-centroid coordinates (never the exact address).
        latitude double precision NOT NULL,
        longitude double precision NOT NULL,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (end_date >= start_date)
      )`);
    // Browse only ever reads active sales, so the indexes cover only those.
    // The radius query is a bounding box on this index, refined by the exact haversine distance.
    await queryRunner.query(`CREATE INDEX sales_active_location ON sales (latitude, longitude) WHERE status = 'active'`);
    await queryRunner.query(`CREATE INDEX sales_active_start ON sales (start_date, start_time, id) WHERE status = 'active'`);
    // The lifecycle job finds the active sales that have ended.
    await queryRunner.query(`CREATE INDEX sales_active_ends_at ON sales (ends_at) WHERE status = 'active'`);
    await queryRunner.query(`CREATE INDEX sales_user ON sales (user_id)`);

    // Projection of auth's users, fed by user.* events; `version` keeps a stale snapshot out.
    await queryRunner.query(`
      CREATE TABLE users (
        id integer PRIMARY KEY,
        first_name text NOT NULL,
        last_name text NOT NULL,
        phone text,
        rating numeric(3, 2) NOT NULL DEFAULT 0,
        premium_expires_at timestamptz,
        version integer NOT NULL
      )`);

    // Projection of the items service's item -> sale link, fed by item.* events. A deleted item stays
    // as a tombstone, so an update that arrives after its deletion cannot bring it back.
    await queryRunner.query(`
      CREATE TABLE sale_items (
        item_id integer PRIMARY KEY,
        sale_id integer,
        version integer NOT NULL,
        deleted boolean NOT NULL DEFAULT false
      )`);
    await queryRunner.query(`CREATE INDEX sale_items_sale ON sale_items (sale_id) WHERE NOT deleted`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE sale_items`);
    await queryRunner.query(`DROP TABLE users`);
    await queryRunner.query(`DROP TABLE sales`);
  }
}
