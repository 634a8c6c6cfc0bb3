import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Matches become shopper's own record: one row per (saved search, item), which makes matching
 * idempotent and counts each search's matches, with the notice it asked notifications for. The
 * bell and its emails moved to the notifications service, which copies `alerts`, `digests` and the
 * users' email settings from here once; shopper no longer reads or writes them, and a later release
 * drops them (so no install loses its bell history, whatever order the services first start in).
 */
export class Matches1763700001000 implements MigrationInterface {
  name = 'Matches1763700001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE matches (
        id serial PRIMARY KEY,
        user_id integer NOT NULL,
        saved_search_id integer NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
        item_id integer NOT NULL,
        sale_id integer,
        title text NOT NULL,
        message text NOT NULL,
        data jsonb NOT NULL DEFAULT '{}'::jsonb,
        delivery text NOT NULL CHECK (delivery IN ('instant', 'digest', 'in_app')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX matches_one_per_item ON matches (saved_search_id, item_id)`);
    await queryRunner.query(`
      INSERT INTO matches (user_id, saved_search_id, item_id, sale_id, title, message, data, delivery, created_at)
      SELECT user_id, saved_search_id, item_id, sale_id, title, message, data,
             CASE email_status WHEN 'none' THEN 'in_app' WHEN 'digest' THEN 'digest' ELSE 'instant' END, created_at
      FROM alerts
      WHERE kind = 'match' AND saved_search_id IS NOT NULL AND item_id IS NOT NULL
      ORDER BY id`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE matches`);
  }
}
