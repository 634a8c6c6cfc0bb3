import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ensureSalesProjection } from '@garage/event-bus';

/**
 * The `sales` projection gains each sale's community sale (`community_sale_id`, `_status`,
 * `_number`, indexed by community sale), which a community sale's item search reads. Rows are
 * kept; a sale in a community sale fills in with its next event.
 */
export class CommunitySaleFields1764300000100 implements MigrationInterface {
  name = 'CommunitySaleFields1764300000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await ensureSalesProjection(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS sales_community_sale`);
    for (const column of ['community_sale_id', 'community_sale_status', 'community_sale_number'])
      await queryRunner.query(`ALTER TABLE sales DROP COLUMN IF EXISTS ${column}`);
  }
}
