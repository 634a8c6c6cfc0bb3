import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Offers (issue 39): a member's offer on an item, the host's answer, and the reservation an
 * accepted one became. The item gains the host's floor and auto-accept price, in cents like its
 * price (null: none). An offer keeps its item's title and price as they were offered, so it still
 * reads after the item is deleted; `version` orders its `offer.*` events.
 */
export class Offers1764600000100 implements MigrationInterface {
  name = 'Offers1764600000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE items
        ADD COLUMN min_offer_price_cents integer CHECK (min_offer_price_cents >= 0),
        ADD COLUMN auto_accept_price_cents integer CHECK (auto_accept_price_cents >= 0)`);
    await queryRunner.query(`
      CREATE TABLE offers (
        id serial PRIMARY KEY,
        item_id integer NOT NULL,
        sale_id integer NOT NULL,
        buyer_id integer NOT NULL,
        host_id integer NOT NULL,
        item_title text NOT NULL,
        item_price_cents integer NOT NULL,
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        status text NOT NULL CHECK (status IN ('open', 'countered', 'accepted', 'declined', 'expired', 'withdrawn')),
        counter_amount_cents integer CHECK (counter_amount_cents > 0),
        agreed_amount_cents integer,
        expires_at timestamptz NOT NULL,
        reservation_id integer REFERENCES reservations (id),
        message text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        version integer NOT NULL DEFAULT 1
      )`);
    // One waiting offer per shopper and item, whatever path writes it.
    await queryRunner.query(
      `CREATE UNIQUE INDEX offers_waiting_buyer_item ON offers (item_id, buyer_id) WHERE status IN ('open', 'countered')`,
    );
    await queryRunner.query(`CREATE INDEX offers_waiting_expiry ON offers (expires_at) WHERE status IN ('open', 'countered')`);
    await queryRunner.query(`CREATE INDEX offers_buyer ON offers (buyer_id, created_at DESC)`);
    await queryRunner.query(`CREATE INDEX offers_host ON offers (host_id, created_at DESC)`);
    await queryRunner.query(`CREATE INDEX offers_sale_waiting ON offers (sale_id) WHERE status IN ('open', 'countered')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE offers`);
    await queryRunner.query(`ALTER TABLE items DROP COLUMN min_offer_price_cents, DROP COLUMN auto_accept_price_cents`);
  }
}
