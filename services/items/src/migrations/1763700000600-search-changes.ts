import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which items each search generation changed. Search keeps match lists in memory; with this log a
 * list that fell behind is brought up to date by re-reading only the items changed since its
 * generation, instead of ranking every match of its words again after each write.
 *
 * The generation is taken at commit (the deferred trigger), while the transaction holds the
 * counter's row lock, so generations are handed out in commit order: a reader that sees counter n
 * sees every change of every generation up to n, and no other. The log is pruned by the search
 * change job (see SearchChangesJob).
 */
export class SearchChanges1763700000600 implements MigrationInterface {
  name = 'SearchChanges1763700000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE item_search_changes (generation bigint NOT NULL, item_id integer NOT NULL)`);
    await queryRunner.query(`CREATE INDEX item_search_changes_generation ON item_search_changes (generation)`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION search_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        generation bigint := nullif(current_setting('garage.search_generation', true), '')::bigint;
      BEGIN
        IF generation IS NULL THEN
          UPDATE search_generation SET n = n + 1 WHERE id = 1 RETURNING n INTO generation;
          PERFORM set_config('garage.search_generation', generation::text, true);
        END IF;
        INSERT INTO item_search_changes VALUES (generation, CASE WHEN TG_OP = 'DELETE' THEN OLD.item_id ELSE NEW.item_id END);
        RETURN NULL;
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION search_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('garage.search_generation_bumped', true) IS DISTINCT FROM 'yes' THEN
          PERFORM set_config('garage.search_generation_bumped', 'yes', true);
          UPDATE search_generation SET n = n + 1 WHERE id = 1;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`DROP TABLE item_search_changes`);
  }
}
