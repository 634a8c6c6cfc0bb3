import type { MigrationInterface, QueryRunner } from 'typeorm';

const BEFORE = `'match', 'sale_cancelled', 'sale_deleted', 'sale_changed', 'reservation', 'membership', 'community_sale_cancelled', 'community_sale_moved', 'sale_dropped_out', 'sale_likely_over', 'message', 'price_drop'`;

/**
 * Offers (issue 39): an alert of kind `offer` when the other side moves, and the member's choice of
 * emails about offers (`offer_emails`, on unless turned off).
 */
export class OfferNotices1764600000300 implements MigrationInterface {
  name = 'OfferNotices1764600000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check`);
    await queryRunner.query(`ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check CHECK (kind IN (${BEFORE}, 'offer'))`);
    await queryRunner.query(`ALTER TABLE users ADD COLUMN offer_emails boolean NOT NULL DEFAULT true`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN offer_emails`);
    await queryRunner.query(`DELETE FROM alerts WHERE kind = 'offer'`);
    await queryRunner.query(`ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check`);
    await queryRunner.query(`ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check CHECK (kind IN (${BEFORE}))`);
  }
}
