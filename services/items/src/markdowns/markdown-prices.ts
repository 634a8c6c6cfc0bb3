import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { MarkdownApplied } from '@garage/contracts';
import type { ItemCore } from '../items/items.repository.js';

/**
 * Cuts a sale's prices for a markdown the sales service found due. Each item of the sale that is
 * neither reserved nor sold is cut by `percentOff` of its base: its price before the sale's first
 * markdown (kept in `markdown_base_cents`; a host's own price edit starts a new base), to the cent,
 * and never raised (a price the host already set lower stays). The price it had before the cut is
 * kept as `original_price` (or the host's higher one), which the item page shows struck through.
 * The host's offer prices (floor, auto-accept) are cut in the same proportion: left as they were,
 * a floor above the new price would decline every offer, and the auto-accept price could never be met.
 */
@Injectable()
export class MarkdownPrices {
  /** Null when this markdown was already applied (a redelivery, or its event published twice). */
  async apply(manager: EntityManager, markdown: MarkdownApplied): Promise<ItemCore[] | null> {
    const [first] = await manager.query(
      `INSERT INTO applied_markdowns (markdown_id, sale_id, percent_off) VALUES ($1, $2, $3)
       ON CONFLICT (markdown_id) DO NOTHING RETURNING markdown_id`,
      [markdown.markdownId, markdown.saleId, markdown.percentOff],
    );
    if (!first) return null;
    const [rows] = await manager.query(
      `WITH cut AS (
         SELECT id, coalesce(markdown_base_cents, price_cents) AS base,
           round(coalesce(markdown_base_cents, price_cents) * (100 - $3::int) / 100.0)::int AS cents
         FROM items
         WHERE garage_sale_id = $1 AND user_id = $2 AND NOT is_reserved AND NOT is_sold
         FOR UPDATE)
       UPDATE items i SET price_cents = cut.cents, markdown_base_cents = cut.base,
         original_price_cents = greatest(coalesce(i.original_price_cents, 0), i.price_cents),
         min_offer_price_cents = round(i.min_offer_price_cents * cut.cents::numeric / i.price_cents)::int,
         auto_accept_price_cents = round(i.auto_accept_price_cents * cut.cents::numeric / i.price_cents)::int,
         version = i.version + 1, updated_at = now()
       FROM cut
       WHERE i.id = cut.id AND cut.cents < i.price_cents
       RETURNING i.id, i.user_id, i.garage_sale_id, i.title, i.description, i.category, i.price_cents, i.original_price_cents,
         i.condition, i.brand, i.image_urls, i.is_reserved, i.is_sold, i.version`,
      [markdown.saleId, markdown.hostId, markdown.percentOff],
    );
    await manager.query(`UPDATE applied_markdowns SET items_cut = $2 WHERE markdown_id = $1`, [markdown.markdownId, rows.length]);
    return rows;
  }
}
