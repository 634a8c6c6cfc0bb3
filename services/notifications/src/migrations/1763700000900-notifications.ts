import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ensureUsersProjection } from '@garage/event-bus';

/**
 * The notifications service's tables: its copy of users (where notices are emailed, and the
 * member's choice of emails about sales they follow), the bell's alerts with their email state,
 * and the day of each member's last digest.
 *
 * Installs from before this service kept these in shopper's schema. Their bell history, digest
 * days and users are copied here once, while this migration runs (never at run time): shopper no
 * longer writes them, and keeps its old tables unused until a later release drops them.
 */
export class Notifications1763700000900 implements MigrationInterface {
  name = 'Notifications1763700000900';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The users projection in the one shape every service keeps, plus the member's own choice of
    // emails about the sales they follow.
    await ensureUsersProjection(queryRunner);
    await queryRunner.query(`ALTER TABLE users ADD COLUMN sale_update_emails boolean NOT NULL DEFAULT true`);

    // email_status: none (not emailed), pending (instant, to send), digest (waits for the daily
    // digest), sent, failed (gave up). `change_key` makes each notice once per member, whatever
    // events arrive, however often (a match is keyed by its saved search and item).
    await queryRunner.query(`
      CREATE TABLE alerts (
        id serial PRIMARY KEY,
        user_id integer NOT NULL,
        kind text NOT NULL CHECK (kind IN ('match', 'sale_cancelled', 'sale_deleted', 'sale_changed', 'reservation', 'membership')),
        saved_search_id integer,
        item_id integer,
        sale_id integer,
        title text NOT NULL,
        message text NOT NULL,
        data jsonb NOT NULL DEFAULT '{}'::jsonb,
        change_key text,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz,
        email_status text NOT NULL DEFAULT 'none' CHECK (email_status IN ('none', 'pending', 'digest', 'sent', 'failed')),
        email_attempts integer NOT NULL DEFAULT 0,
        email_next_at timestamptz,
        email_error text,
        emailed_at timestamptz
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX alerts_one_per_change ON alerts (user_id, change_key) WHERE change_key IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX alerts_user ON alerts (user_id, id DESC)`);
    await queryRunner.query(`CREATE INDEX alerts_unread ON alerts (user_id) WHERE read_at IS NULL`);
    await queryRunner.query(`CREATE INDEX alerts_saved_search ON alerts (saved_search_id) WHERE saved_search_id IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX alerts_email_pending ON alerts (email_next_at) WHERE email_status = 'pending'`);
    await queryRunner.query(`CREATE INDEX alerts_email_digest ON alerts (user_id) WHERE email_status = 'digest'`);

    // The row is locked while a digest is being sent, so several replicas never send one user two.
    await queryRunner.query(`
      CREATE TABLE digests (
        user_id integer PRIMARY KEY,
        last_sent_on date,
        last_sent_at timestamptz
      )`);

    const [{ found }] = await queryRunner.query(`SELECT to_regclass('shopper.alerts') IS NOT NULL AS found`);
    if (!found) return;
    await queryRunner.query(`
      INSERT INTO users (id, first_name, last_name, email, phone, rating, rating_count, premium_expires_at, sale_update_emails, version, updated_at)
      SELECT id, first_name, last_name, email, phone, rating, rating_count, premium_expires_at, sale_update_emails, version, updated_at
      FROM shopper.users`);
    await queryRunner.query(`
      INSERT INTO alerts (id, user_id, kind, saved_search_id, item_id, sale_id, title, message, data, change_key, created_at, read_at,
                          email_status, email_attempts, email_next_at, email_error, emailed_at)
      SELECT id, user_id, kind, saved_search_id, item_id, sale_id, title, message, data,
             CASE WHEN kind = 'match' AND change_key IS NULL AND saved_search_id IS NOT NULL
                  THEN 'match:' || saved_search_id || ':' || item_id ELSE change_key END,
             created_at, read_at, email_status, email_attempts, email_next_at, email_error, emailed_at
      FROM shopper.alerts`);
    await queryRunner.query(`SELECT setval(pg_get_serial_sequence('alerts', 'id'), greatest((SELECT max(id) FROM alerts), 1))`);
    await queryRunner.query(
      `INSERT INTO digests (user_id, last_sent_on, last_sent_at) SELECT user_id, last_sent_on, last_sent_at FROM shopper.digests`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['digests', 'alerts', 'users']) await queryRunner.query(`DROP TABLE ${table}`);
  }
}
