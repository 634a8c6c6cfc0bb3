import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scheduled markdowns (issue 39): the markdowns already applied here (once per markdown, however
 * often `markdown.applied` arrives), and each item's price before its sale's first markdown, so a
 * later "50 % off" is half the host's price, not half of an earlier cut.
 */
export class Markdowns1764600000500 implements MigrationInterface {
  name = 'Markdowns1764600000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE applied_markdowns (
        markdown_id integer PRIMARY KEY,
        sale_id integer NOT NULL,
        percent_off integer NOT NULL,
        items_cut integer NOT NULL DEFAULT 0,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`ALTER TABLE items ADD COLUMN markdown_base_cents integer CHECK (markdown_base_cents >= 0)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE items DROP COLUMN markdown_base_cents`);
    await queryRunner.query(`DROP TABLE applied_markdowns`);
  }
}
