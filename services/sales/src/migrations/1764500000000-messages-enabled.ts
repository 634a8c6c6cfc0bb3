import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Whether members may write to the host about the sale (issue 39); every sale so far allows it. */
export class MessagesEnabled1764500000000 implements MigrationInterface {
  name = 'MessagesEnabled1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sales ADD COLUMN messages_enabled boolean NOT NULL DEFAULT true`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sales DROP COLUMN messages_enabled`);
  }
}
