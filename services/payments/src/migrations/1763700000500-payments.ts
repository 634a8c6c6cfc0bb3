import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payment intents with their status history, premium memberships and the subscriptions (paid
 * periods) behind them, and the provider's webhooks already applied. Money is integer cents.
 */
export class Payments1763700000500 implements MigrationInterface {
  name = 'Payments1763700000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Every payment attempt, with its latest status. `status_at` is when the provider reported that
    // status, so a webhook that arrives late does not overwrite a newer state.
    await queryRunner.query(`
      CREATE TABLE payment_intents (
        id text PRIMARY KEY,
        provider text NOT NULL,
        user_id integer NOT NULL,
        amount_cents integer NOT NULL CHECK (amount_cents >= 0),
        currency text NOT NULL,
        purpose text,
        status text NOT NULL,
        status_at timestamptz NOT NULL,
        idempotency_key text UNIQUE,
        succeeded_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX payment_intents_user ON payment_intents (user_id, created_at DESC)`);
    // Everything the provider ever said about an intent, in the order we learnt it.
    await queryRunner.query(`
      CREATE TABLE payment_intent_history (
        id bigserial PRIMARY KEY,
        payment_intent_id text NOT NULL REFERENCES payment_intents (id),
        status text NOT NULL,
        source text NOT NULL CHECK (source IN ('subscribe', 'confirm', 'webhook')),
        provider_event_id text,
        provider_event_type text,
        reported_at timestamptz NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX payment_intent_history_intent ON payment_intent_history (payment_intent_id, id)`);
    // One row per member: the paid-through date (the latest subscription's expiry) and the version
    // its payment.succeeded events carry. Locking this row serialises one member's renewals.
    await queryRunner.query(`
      CREATE TABLE memberships (
        user_id integer PRIMARY KEY,
        paid_through timestamptz,
        version integer NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One paid period per succeeded intent, never two: the unique intent is what makes a double
    // confirmation, or a confirmation plus a webhook, extend the membership once.
    await queryRunner.query(`
      CREATE TABLE subscriptions (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES memberships (user_id),
        payment_intent_id text NOT NULL UNIQUE REFERENCES payment_intents (id),
        amount_cents integer NOT NULL CHECK (amount_cents >= 0),
        currency text NOT NULL,
        starts_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL CHECK (expires_at > starts_at),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX subscriptions_user ON subscriptions (user_id, expires_at DESC)`);
    // Provider webhooks already applied, by the provider's event id (providers deliver at least once).
    await queryRunner.query(`
      CREATE TABLE webhook_events (
        id text PRIMARY KEY,
        provider text NOT NULL,
        type text NOT NULL,
        payment_intent_id text,
        provider_created_at timestamptz NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE webhook_events`);
    await queryRunner.query(`DROP TABLE subscriptions`);
    await queryRunner.query(`DROP TABLE memberships`);
    await queryRunner.query(`DROP TABLE payment_intent_history`);
    await queryRunner.query(`DROP TABLE payment_intents`);
  }
}
