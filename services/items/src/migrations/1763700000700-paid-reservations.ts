import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Paid reservations: the reservation row becomes a hold with a state (pending → paid → collected,
 * or lapsed / cancelled / refunded), its amount in cents, the provider's payment intent and, once
 * paid, a pickup code. Rows from before (a reserve that only flipped the flag) are `legacy` and are
 * neither swept nor listed.
 *
 * `reservation_ledger` is every money movement a reservation causes: one charge, at most one
 * refund and at most one transfer each (the unique (reservation, kind) makes every path that wants
 * to refund or pay out idempotent). A row is written in the same transaction as the state change
 * that calls for it, `pending`, and the money job makes the provider call with the row's key as the
 * idempotency key and marks it `done`; so no provider call runs inside the transaction that changes the reservation, and a crash
 * between the two retries the same call instead of losing or repeating it.
 */
export class PaidReservations1763700000700 implements MigrationInterface {
  name = 'PaidReservations1763700000700';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE reservations
        ADD COLUMN status text NOT NULL DEFAULT 'legacy',
        ADD COLUMN host_id integer,
        ADD COLUMN sale_id integer,
        ADD COLUMN item_title text,
        ADD COLUMN amount_cents integer NOT NULL DEFAULT 0,
        ADD COLUMN currency text NOT NULL DEFAULT 'usd',
        ADD COLUMN payment_intent_id text,
        ADD COLUMN expires_at timestamptz,
        ADD COLUMN paid_at timestamptz,
        ADD COLUMN pickup_code text,
        ADD COLUMN collected_at timestamptz,
        ADD COLUMN ended_at timestamptz,
        ADD COLUMN end_reason text,
        ADD COLUMN version integer NOT NULL DEFAULT 1`);
    await queryRunner.query(`ALTER TABLE reservations ALTER COLUMN status SET DEFAULT 'pending'`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX reservations_intent ON reservations (payment_intent_id) WHERE payment_intent_id IS NOT NULL`,
    );
    // One open hold per item at most, whatever path writes it.
    await queryRunner.query(`CREATE UNIQUE INDEX reservations_open_item ON reservations (item_id) WHERE status IN ('pending', 'paid')`);
    await queryRunner.query(`CREATE INDEX reservations_pending_expiry ON reservations (expires_at) WHERE status = 'pending'`);
    await queryRunner.query(`CREATE INDEX reservations_sale ON reservations (sale_id) WHERE sale_id IS NOT NULL`);

    await queryRunner.query(`
      CREATE TABLE reservation_ledger (
        id serial PRIMARY KEY,
        reservation_id integer NOT NULL REFERENCES reservations (id),
        kind text NOT NULL CHECK (kind IN ('charge', 'refund', 'transfer')),
        amount_cents integer NOT NULL,
        currency text NOT NULL,
        provider text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
        provider_ref text,
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        done_at timestamptz,
        UNIQUE (reservation_id, kind)
      )`);
    await queryRunner.query(`CREATE INDEX reservation_ledger_pending ON reservation_ledger (next_attempt_at) WHERE status = 'pending'`);

    // A host's payout account at the provider (Stripe Connect Express), opened on their first request.
    await queryRunner.query(`
      CREATE TABLE payout_accounts (
        user_id integer PRIMARY KEY,
        provider text NOT NULL,
        account_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    // One rating per collected reservation (the primary key makes "once" hold under concurrency).
    await queryRunner.query(`
      CREATE TABLE reservation_ratings (
        reservation_id integer PRIMARY KEY REFERENCES reservations (id),
        host_id integer NOT NULL,
        user_id integer NOT NULL,
        stars integer NOT NULL CHECK (stars BETWEEN 1 AND 5),
        review text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE reservation_ratings`);
    await queryRunner.query(`DROP TABLE payout_accounts`);
    await queryRunner.query(`DROP TABLE reservation_ledger`);
    await queryRunner.query(`DROP INDEX reservations_sale`);
    await queryRunner.query(`DROP INDEX reservations_pending_expiry`);
    await queryRunner.query(`DROP INDEX reservations_open_item`);
    await queryRunner.query(`DROP INDEX reservations_intent`);
    await queryRunner.query(`
      ALTER TABLE reservations DROP COLUMN status, DROP COLUMN host_id, DROP COLUMN sale_id, DROP COLUMN item_title,
        DROP COLUMN amount_cents, DROP COLUMN currency, DROP COLUMN payment_intent_id, DROP COLUMN expires_at,
        DROP COLUMN paid_at, DROP COLUMN pickup_code, DROP COLUMN collected_at, DROP COLUMN ended_at,
        DROP COLUMN end_reason, DROP COLUMN version`);
  }
}
