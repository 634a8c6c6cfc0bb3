import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Alerts about a shopper's own reservations (lapsed, cancelled, refunded). */
export class ReservationAlerts1763700000700 implements MigrationInterface {
  name = 'ReservationAlerts1763700000700';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check`);
    await queryRunner.query(`
      ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check
        CHECK (kind IN ('match', 'sale_cancelled', 'sale_deleted', 'sale_changed', 'reservation'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM alerts WHERE kind = 'reservation'`);
    await queryRunner.query(`ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check`);
    await queryRunner.query(`
      ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check CHECK (kind IN ('match', 'sale_cancelled', 'sale_deleted', 'sale_changed'))`);
  }
}
