import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scheduled markdowns (issue 39): a host's sale-wide cut at a wall-clock moment on the sale's clock.
 * `starts_at` is that moment as the host wrote it; `due_at` the instant it names in the sale's zone,
 * written with it (and again when the sale moves), so the job compares instants across DST changes.
 */
export class Markdowns1764600000000 implements MigrationInterface {
  name = 'Markdowns1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE markdowns (
        id serial PRIMARY KEY,
        sale_id integer NOT NULL REFERENCES sales(id) ON DELETE CASCADE,
        percent_off integer NOT NULL CHECK (percent_off BETWEEN 1 AND 90),
        starts_at timestamp NOT NULL,
        due_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'applied', 'cancelled')),
        created_at timestamptz NOT NULL DEFAULT now(),
        applied_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX markdowns_sale ON markdowns (sale_id, due_at)`);
    await queryRunner.query(`CREATE INDEX markdowns_due ON markdowns (due_at) WHERE status = 'scheduled'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE markdowns`);
  }
}
