import { afterAll, describe, expect, it } from '@jest/globals';
import { AVERY_5160, labelBox, priceLabel, priceStickers, type PriceSticker } from '../src/index.js';
import { decodeQrCodes, readPdf, type ReadPdf } from './pdf-reader.js';

const opened: ReadPdf[] = [];
async function printed(...args: Parameters<typeof priceStickers>): Promise<ReadPdf> {
  const pdf = await readPdf(await priceStickers(...args));
  opened.push(pdf);
  return pdf;
}

afterAll(async () => {
  await Promise.all(opened.map((pdf) => pdf.document.destroy()));
});

const PRICES = [0, 2.5, 12, 149.99, 0.75];
function items(count: number): PriceSticker[] {
  return Array.from({ length: count }, (_, i) => ({
    title: `Item ${i + 1} oak chair`,
    price: PRICES[i % PRICES.length]!,
    url: `https://garage.example/items/3c9e8f10-6a2b-4d7e-b1c5-${String(i + 1).padStart(12, '0')}`,
  }));
}

/** The right end of every label of a sheet, where its QR code is: the regions to decode. */
const sheet = Array.from({ length: 30 }, (_, i) => {
  const box = labelBox(i);
  return { x: box.x + box.width - 76, y: box.y, width: 76, height: box.height };
});

describe('price stickers', () => {
  it('lay out 30 to a Letter sheet in the Avery 5160 grid, within the page', () => {
    const last = labelBox(29);

    expect(labelBox(0)).toEqual({ x: 13.5, y: 36, width: 189, height: 72 });
    expect(labelBox(4)).toEqual({ x: 13.5 + 198, y: 36 + 72, width: 189, height: 72 });
    expect(last.x + last.width).toBeLessThanOrEqual(612 - 13.5 + 1e-9);
    expect(last.y + last.height).toBeLessThanOrEqual(792 - 36 + 1e-9);
    expect(AVERY_5160.columns * AVERY_5160.rows).toBe(30);
  });

  it('print each item’s price and title, one sheet per 30 items', async () => {
    const pdf = await printed(items(35));

    expect(pdf.sizes).toEqual([
      { width: 612, height: 792 },
      { width: 612, height: 792 },
    ]);
    expect(pdf.pages[0]).toContain('Item 1 oak chair');
    expect(pdf.pages[0]).toContain('Item 30 oak chair');
    expect(pdf.pages[0]).not.toContain('Item 31 oak chair');
    expect(pdf.pages[1]).toContain('Item 35 oak chair');
    for (const price of ['FREE', '$2.50', '$12', '$149.99', '$0.75']) expect(pdf.pages[0]).toContain(price);
  });

  it('carry a QR code on every label that decodes to that item', async () => {
    const pdf = await printed(items(32));

    const first = await decodeQrCodes(pdf, 1, sheet, 3);
    const second = await decodeQrCodes(pdf, 2, sheet.slice(0, 3), 3);

    expect(first).toEqual(items(30).map((item) => item.url));
    expect(second).toEqual([
      ...items(32)
        .slice(30)
        .map((item) => item.url),
      null,
    ]);
  });

  it('start after the labels already used on a sheet', async () => {
    const pdf = await printed(items(26), { skip: 5 });

    const decoded = await decodeQrCodes(pdf, 1, sheet.slice(0, 6), 3);
    expect(decoded.slice(0, 5)).toEqual([null, null, null, null, null]);
    expect(decoded[5]).toBe(items(1)[0]!.url);
    expect(pdf.pages).toHaveLength(2);
    expect(pdf.pages[1]).toContain('Item 26 oak chair');
  });

  it('write prices as a shopper reads them', () => {
    expect([0, 1, 2.5, 12.05, 149.99, 0.1 + 0.2, 1_000].map(priceLabel)).toEqual([
      'FREE',
      '$1',
      '$2.50',
      '$12.05',
      '$149.99',
      '$0.30',
      '$1000',
    ]);
  });
});
