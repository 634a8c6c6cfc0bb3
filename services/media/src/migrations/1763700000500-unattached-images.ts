import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The live images by age, for the sweep of images never attached to an item (UnattachedImageSweep). */
export class UnattachedImages1763700000500 implements MigrationInterface {
  name = 'UnattachedImages1763700000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX images_live_by_age ON images (created_at) WHERE deleted_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX images_live_by_age`);
  }
}
