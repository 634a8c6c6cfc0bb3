import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Offers in their conversations (issue 39): a message may show an offer's change (`offer`), written
 * once per change (`offer_key`: the offer and its version), however often items' event arrives.
 */
export class OfferMessages1764600000200 implements MigrationInterface {
  name = 'OfferMessages1764600000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE messages ADD COLUMN offer jsonb, ADD COLUMN offer_key text`);
    await queryRunner.query(`CREATE UNIQUE INDEX messages_offer_key ON messages (offer_key) WHERE offer_key IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM messages WHERE offer IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE messages DROP COLUMN offer_key, DROP COLUMN offer`);
  }
}
