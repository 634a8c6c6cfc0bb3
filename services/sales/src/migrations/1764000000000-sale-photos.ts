import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The main photo of each item in the item projection, so a sale in a list can show a few of its
 * items' photos (`photo_urls`) without asking the items service. Rows written before this fill in
 * with the item's next event.
 */
export class SalePhotos1764000000000 implements MigrationInterface {
  name = 'SalePhotos1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sale_items ADD COLUMN photo_url text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sale_items DROP COLUMN photo_url`);
  }
}
