import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Notices about the member's premium membership: receipts, the renewal reminder, a failed renewal, a cancellation. */
export class MembershipNotices1763700000800 implements MigrationInterface {
  name = 'MembershipNotices1763700000800';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check`);
    await queryRunner.query(`
      ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check
        CHECK (kind IN ('match', 'sale_cancelled', 'sale_deleted', 'sale_changed', 'reservation', 'membership'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM alerts WHERE kind = 'membership'`);
    await queryRunner.query(`ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check`);
    await queryRunner.query(`
      ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check
        CHECK (kind IN ('match', 'sale_cancelled', 'sale_deleted', 'sale_changed', 'reservation'))`);
  }
}
