import type { MigrationInterface, QueryRunner } from 'typeorm';

const BEFORE = `'none', 'pending', 'digest', 'sent', 'failed'`;

/**
 * The hourly message digest (decision 0265): a message that arrives within the hour after its
 * conversation's last email is `held` until the hour is up, then goes out in one email with the
 * others held with it (or is dropped from it when read in the meantime).
 */
export class MessageDigests1764700000200 implements MigrationInterface {
  name = 'MessageDigests1764700000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE alerts DROP CONSTRAINT alerts_email_status_check`);
    await queryRunner.query(`ALTER TABLE alerts ADD CONSTRAINT alerts_email_status_check CHECK (email_status IN (${BEFORE}, 'held'))`);
    await queryRunner.query(
      `CREATE INDEX alerts_email_held ON alerts (user_id, ((data->>'conversationId')::int)) WHERE email_status = 'held'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX alerts_email_held`);
    await queryRunner.query(`UPDATE alerts SET email_status = 'none' WHERE email_status = 'held'`);
    await queryRunner.query(`ALTER TABLE alerts DROP CONSTRAINT alerts_email_status_check`);
    await queryRunner.query(`ALTER TABLE alerts ADD CONSTRAINT alerts_email_status_check CHECK (email_status IN (${BEFORE}))`);
  }
}
