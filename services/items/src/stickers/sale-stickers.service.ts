import { Inject, Injectable } from '@nestjs/common';
import { fromCents } from '@garage/contracts';
import { priceStickers, type PriceSticker } from '@garage/print';
import { notFound, SERVICE_CONFIG } from '@garage/service-kit';
import { siteUrl, type ItemsConfig } from '../config.js';
import { ItemsRepository } from '../items/items.repository.js';
import { SalesRepository } from '../projections/sales.repository.js';

/** A title longer than this is cut (at a word when it can be) to fit a 1-inch label's three lines. */
const SHORT_TITLE = 48;

/**
 * A sale's price stickers (made by the print library, Avery 5160 sheets): one for each of its items
 * not sold yet, with the price, a short title and a QR code to the item's page. The sale's host's
 * alone; its host is read from this service's copy of sales, or asked of the sales service when the
 * copy has not heard of the sale yet. To anyone else the sale is not there (404).
 */
@Injectable()
export class SaleStickersService {
  constructor(
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
    @Inject(SERVICE_CONFIG) private readonly config: ItemsConfig,
  ) {}

  async stickers(userId: number, saleId: number): Promise<Buffer> {
    const sale = await this.sales.findOrAsk(saleId);
    if (!sale || sale.deleted || sale.user_id !== userId) throw notFound('Sale not found');
    const site = siteUrl(this.config);
    const stickers: PriceSticker[] = (await this.items.listBySale(saleId))
      .filter((item) => !item.is_sold)
      .map((item) => ({ title: shortTitle(item.title), price: fromCents(item.price_cents), url: `${site}/items/${item.id}` }));
    return priceStickers(stickers);
  }
}

/** "Mid-century walnut dresser with six drawers and brass pulls" -> "Mid-century walnut dresser with six drawers…" */
export function shortTitle(title: string): string {
  const text = title.replace(/\s+/g, ' ').trim();
  if (text.length <= SHORT_TITLE) return text;
  const cut = text.slice(0, SHORT_TITLE - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > SHORT_TITLE / 2 ? cut.slice(0, space) : cut).trimEnd()}\u2026`;
}
