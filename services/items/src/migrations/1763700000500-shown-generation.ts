import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A second counter, for everything a search result shows: it moves at the commit of any change to
 * an item, a sale of the projection or a user of the projection (a reservation, a price, a sale's
 * title, a seller's name). Search keeps its finished answers under it, so a kept answer is served
 * only while nothing it shows has changed. The search generation (see SearchGeneration) moves only
 * when the searchable set does, and keeps the match lists, which are dearer to rebuild.
 *
 * Same mechanics as the search generation: a deferred constraint trigger, once per transaction.
 */
export class ShownGeneration1763700000500 implements MigrationInterface {
  name = 'ShownGeneration1763700000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE shown_generation (id smallint PRIMARY KEY CHECK (id = 1), n bigint NOT NULL)`);
    await queryRunner.query(`INSERT INTO shown_generation VALUES (1, 0)`);
    await queryRunner.query(`
      CREATE FUNCTION shown_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('garage.shown_generation_bumped', true) IS DISTINCT FROM 'yes' THEN
          PERFORM set_config('garage.shown_generation_bumped', 'yes', true);
          UPDATE shown_generation SET n = n + 1 WHERE id = 1;
        END IF;
        RETURN NULL;
      END $$`);
    for (const table of ['items', 'sales', 'users']) {
      await queryRunner.query(`
        CREATE CONSTRAINT TRIGGER ${table}_shown_generation AFTER INSERT OR UPDATE OR DELETE ON ${table}
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION shown_generation_bump()`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['items', 'sales', 'users']) await queryRunner.query(`DROP TRIGGER ${table}_shown_generation ON ${table}`);
    await queryRunner.query(`DROP FUNCTION shown_generation_bump()`);
    await queryRunner.query(`DROP TABLE shown_generation`);
  }
}
