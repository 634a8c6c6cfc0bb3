import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox and inbox tables, created in the schema of each service that lists this migration.
 * `seq` orders the outbox, so the relay publishes in commit order.
 */
export class MessagingTables1763700000000 implements MigrationInterface {
  name = 'MessagingTables1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbox (
        seq bigserial PRIMARY KEY,
        id uuid NOT NULL UNIQUE,
        type text NOT NULL,
        envelope jsonb NOT NULL,
        headers jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        last_error text
      )`);
    await queryRunner.query(`CREATE INDEX outbox_pending ON outbox (seq) WHERE published_at IS NULL`);
    await queryRunner.query(`
      CREATE TABLE inbox (
        handler text NOT NULL,
        message_id uuid NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (handler, message_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE inbox`);
    await queryRunner.query(`DROP TABLE outbox`);
  }
}
