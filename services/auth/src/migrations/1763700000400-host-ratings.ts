import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each rating a shopper gave a host after a collected reservation (`reservation.rated` from items),
 * one per reservation. A seller's `rating` and `rating_count` are computed from these rows, so
 * applying a rating twice, or in any order, gives the same figures.
 */
export class HostRatings1763700000400 implements MigrationInterface {
  name = 'HostRatings1763700000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE host_ratings (
        reservation_id integer PRIMARY KEY,
        host_id integer NOT NULL,
        rated_by integer NOT NULL,
        stars integer NOT NULL CHECK (stars BETWEEN 1 AND 5),
        review text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX host_ratings_host ON host_ratings (host_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE host_ratings`);
  }
}
