import type { MigrationInterface, QueryRunner } from 'typeorm';

const BEFORE = `'match', 'sale_cancelled', 'sale_deleted', 'sale_changed', 'reservation', 'membership', 'community_sale_cancelled', 'community_sale_moved', 'sale_dropped_out', 'sale_likely_over'`;

/**
 * A new message (issue 39): an alert of kind `message` for its recipient, and when each member was
 * last emailed about each conversation, so a conversation is emailed at most once an hour.
 */
export class MessageNotices1764500000200 implements MigrationInterface {
  name = 'MessageNotices1764500000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check`);
    await queryRunner.query(`ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check CHECK (kind IN (${BEFORE}, 'message'))`);
    await queryRunner.query(`
      CREATE TABLE message_emails (
        user_id integer NOT NULL,
        conversation_id integer NOT NULL,
        last_emailed_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, conversation_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE message_emails`);
    await queryRunner.query(`DELETE FROM alerts WHERE kind = 'message'`);
    await queryRunner.query(`ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check`);
    await queryRunner.query(`ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check CHECK (kind IN (${BEFORE}))`);
  }
}
