import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ensureSalesProjection } from '@garage/event-bus';

/**
 * The messages service's tables: its copy of sales (who hosts each, and whether the host takes
 * messages about it), conversations, their messages, members' blocks and reports.
 */
export class Messages1764500000100 implements MigrationInterface {
  name = 'Messages1764500000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await ensureSalesProjection(queryRunner);
    // The service's own column beside the projection's (decision 0202): written from the same
    // snapshots by the sale handler, after the projection applied them.
    await queryRunner.query(`ALTER TABLE sales ADD COLUMN messages_enabled boolean NOT NULL DEFAULT true`);

    // One conversation per member, sale and item (item 0: about the sale itself).
    await queryRunner.query(`
      CREATE TABLE conversations (
        id serial PRIMARY KEY,
        sale_id integer NOT NULL,
        item_id integer,
        buyer_id integer NOT NULL,
        host_id integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (buyer_id <> host_id)
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX conversations_one_per_subject ON conversations (buyer_id, sale_id, coalesce(item_id, 0))`);
    await queryRunner.query(`CREATE INDEX conversations_host ON conversations (host_id)`);

    // `withheld`: written to a member who blocked its sender; shown to its sender only, never
    // counted unread or announced. `flagged`: looks like a payment scam (its recipient is warned).
    await queryRunner.query(`
      CREATE TABLE messages (
        id serial PRIMARY KEY,
        conversation_id integer NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        sender_id integer NOT NULL,
        recipient_id integer NOT NULL,
        text text NOT NULL,
        flagged boolean NOT NULL DEFAULT false,
        withheld boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX messages_conversation ON messages (conversation_id, id DESC)`);
    await queryRunner.query(
      `CREATE INDEX messages_unread ON messages (recipient_id, conversation_id) WHERE read_at IS NULL AND NOT withheld`,
    );

    await queryRunner.query(`
      CREATE TABLE blocks (
        blocker_id integer NOT NULL,
        blocked_id integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (blocker_id, blocked_id)
      )`);

    await queryRunner.query(`
      CREATE TABLE reports (
        id serial PRIMARY KEY,
        conversation_id integer NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        reporter_id integer NOT NULL,
        reason text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['reports', 'blocks', 'messages', 'conversations', 'sales']) await queryRunner.query(`DROP TABLE ${table}`);
  }
}
