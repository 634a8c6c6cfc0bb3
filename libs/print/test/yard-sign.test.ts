import { afterAll, describe, expect, it } from '@jest/globals';
import { yardSign, type YardSignInput } from '../src/index.js';
import { decodeQrCode, readPdf, textSizes, type ReadPdf } from './pdf-reader.js';

const opened: ReadPdf[] = [];
async function printed(overrides: Partial<YardSignInput> = {}): Promise<ReadPdf> {
  const pdf = await readPdf(
    await yardSign({
      title: 'Moving sale: furniture, tools and toys',
      days: [
        { date: '2026-05-16', startTime: '08:00', endTime: '14:00' },
        { date: '2026-05-17', startTime: '08:00', endTime: '14:00' },
      ],
      pageUrl: 'https://garage.example/sales/0b7d1e22-41a9-4c1f-8f3e-2d9c6b5a4e31',
      ...overrides,
    }),
  );
  opened.push(pdf);
  return pdf;
}

afterAll(async () => {
  await Promise.all(opened.map((pdf) => pdf.document.destroy()));
});

describe('a yard sign', () => {
  it('is one landscape Letter page with the title, the days and the hours', async () => {
    const pdf = await printed();

    expect(pdf.sizes).toEqual([{ width: 792, height: 612 }]);
    expect(pdf.pages[0]).toContain('GARAGE SALE');
    expect(pdf.pages[0]).toContain('Moving sale: furniture, tools');
    expect(pdf.pages[0]).toContain('SAT\u2013SUN, MAY 16\u201317');
    expect(pdf.pages[0]).toContain('8 AM\u20132 PM');
  });

  it('gives each day its own hours when they differ, and a single day its full date', async () => {
    const differing = await printed({
      days: [
        { date: '2026-05-16', startTime: '07:30', endTime: '12:00' },
        { date: '2026-05-17', startTime: '09:00', endTime: '13:00' },
      ],
    });
    const single = await printed({ days: [{ date: '2026-05-30', startTime: '08:00', endTime: '15:00' }] });

    expect(differing.pages[0]).toContain('SAT 7:30 AM\u2013NOON');
    expect(differing.pages[0]).toContain('SUN 9 AM\u20131 PM');
    expect(single.pages[0]).toContain('SATURDAY, MAY 30');
    expect(single.pages[0]).toContain('8 AM\u20133 PM');
  });

  it('is written to be read from the road: GARAGE SALE at 96 pt, the days and hours at 44 pt whatever the title', async () => {
    // Helvetica Bold's capitals are 0.72 of the size: about an inch at 96 pt, 0.44 inch at 44 pt.
    const usual = await textSizes(await printed(), 1);
    expect(usual.slice(0, 5)).toEqual([
      { text: 'GARAGE SALE', size: 96 },
      { text: 'Moving sale: furniture, tools', size: 54 },
      { text: 'and toys', size: 54 },
      { text: 'SAT\u2013SUN, MAY 16\u201317', size: 44 },
      { text: '8 AM\u20132 PM', size: 44 },
    ]);
    // A long title gets smaller letters (30 pt at least, two lines), never the days and hours.
    const long = await textSizes(await printed({ title: `Everything must go: ${'furniture, tools, toys, books and '.repeat(4)}more` }), 1);
    const titleLines = long.slice(1, -3);
    expect(titleLines).toHaveLength(2);
    for (const line of titleLines) expect(line.size).toBe(30);
    expect(long.slice(-3, -1)).toEqual([
      { text: 'SAT\u2013SUN, MAY 16\u201317', size: 44 },
      { text: '8 AM\u20132 PM', size: 44 },
    ]);
  });

  it('carries a QR code that decodes to the sale page, with or without a printed arrow', async () => {
    for (const arrow of ['blank', 'left', 'right'] as const) {
      const pdf = await printed({ arrow });
      // The code is at the bottom right, beside the arrow's space.
      expect(await decodeQrCode(pdf, 1, { x: 540, y: 360, width: 252, height: 252 })).toBe(
        'https://garage.example/sales/0b7d1e22-41a9-4c1f-8f3e-2d9c6b5a4e31',
      );
    }
  });
});
