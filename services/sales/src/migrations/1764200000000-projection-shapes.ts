import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ensureUsersProjection } from '@garage/event-bus';

/**
 * The `users` projection in the one shape every service keeps (defined in the event bus library):
 * it gains `email`, `rating_count` and `updated_at`, and names may be null as elsewhere. Rows are
 * kept; the new columns fill in with each user's next event.
 */
export class ProjectionShapes1764200000000 implements MigrationInterface {
  name = 'ProjectionShapes1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await ensureUsersProjection(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN email, DROP COLUMN rating_count, DROP COLUMN updated_at`);
    await queryRunner.query(`ALTER TABLE users ALTER COLUMN first_name SET NOT NULL, ALTER COLUMN last_name SET NOT NULL`);
  }
}
