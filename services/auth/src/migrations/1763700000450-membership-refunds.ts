import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refunded memberships: premium ends at the refund. Each applied payment keeps the membership
 * version it came with, so a refund and a payment arriving out of order are applied in the order
 * payments made them (a newer payment is never cut by an older refund, nor an old payment revived).
 */
export class MembershipRefunds1763700000450 implements MigrationInterface {
  name = 'MembershipRefunds1763700000450';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE applied_payments ADD COLUMN membership_version integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`
      CREATE TABLE applied_refunds (
        payment_intent_id text PRIMARY KEY,
        user_id integer NOT NULL,
        membership_version integer NOT NULL,
        premium_expires_at timestamptz NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX applied_refunds_user ON applied_refunds (user_id, membership_version DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE applied_refunds`);
    await queryRunner.query(`ALTER TABLE applied_payments DROP COLUMN membership_version`);
  }
}
