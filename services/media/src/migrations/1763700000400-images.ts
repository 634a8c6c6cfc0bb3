import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploaded images, and which item refers to which image (the projection of `item.*` events that
 * decides when an image is no longer used).
 */
export class Images1763700000400 implements MigrationInterface {
  name = 'Images1763700000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE images (
        key text PRIMARY KEY CHECK (key ~ '^[0-9a-f]{32}$'),
        owner_id integer NOT NULL,
        content_type text NOT NULL,
        extension text NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        bytes integer NOT NULL,
        thumbnail_width integer NOT NULL,
        thumbnail_height integer NOT NULL,
        thumbnail_bytes integer NOT NULL,
        source_type text NOT NULL,
        source_bytes integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX images_owner ON images (owner_id)`);
    // Images waiting for their objects to be removed from storage (see ImagePurger).
    await queryRunner.query(`CREATE INDEX images_to_purge ON images (deleted_at) WHERE deleted_at IS NOT NULL`);

    // One row per item ever seen: its latest applied version, kept as a tombstone once deleted so
    // a late create or update of that item is ignored.
    await queryRunner.query(`
      CREATE TABLE item_versions (
        item_id integer PRIMARY KEY,
        user_id integer NOT NULL,
        version integer NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE item_images (
        item_id integer NOT NULL,
        image_key text NOT NULL,
        PRIMARY KEY (item_id, image_key)
      )`);
    await queryRunner.query(`CREATE INDEX item_images_by_key ON item_images (image_key)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE item_images`);
    await queryRunner.query(`DROP TABLE item_versions`);
    await queryRunner.query(`DROP TABLE images`);
  }
}
