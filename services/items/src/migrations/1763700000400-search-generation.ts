import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A counter that moves whenever the searchable set changes (any write to `item_search`, by any
 * replica). Search caches its rankings under the counter's value, so a cached ranking is used only
 * while nothing searchable has changed since it was computed.
 *
 * The counter moves at commit (a deferred trigger), in the writer's own transaction: a reader never
 * sees the new value before the data, and the row is locked only in the last moment of a commit,
 * after every other lock the writer takes, so writers cannot deadlock on it. One bump per
 * transaction is enough (a transaction-local setting remembers it).
 */
export class SearchGeneration1763700000400 implements MigrationInterface {
  name = 'SearchGeneration1763700000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE search_generation (id smallint PRIMARY KEY CHECK (id = 1), n bigint NOT NULL)`);
    await queryRunner.query(`INSERT INTO search_generation VALUES (1, 0)`);
    await queryRunner.query(`
      CREATE FUNCTION search_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('garage.search_generation_bumped', true) IS DISTINCT FROM 'yes' THEN
          PERFORM set_config('garage.search_generation_bumped', 'yes', true);
          UPDATE search_generation SET n = n + 1 WHERE id = 1;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE CONSTRAINT TRIGGER item_search_generation AFTER INSERT OR UPDATE OR DELETE ON item_search
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION search_generation_bump()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER item_search_generation ON item_search`);
    await queryRunner.query(`DROP FUNCTION search_generation_bump()`);
    await queryRunner.query(`DROP TABLE search_generation`);
  }
}
