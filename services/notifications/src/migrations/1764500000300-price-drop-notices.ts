import type { MigrationInterface, QueryRunner } from 'typeorm';

const BEFORE = `'match', 'sale_cancelled', 'sale_deleted', 'sale_changed', 'reservation', 'membership', 'community_sale_cancelled', 'community_sale_moved', 'sale_dropped_out', 'sale_likely_over', 'message'`;

/** A lowered price (issue 39): an alert of kind `price_drop` for the members shopper names. */
export class PriceDropNotices1764500000300 implements MigrationInterface {
  name = 'PriceDropNotices1764500000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check`);
    await queryRunner.query(`ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check CHECK (kind IN (${BEFORE}, 'price_drop'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM alerts WHERE kind = 'price_drop'`);
    await queryRunner.query(`ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check`);
    await queryRunner.query(`ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check CHECK (kind IN (${BEFORE}))`);
  }
}
