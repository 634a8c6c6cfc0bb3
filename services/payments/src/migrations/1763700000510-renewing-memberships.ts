import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Memberships that renew yearly until cancelled, with a 30-day money-back guarantee: the
 * membership's state and its provider subscription, each paid period's refund, and the ledger of
 * every payment, renewal, cancellation, resumption, refund, reminder and failed renewal.
 */
export class RenewingMemberships1763700000510 implements MigrationInterface {
  name = 'RenewingMemberships1763700000510';

  async up(queryRunner: QueryRunner): Promise<void> {
    // `status` is what the member chose or what happened last; `ended` is not stored, it is read
    // from `paid_through` having passed. Members who paid before renewals existed renew from now on.
    await queryRunner.query(`
      ALTER TABLE memberships
        ADD COLUMN status text NOT NULL DEFAULT 'none' CHECK (status IN ('none', 'active', 'cancelled', 'past_due', 'refunded')),
        ADD COLUMN provider_subscription_id text UNIQUE,
        ADD COLUMN reminded_for timestamptz,
        ADD COLUMN renewal_failed_for timestamptz`);
    await queryRunner.query(`UPDATE memberships SET status = 'active' WHERE paid_through IS NOT NULL`);
    // When the provider last reported the subscription's state: an older report arriving late is ignored.
    await queryRunner.query(`ALTER TABLE memberships ADD COLUMN provider_state_at timestamptz`);
    // When the period was paid (the service's clock), which starts its 30 days; and its refund.
    await queryRunner.query(`
      ALTER TABLE subscriptions
        ADD COLUMN paid_at timestamptz,
        ADD COLUMN renewal boolean NOT NULL DEFAULT false,
        ADD COLUMN refunded_at timestamptz,
        ADD COLUMN refund_id text`);
    await queryRunner.query(`UPDATE subscriptions SET paid_at = created_at`);
    // The provider subscription a first payment starts (set at subscribe, adopted by the membership when paid).
    await queryRunner.query(`ALTER TABLE payment_intents ADD COLUMN subscription_id text`);
    // Renewals the service charges itself (the simulated provider) are reported by the renewal job.
    await queryRunner.query(`ALTER TABLE payment_intent_history DROP CONSTRAINT payment_intent_history_source_check`);
    await queryRunner.query(
      `ALTER TABLE payment_intent_history ADD CONSTRAINT payment_intent_history_source_check CHECK (source IN ('subscribe', 'confirm', 'webhook', 'renewal'))`,
    );
    await queryRunner.query(`ALTER TABLE subscriptions ALTER COLUMN paid_at SET NOT NULL`);
    // The ledger: one row per fact, `key` makes each fact land once however often it is retried or redelivered.
    await queryRunner.query(`
      CREATE TABLE membership_ledger (
        id bigserial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES memberships (user_id),
        kind text NOT NULL CHECK (kind IN ('payment', 'renewal', 'renewal_failed', 'cancellation', 'resumption', 'refund', 'reminder')),
        key text NOT NULL UNIQUE,
        payment_intent_id text,
        amount_cents integer,
        currency text,
        paid_through timestamptz,
        occurred_at timestamptz NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX membership_ledger_user ON membership_ledger (user_id, id DESC)`);
    await queryRunner.query(`
      INSERT INTO membership_ledger (user_id, kind, key, payment_intent_id, amount_cents, currency, paid_through, occurred_at)
      SELECT user_id, 'payment', 'payment:' || payment_intent_id, payment_intent_id, amount_cents, currency, expires_at, paid_at
      FROM subscriptions ORDER BY id`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE membership_ledger`);
    await queryRunner.query(`ALTER TABLE payment_intents DROP COLUMN subscription_id`);
    await queryRunner.query(
      `ALTER TABLE subscriptions DROP COLUMN paid_at, DROP COLUMN renewal, DROP COLUMN refunded_at, DROP COLUMN refund_id`,
    );
    await queryRunner.query(`
      ALTER TABLE memberships DROP COLUMN status, DROP COLUMN provider_subscription_id, DROP COLUMN reminded_for,
        DROP COLUMN renewal_failed_for, DROP COLUMN provider_state_at`);
  }
}
