import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Drop-out emails are asked for (issue 38: "by email only if they asked for it"): a setting of its
 * own, off for everyone until the member turns it on, whatever their sale-update emails setting.
 */
export class DropOutEmails1764600000200 implements MigrationInterface {
  name = 'DropOutEmails1764600000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN drop_out_emails boolean NOT NULL DEFAULT false`);
    // Drop-outs waiting to be emailed were never asked for: they stay in the bell only.
    await queryRunner.query(`UPDATE alerts SET email_status = 'none' WHERE kind = 'sale_dropped_out' AND email_status = 'pending'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN drop_out_emails`);
  }
}
