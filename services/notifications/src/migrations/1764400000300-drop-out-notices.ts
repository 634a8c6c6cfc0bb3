import type { MigrationInterface, QueryRunner } from 'typeorm';

const BEFORE = `'match', 'sale_cancelled', 'sale_deleted', 'sale_changed', 'reservation', 'membership', 'community_sale_cancelled', 'community_sale_moved'`;

/**
 * Two more kinds of alert: `sale_dropped_out` (a sale in the member's plan for today, saved or
 * followed, closed early, was cancelled or is likely over) and `sale_likely_over` (to its host:
 * shoppers report the sale over, confirm it).
 */
export class DropOutNotices1764400000300 implements MigrationInterface {
  name = 'DropOutNotices1764400000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check`);
    await queryRunner.query(
      `ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check CHECK (kind IN (${BEFORE}, 'sale_dropped_out', 'sale_likely_over'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM alerts WHERE kind IN ('sale_dropped_out', 'sale_likely_over')`);
    await queryRunner.query(`ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check`);
    await queryRunner.query(`ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check CHECK (kind IN (${BEFORE}))`);
  }
}
