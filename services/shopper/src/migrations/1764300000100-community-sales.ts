import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ensureCommunitySalesProjection, ensureSalesProjection } from '@garage/event-bus';

/**
 * Community sales, as shopper keeps them: the `sales` projection gains each sale's community sale
 * (its id, standing and number), a `community_sales` projection (what a notice and a plan need of
 * one), and who follows which (`community_sale_follows`, one row per member and community sale).
 */
export class CommunitySales1764300000100 implements MigrationInterface {
  name = 'CommunitySales1764300000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await ensureSalesProjection(queryRunner);
    await ensureCommunitySalesProjection(queryRunner);
    await queryRunner.query(`
      CREATE TABLE community_sale_follows (
        user_id integer NOT NULL,
        community_sale_id integer NOT NULL,
        followed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, community_sale_id)
      )`);
    await queryRunner.query(`CREATE INDEX community_sale_follows_community_sale ON community_sale_follows (community_sale_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE community_sale_follows`);
    await queryRunner.query(`DROP TABLE community_sales`);
    await queryRunner.query(`DROP INDEX IF EXISTS sales_community_sale`);
    for (const column of ['community_sale_id', 'community_sale_status', 'community_sale_number'])
      await queryRunner.query(`ALTER TABLE sales DROP COLUMN IF EXISTS ${column}`);
  }
}
