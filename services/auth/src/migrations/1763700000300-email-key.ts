import type { MigrationInterface, QueryRunner } from 'typeorm';
import { canonicalEmail } from '@garage/contracts';

/**
 * One canonical key per email (`canonicalEmail` in libs/contracts: NFKC and a full case fold),
 * unique, replacing the index on Postgres' `lower(email)`, which folds differently from the sign-in
 * limits (`İ`, `ß`, full-width letters). The key is computed here, in the same code the service
 * uses. Should two existing accounts share a key, the oldest keeps it and the later one gets a key
 * no address can produce (`#<id>` suffix): it can no longer sign in as a look-alike.
 */
export class EmailKey1763700000300 implements MigrationInterface {
  name = 'EmailKey1763700000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN email_key text`);
    const rows: Array<{ id: number; email: string }> = await queryRunner.query(`SELECT id, email FROM users ORDER BY id`);
    const taken = new Set<string>();
    for (const row of rows) {
      let key = canonicalEmail(row.email);
      if (taken.has(key)) key = `${key}#${row.id}`;
      taken.add(key);
      await queryRunner.query(`UPDATE users SET email_key = $2 WHERE id = $1`, [row.id, key]);
    }
    await queryRunner.query(`ALTER TABLE users ALTER COLUMN email_key SET NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_key_unique ON users (email_key)`);
    await queryRunner.query(`DROP INDEX users_email_unique`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_unique ON users (lower(email))`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN email_key`);
  }
}
