import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A sale's live state (what its host said on the day, or `likely_over` from shoppers' reports) and
 * the shoppers' "Still going?" answers. The summary a sale object shows (latest "going" today and
 * how many said it since the host's last word) is kept on the sale's row, written under the row
 * lock the check-in already takes, so lists read it with no extra query.
 */
export class LiveStatus1764400000000 implements MigrationInterface {
  name = 'LiveStatus1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE sales
        ADD COLUMN live_state text CHECK (live_state IN ('open', 'winding_down', 'closed_early', 'likely_over')),
        ADD COLUMN live_state_at timestamptz,
        -- The host's last word (live_state_at also moves when reports make the sale likely_over).
        ADD COLUMN host_said_at timestamptz,
        -- The sale-clock day of the confirmations below; on another day they read as none.
        ADD COLUMN confirmed_on date,
        ADD COLUMN confirmed_at timestamptz,
        ADD COLUMN confirmed_count integer NOT NULL DEFAULT 0,
        ADD CHECK ((live_state IS NULL) = (live_state_at IS NULL))`);
    await queryRunner.query(`
      CREATE TABLE sale_check_ins (
        id serial PRIMARY KEY,
        sale_id integer NOT NULL REFERENCES sales (id) ON DELETE CASCADE,
        user_id integer NOT NULL,
        going boolean NOT NULL,
        latitude double precision NOT NULL,
        longitude double precision NOT NULL,
        -- The day on the sale's clock, for per-day counts.
        sale_date date NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    // The hourly limit (one shopper's latest) and the ghost window (a sale's last hour).
    await queryRunner.query(`CREATE INDEX sale_check_ins_sale_user ON sale_check_ins (sale_id, user_id, created_at)`);
    await queryRunner.query(`CREATE INDEX sale_check_ins_sale_time ON sale_check_ins (sale_id, created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE sale_check_ins`);
    await queryRunner.query(`
      ALTER TABLE sales DROP COLUMN live_state, DROP COLUMN live_state_at, DROP COLUMN host_said_at, DROP COLUMN confirmed_on,
        DROP COLUMN confirmed_at, DROP COLUMN confirmed_count`);
  }
}
