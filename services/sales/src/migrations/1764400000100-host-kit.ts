import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The host's kit (issue 38): how the host takes money, and when members see the exact address.
 * `address_visible_from` is the host's wall-clock choice on the sale's clock; `address_visible_at`
 * is that moment read in the sale's zone, written with it, so a list compares instants and never
 * looks a zone up per row. Older sales take no methods and show their address now.
 */
export class HostKit1764400000100 implements MigrationInterface {
  name = 'HostKit1764400000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE sales
        ADD COLUMN payment_methods text[] NOT NULL DEFAULT '{}',
        ADD COLUMN address_visible_from timestamp,
        ADD COLUMN address_visible_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE sales DROP COLUMN payment_methods, DROP COLUMN address_visible_from, DROP COLUMN address_visible_at`,
    );
  }
}
