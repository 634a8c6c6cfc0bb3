import type { MigrationInterface, QueryRunner } from 'typeorm';

/** `item_search_sync` as a version of it writes `item_search`, given what it copies of the item's sale. */
const syncFunction = (communitySale: boolean) => `
  CREATE OR REPLACE FUNCTION item_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      DELETE FROM item_search WHERE item_id = OLD.id;
    ELSIF NEW.sale_active AND NOT NEW.is_sold THEN
      INSERT INTO item_search (item_id, search_vector, category, condition, price_cents, sale_end_date, latitude, longitude${communitySale ? ', community_sale_id' : ''})
      VALUES (NEW.id, item_search_vector(NEW.title, NEW.brand, NEW.category, NEW.description), NEW.category, NEW.condition,
              NEW.price_cents, NEW.sale_end_date, NEW.sale_latitude, NEW.sale_longitude${
                communitySale
                  ? `,
              (SELECT s.community_sale_id FROM sales s
               WHERE s.id = NEW.garage_sale_id AND s.community_sale_status = 'approved' AND NOT s.deleted)`
                  : ''
              })
      ON CONFLICT (item_id) DO UPDATE SET
        search_vector = EXCLUDED.search_vector, category = EXCLUDED.category, condition = EXCLUDED.condition,
        price_cents = EXCLUDED.price_cents, sale_end_date = EXCLUDED.sale_end_date,
        latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude${communitySale ? ', community_sale_id = EXCLUDED.community_sale_id' : ''};
    ELSIF TG_OP = 'UPDATE' THEN
      DELETE FROM item_search WHERE item_id = NEW.id;
    END IF;
    RETURN NULL;
  END
  $$`;

/**
 * A community sale's search reads `item_search` alone, like every search: each searchable item
 * carries the community sale its sale is approved in (`community_sale_id`, null otherwise), indexed
 * with the item id, so the page's list (newest first) is one index range and words are checked on
 * the community sale's rows only. The trigger reads it from the sale when it writes an item's row
 * (every change of an item's sale also writes its sale columns, so it fires); a sale joining or
 * leaving rewrites its items' rows (`ItemsRepository.copyCommunitySaleOntoItems`).
 */
export class CommunitySaleSearch1764300000200 implements MigrationInterface {
  name = 'CommunitySaleSearch1764300000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE item_search ADD COLUMN community_sale_id integer`);
    await queryRunner.query(syncFunction(true));
    // Before the rows are written: their deferred generation triggers forbid an index after them.
    await queryRunner.query(
      `CREATE INDEX item_search_community_sale ON item_search (community_sale_id, item_id DESC) WHERE community_sale_id IS NOT NULL`,
    );
    // Each community sale's revision: it moves at any change of its search rows (one joining,
    // changing or leaving), so a kept answer about it stays true while it and its shown rows stand.
    await queryRunner.query(`CREATE TABLE community_sale_search_revisions (community_sale_id integer PRIMARY KEY, n bigint NOT NULL)`);
    await queryRunner.query(`
      CREATE FUNCTION community_sale_search_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' AND OLD.community_sale_id IS NOT NULL THEN
          INSERT INTO community_sale_search_revisions VALUES (OLD.community_sale_id, 1)
          ON CONFLICT (community_sale_id) DO UPDATE SET n = community_sale_search_revisions.n + 1;
        END IF;
        IF TG_OP <> 'DELETE' AND NEW.community_sale_id IS NOT NULL
           AND (TG_OP = 'INSERT' OR NEW.community_sale_id IS DISTINCT FROM OLD.community_sale_id) THEN
          INSERT INTO community_sale_search_revisions VALUES (NEW.community_sale_id, 1)
          ON CONFLICT (community_sale_id) DO UPDATE SET n = community_sale_search_revisions.n + 1;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER item_search_community_sale_revision AFTER INSERT OR UPDATE OR DELETE ON item_search
      FOR EACH ROW EXECUTE FUNCTION community_sale_search_bump()`);
    await queryRunner.query(`
      UPDATE item_search x SET community_sale_id = s.community_sale_id
      FROM items i JOIN sales s ON s.id = i.garage_sale_id
      WHERE x.item_id = i.id AND s.community_sale_status = 'approved' AND NOT s.deleted`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER item_search_community_sale_revision ON item_search`);
    await queryRunner.query(`DROP FUNCTION community_sale_search_bump()`);
    await queryRunner.query(`DROP TABLE community_sale_search_revisions`);
    await queryRunner.query(syncFunction(false));
    await queryRunner.query(`ALTER TABLE item_search DROP COLUMN community_sale_id`);
  }
}
