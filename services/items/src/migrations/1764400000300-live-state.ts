import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ensureSalesProjection } from '@garage/event-bus';

/**
 * The `sales` projection, shared in shape with shopper's, gains each sale's live state and when it
 * was said (`live_state`, `live_state_at`): sale snapshots carry them, and every column of a
 * snapshot is written. Rows are kept; a sale fills them in with its next event.
 */
export class LiveState1764400000300 implements MigrationInterface {
  name = 'LiveState1764400000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await ensureSalesProjection(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['live_state', 'live_state_at']) await queryRunner.query(`ALTER TABLE sales DROP COLUMN IF EXISTS ${column}`);
  }
}
