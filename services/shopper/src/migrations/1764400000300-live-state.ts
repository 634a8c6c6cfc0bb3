import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ensureSalesProjection } from '@garage/event-bus';

/**
 * The sales projection keeps each sale's live state and when it was said (`live_state`,
 * `live_state_at`): route plans opened on a sale's day mark the stops that dropped out. Which sales
 * dropped out of which day is kept once (`sale_drop_outs`), so their shoppers are told once.
 */
export class LiveState1764400000300 implements MigrationInterface {
  name = 'LiveState1764400000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await ensureSalesProjection(queryRunner);
    await queryRunner.query(`
      CREATE TABLE sale_drop_outs (
        sale_id integer NOT NULL,
        day date NOT NULL,
        cause text NOT NULL,
        told_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (sale_id, day)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE sale_drop_outs`);
    for (const column of ['live_state', 'live_state_at']) await queryRunner.query(`ALTER TABLE sales DROP COLUMN IF EXISTS ${column}`);
  }
}
