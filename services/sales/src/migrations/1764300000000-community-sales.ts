import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Community sales, and each sale's place in one. A sale is in at most one community sale, so its
 * membership lives on its own row (`sales.community_sale_*`): joining, approving and leaving bump
 * the sale's version like any change the sale's events carry, and a rain-date move updates the
 * sales and the community sale in one transaction. Numbers come from `next_number`, under the
 * community sale's row lock, so none is given twice or reused.
 */
export class CommunitySales1764300000000 implements MigrationInterface {
  name = 'CommunitySales1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE community_sales (
        id serial PRIMARY KEY,
        organizer_id integer NOT NULL,
        name text NOT NULL,
        description text,
        -- The centre (for a ZIP-list area, the middle of its ZIPs): the list's distance and the map.
        latitude double precision NOT NULL,
        longitude double precision NOT NULL,
        radius_miles double precision,
        zip_codes text[] NOT NULL DEFAULT '{}',
        -- [{date, startTime, endTime}] sorted by date; first and last date are kept for the list's filters.
        days jsonb NOT NULL,
        first_date date NOT NULL,
        last_date date NOT NULL,
        rain_date date,
        cover_image_url text,
        requires_approval boolean NOT NULL DEFAULT false,
        status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'cancelled')),
        next_number integer NOT NULL DEFAULT 1,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (radius_miles IS NOT NULL OR cardinality(zip_codes) > 0)
      )`);
    await queryRunner.query(
      `CREATE INDEX community_sales_scheduled_location ON community_sales (latitude, longitude) WHERE status = 'scheduled'`,
    );
    await queryRunner.query(
      `CREATE INDEX community_sales_scheduled_dates ON community_sales (last_date, first_date) WHERE status = 'scheduled'`,
    );
    await queryRunner.query(`CREATE INDEX community_sales_organizer ON community_sales (organizer_id)`);

    await queryRunner.query(`
      ALTER TABLE sales
        ADD COLUMN community_sale_id integer REFERENCES community_sales (id),
        ADD COLUMN community_sale_status text CHECK (community_sale_status IN ('pending', 'approved')),
        ADD COLUMN community_sale_number integer,
        ADD COLUMN community_sale_joined_at timestamptz,
        ADD CHECK ((community_sale_id IS NULL) = (community_sale_status IS NULL)),
        ADD CHECK ((community_sale_status = 'approved') = (community_sale_number IS NOT NULL))`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX sales_community_sale_number ON sales (community_sale_id, community_sale_number)
      WHERE community_sale_number IS NOT NULL`);
    await queryRunner.query(`
      CREATE INDEX sales_community_sale ON sales (community_sale_id, community_sale_joined_at) WHERE community_sale_id IS NOT NULL`);
    // The category of each unsold item, so the numbered list shows what each sale has (filled in by
    // each item's next event for rows written before).
    await queryRunner.query(`ALTER TABLE sale_items ADD COLUMN category text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sale_items DROP COLUMN category`);
    await queryRunner.query(`
      ALTER TABLE sales DROP COLUMN community_sale_id, DROP COLUMN community_sale_status,
        DROP COLUMN community_sale_number, DROP COLUMN community_sale_joined_at`);
    await queryRunner.query(`DROP TABLE community_sales`);
  }
}
