import { afterAll, describe, expect, it } from '@jest/globals';
import { communitySalePrintout } from '../src/index.js';
import { communitySale } from './fixtures.js';
import { decodeQrCode, readPdf, type ReadPdf } from './pdf-reader.js';

const opened: ReadPdf[] = [];
async function printed(...args: Parameters<typeof communitySale>): Promise<ReadPdf> {
  const pdf = await readPdf(await communitySalePrintout(communitySale(...args)));
  opened.push(pdf);
  return pdf;
}

/** The largest community sale, printed once for the tests that read it. */
let largest: Promise<ReadPdf> | undefined;
const fourHundred = () => (largest ??= printed(400));

afterAll(async () => {
  await Promise.all(opened.map((pdf) => pdf.document.destroy()));
});

/** The text of the list pages (every page after the map), as one string. */
const listText = (pdf: ReadPdf) => pdf.pages.slice(1).join('\n');

describe('a community sale printout', () => {
  it('is Letter pages: the map page with the name, days and rain date, then the numbered list', async () => {
    const pdf = await printed(40);

    expect(pdf.sizes.every((size) => size.width === 612 && size.height === 792)).toBe(true);
    expect(pdf.pages[0]).toContain('Bouldin Creek Neighborhood Sale');
    expect(pdf.pages[0]).toContain('Sat, May 16, 8 am\u20132 pm');
    expect(pdf.pages[0]).toContain('Sun, May 17, 9 am\u20131 pm');
    expect(pdf.pages[0]).toContain('Rain date: Saturday, May 23');
    expect(pdf.pages[0]).toContain('40 sales');
    expect(pdf.pages[0]).toMatch(/\d+(\.\d+)? miles?/);
    const list = listText(pdf);
    for (let number = 1; number <= 40; number++) expect(list).toContain(`Sale ${number}:`);
    expect(list).toContain('Sat 8 am\u20132 pm');
    expect(list).toContain('Furniture, Clothing, Kitchen');
  });

  it('places every number on the map page', async () => {
    const pdf = await printed(120);

    const onMap = new Set(
      pdf.pages[0]!.split(/\s+/)
        .filter((word) => /^\d+$/.test(word))
        .map(Number),
    );
    for (let number = 1; number <= 120; number++) expect(onMap.has(number)).toBe(true);
  });

  it('gives members the address and visitors only the street', async () => {
    const member = await printed(30);
    const visitor = await printed(30, { audience: 'visitor' });
    const sale = communitySale(30).entries[4]!; // "<house> Maple St, Apt 5"

    expect(listText(member)).toContain(sale.address!);
    expect(listText(visitor)).toContain('Maple St');
    expect(listText(visitor)).not.toContain(sale.address!.split(' ')[0]!);
  });

  it('leaks no house number or unit to a visitor, even when the caller passes addresses', async () => {
    const input = communitySale(60, { audience: 'visitor' });
    const pdf = await printed(60, { audience: 'visitor' });

    const text = pdf.pages.join('\n');
    for (const entry of input.entries) {
      const house = entry.address!.match(/^\d+/)![0];
      expect(text).not.toContain(house);
    }
    expect(text).not.toMatch(/Apt \d/);
    expect(listText(pdf)).toContain('S Congress Ave');
  });

  it('prints the street a visitor is given, never the address beside it', async () => {
    const base = communitySale(5);
    const entries = base.entries.map((entry) => ({ ...entry, street: 'Given Street' }));
    const pdf = await printed(5, { audience: 'visitor', entries });

    expect(listText(pdf)).toContain('Given Street');
    for (const entry of entries) expect(listText(pdf)).not.toContain(entry.address!);
  });

  it('grows by pages as sales are added', async () => {
    const pages = [(await printed(10)).pages.length, (await printed(100)).pages.length, (await fourHundred()).pages.length];

    expect(pages[0]).toBe(2);
    expect(pages[1]).toBeGreaterThan(pages[0]!);
    expect(pages[2]).toBeGreaterThan(pages[1]!);
    const last = await fourHundred();
    expect(last.pages.at(-1)).toContain('Sale 400:');
    expect(last.pages.at(-1)).toContain(`Page ${last.pages.length} of ${last.pages.length}`);
  });

  it('carries a QR code that decodes to the community sale page', async () => {
    const pdf = await fourHundred();

    // The code sits at the foot of the map page, right of the caption.
    const decoded = await decodeQrCode(pdf, 1, { x: 420, y: 640, width: 192, height: 152 });
    expect(decoded).toBe(communitySale(1).pageUrl);
  });

  it('outlines a ZIP-code area around its sales and still prints every sale', async () => {
    const pdf = await printed(50, { zipCodes: ['78701', '78704'], radiusMiles: null });

    expect(pdf.pages[0]).toContain('50 sales');
    for (let number = 1; number <= 50; number++) expect(listText(pdf)).toContain(`Sale ${number}:`);
  });

  it('prints text the standard fonts cannot draw as question marks instead of wrong glyphs', async () => {
    const entries = communitySale(1).entries.map((entry) => ({ ...entry, title: 'Caf\u00e9 chairs \u{1F600} \u4e2d' }));
    const pdf = await printed(1, { entries });

    expect(listText(pdf)).toContain('Caf\u00e9 chairs ? ?');
  });

  it('prints a community sale nobody has joined yet as its map page alone', async () => {
    const pdf = await printed(0);

    expect(pdf.pages).toHaveLength(1);
    expect(pdf.pages[0]).toContain('0 sales');
    expect(await decodeQrCode(pdf, 1, { x: 420, y: 640, width: 192, height: 152 })).toBe(communitySale(0).pageUrl);
  });

  it('lists a sale without a place but leaves it off the map', async () => {
    const [placed, unplaced] = communitySale(2).entries;
    const entries = [
      { ...placed!, number: 555 },
      { ...unplaced!, number: 777, latitude: Number.NaN, longitude: Number.NaN },
    ];
    const pdf = await printed(2, { entries, zipCodes: ['78704'], radiusMiles: null });

    expect(pdf.pages[0]!.split(/\s+/)).toContain('555');
    expect(pdf.pages[0]!.split(/\s+/)).not.toContain('777');
    expect(listText(pdf)).toContain('777');
  });

  it('zooms in on a small town in a wide circle, with a locator of the whole area', async () => {
    const town = await printed(60); // sales within about 3 miles, a 5-mile circle
    const county = await printed(60, { radiusMiles: 25 });

    const scaleMiles = (pdf: ReadPdf) => Number(pdf.pages[0]!.match(/([\d.]+) miles?/)![1]);
    expect(town.pages[0]).not.toContain('The whole area');
    expect(county.pages[0]).toContain('The whole area');
    // Zoomed in, the scale bar stands for fewer miles than the whole circle's would.
    expect(scaleMiles(county)).toBeLessThan(scaleMiles(town));
  });

  it('names the days in the heading, once with their hours when they share them', async () => {
    const days = ['2026-05-15', '2026-05-16', '2026-05-17'].map((date) => ({ date, startTime: '07:00', endTime: '13:00' }));
    const pdf = await printed(3, { days });

    expect(pdf.pages[0]).toContain('Friday, May 15, Saturday, May 16 and Sunday, May 17, 7 am\u20131 pm');
  });
});
