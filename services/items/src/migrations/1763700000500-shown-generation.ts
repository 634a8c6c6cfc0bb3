import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A second counter, for everything a search result shows: it moves at the commit of any change to
 * an item, a sale of the projection or a user of the projection (a reservation, a price, a sale's
 * title, a seller's name), and `shown_changes` logs which rows each move changed. Search keeps its
 * finished answers under this counter; a kept answer is served again while none of the rows it
 * shows has changed (and the list it was picked from has not either; see SearchChanges).
 *
 * Same mechanics as the search generation: a deferred constraint trigger takes the next value once
 * per transaction, at commit, under the counter's row lock, so values follow commit order.
 */
export class ShownGeneration1763700000500 implements MigrationInterface {
  name = 'ShownGeneration1763700000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE shown_generation (id smallint PRIMARY KEY CHECK (id = 1), n bigint NOT NULL)`);
    await queryRunner.query(`INSERT INTO shown_generation VALUES (1, 0)`);
    // kind: 'i' an item, 's' a sale, 'u' a user.
    await queryRunner.query(`CREATE TABLE shown_changes (generation bigint NOT NULL, kind "char" NOT NULL, id integer NOT NULL)`);
    await queryRunner.query(`CREATE INDEX shown_changes_generation ON shown_changes (generation)`);
    await queryRunner.query(`
      CREATE FUNCTION shown_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        generation bigint := nullif(current_setting('garage.shown_generation', true), '')::bigint;
      BEGIN
        IF generation IS NULL THEN
          UPDATE shown_generation SET n = n + 1 WHERE id = 1 RETURNING n INTO generation;
          PERFORM set_config('garage.shown_generation', generation::text, true);
        END IF;
        INSERT INTO shown_changes VALUES (generation, TG_ARGV[0]::"char", CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
        RETURN NULL;
      END $$`);
    for (const [table, kind] of [
      ['items', 'i'],
      ['sales', 's'],
      ['users', 'u'],
    ]) {
      await queryRunner.query(`
        CREATE CONSTRAINT TRIGGER ${table}_shown_generation AFTER INSERT OR UPDATE OR DELETE ON ${table}
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION shown_generation_bump('${kind}')`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['items', 'sales', 'users']) await queryRunner.query(`DROP TRIGGER ${table}_shown_generation ON ${table}`);
    await queryRunner.query(`DROP FUNCTION shown_generation_bump()`);
    await queryRunner.query(`DROP TABLE shown_changes`);
    await queryRunner.query(`DROP TABLE shown_generation`);
  }
}
