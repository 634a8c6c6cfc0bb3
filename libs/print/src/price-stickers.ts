import { BOLD, finish, fitLines, FONT, INK, line, newPdf, type Pdf } from './pdf-document.js';
import { drawQrCode } from './qr-code.js';

/** One item's sticker. */
export interface PriceSticker {
  title: string;
  /** Dollars, at most 2 decimals; 0 prints "FREE". */
  price: number;
  /** The item's page, encoded in the QR code. */
  url: string;
}

export interface PriceStickerOptions {
  /** Labels already used on the first sheet (0-29), filled row by row: printing starts after them. */
  skip?: number;
}

/**
 * Avery 5160 (and its equivalents: 5260, 8160, 18160...): 30 labels a Letter sheet, 3 across and
 * 10 down, each 2 5/8 x 1 inch, the sheet's top margin 1/2 inch, its side margins 3/16 inch, 1/8
 * inch between columns.
 */
export const AVERY_5160 = {
  columns: 3,
  rows: 10,
  labelWidth: 189,
  labelHeight: 72,
  top: 36,
  left: 13.5,
  columnPitch: 198,
  rowPitch: 72,
} as const;

const PER_SHEET = AVERY_5160.columns * AVERY_5160.rows;
const PADDING = 6;
const QR_SIZE = 62;

/** Where label `index` (0-29, row by row) of a sheet sits, in points from the page's top left. */
export function labelBox(index: number): { x: number; y: number; width: number; height: number } {
  const column = index % AVERY_5160.columns;
  const row = Math.floor(index / AVERY_5160.columns);
  return {
    x: AVERY_5160.left + column * AVERY_5160.columnPitch,
    y: AVERY_5160.top + row * AVERY_5160.rowPitch,
    width: AVERY_5160.labelWidth,
    height: AVERY_5160.labelHeight,
  };
}

/**
 * Price stickers for a sale's items on Avery 5160 sheets, one label an item, as many sheets as it
 * takes: the price large, a short title, and a QR code to the item's page (where a shopper can
 * see more, or reserve it for later).
 */
export async function priceStickers(items: PriceSticker[], options: PriceStickerOptions = {}): Promise<Buffer> {
  const doc = newPdf({ title: 'Price stickers', margin: 0 });
  const skip = Math.max(0, Math.min(PER_SHEET - 1, Math.floor(options.skip ?? 0)));
  if (items.length === 0) doc.addPage();
  items.forEach((item, i) => {
    const slot = skip + i;
    if (i === 0 || slot % PER_SHEET === 0) doc.addPage();
    drawSticker(doc, item, labelBox(slot % PER_SHEET));
  });
  return finish(doc);
}

/** "$12.50", "$5", "FREE". */
export function priceLabel(price: number): string {
  if (price <= 0) return 'FREE';
  const cents = Math.round(price * 100);
  return cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
}

function drawSticker(doc: Pdf, item: PriceSticker, box: { x: number; y: number; width: number; height: number }): void {
  const qrX = box.x + box.width - QR_SIZE - PADDING + 4;
  drawQrCode(doc, item.url, qrX, box.y + (box.height - QR_SIZE) / 2, QR_SIZE);
  const textWidth = qrX - box.x - PADDING - 2;
  doc.font(BOLD).fontSize(22).fillColor(INK);
  line(doc, priceLabel(item.price), box.x + PADDING + 2, box.y + PADDING + 2);
  doc.font(FONT).fontSize(8.5);
  fitLines(doc, item.title, textWidth, 3).forEach((text, i) => line(doc, text, box.x + PADDING + 2, box.y + 34 + i * 9));
}
