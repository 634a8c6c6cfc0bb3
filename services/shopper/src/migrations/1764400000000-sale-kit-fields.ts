import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ensureSalesProjection } from '@garage/event-bus';

/**
 * The `sales` projection gains each sale's payment methods and the moment members see its exact
 * address (`address_visible_from`, on the sale's clock). Rows are kept; a sale fills in with its
 * next event, and until then shows its address as before.
 */
export class SaleKitFields1764400000000 implements MigrationInterface {
  name = 'SaleKitFields1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await ensureSalesProjection(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sales DROP COLUMN IF EXISTS payment_methods, DROP COLUMN IF EXISTS address_visible_from`);
  }
}
