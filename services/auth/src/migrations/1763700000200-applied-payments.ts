import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The payments auth has applied to premium status, by payment intent: the same payment reaching
 * auth twice (as two different messages) extends premium once.
 */
export class AppliedPayments1763700000200 implements MigrationInterface {
  name = 'AppliedPayments1763700000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE applied_payments (
        payment_intent_id text PRIMARY KEY,
        user_id integer NOT NULL,
        premium_expires_at timestamptz NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE applied_payments`);
  }
}
