import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Users1763700000100 implements MigrationInterface {
  name = 'Users1763700000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text NOT NULL,
        phone text,
        password_hash text NOT NULL,
        premium_expires_at timestamptz,
        rating numeric(3, 2) NOT NULL DEFAULT 0,
        rating_count integer NOT NULL DEFAULT 0,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Emails are unique whatever their case: "Ada@x.com" and "ada@x.com" are one account.
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_unique ON users (lower(email))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE users`);
  }
}
