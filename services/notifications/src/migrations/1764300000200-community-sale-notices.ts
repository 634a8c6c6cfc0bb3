import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notices about a community sale (cancelled, or moved to its rain date): two more kinds of alert,
 * and the community sale an alert is about, which its link and its email lead to.
 */
export class CommunitySaleNotices1764300000200 implements MigrationInterface {
  name = 'CommunitySaleNotices1764300000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE alerts ADD COLUMN community_sale_id integer`);
    await queryRunner.query(`ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check`);
    await queryRunner.query(`
      ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check CHECK (kind IN ('match', 'sale_cancelled', 'sale_deleted', 'sale_changed',
        'reservation', 'membership', 'community_sale_cancelled', 'community_sale_moved'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM alerts WHERE kind IN ('community_sale_cancelled', 'community_sale_moved')`);
    await queryRunner.query(`ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check`);
    await queryRunner.query(`
      ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check CHECK (kind IN ('match', 'sale_cancelled', 'sale_deleted', 'sale_changed',
        'reservation', 'membership'))`);
    await queryRunner.query(`ALTER TABLE alerts DROP COLUMN community_sale_id`);
  }
}
