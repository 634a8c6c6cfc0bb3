import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ensureSalesProjection, ensureUsersProjection } from '@garage/event-bus';

/**
 * The `users` and `sales` projections in the one shape every service keeps (defined in the event
 * bus library): `users` gains `email`. Rows are kept; an email fills in with the user's next event.
 */
export class ProjectionShapes1764200000000 implements MigrationInterface {
  name = 'ProjectionShapes1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await ensureUsersProjection(queryRunner);
    await ensureSalesProjection(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN email`);
  }
}
