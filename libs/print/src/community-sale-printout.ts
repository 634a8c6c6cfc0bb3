import { drawAreaMap } from './area-map.js';
import type { CommunitySalePrintInput } from './community-sale-input.js';
import { longDate, shortDate, timeRange } from './hours.js';
import { BOLD, ellipsize, finish, fitLines, FONT, INK, line, LETTER, MUTED, newPdf, type Pdf } from './pdf-document.js';
import { drawQrCode } from './qr-code.js';
import { drawSaleList } from './sale-list.js';

const MARGIN = 36;
const QR_SIZE = 86;

/**
 * A community sale on paper, for a notice board or the car: a map page (the area, every sale as a
 * numbered dot, a scale bar, and a QR code back to the live page), then the numbered list over as
 * many pages as it needs. A visitor's copy shows streets only (see `placeFor`).
 */
export async function communitySalePrintout(input: CommunitySalePrintInput): Promise<Buffer> {
  const doc = newPdf({ title: input.name });
  doc.addPage();
  const mapTop = drawHeading(doc, input);
  const footerTop = LETTER.height - MARGIN - QR_SIZE;
  drawAreaMap(doc, input, { left: MARGIN, top: mapTop, right: LETTER.width - MARGIN, bottom: footerTop - 10 });
  drawMapFooter(doc, input, footerTop);
  drawSaleList(doc, input.name, input.entries, input.audience);
  drawPageNumbers(doc, input.pageUrl);
  return finish(doc);
}

/** Name, days and hours, rain date and a few lines of description; answers where the map begins. */
function drawHeading(doc: Pdf, input: CommunitySalePrintInput): number {
  const width = LETTER.width - 2 * MARGIN;
  let y = MARGIN;
  doc.font(BOLD).fontSize(20).fillColor(INK);
  line(doc, ellipsize(doc, input.name, width), MARGIN, y);
  y += 26;
  doc.font(BOLD).fontSize(11);
  const days = [...input.days].sort((a, b) => a.date.localeCompare(b.date));
  const sameHours = days.every((day) => timeRange(day) === timeRange(days[0]!));
  const when =
    days.length === 0
      ? ''
      : sameHours
        ? `${listed(days.map((day) => longDate(day.date)))}, ${timeRange(days[0]!)}`
        : days.map((day) => `${shortDate(day.date)}, ${timeRange(day)}`).join(' \u00b7 ');
  for (const text of fitLines(doc, when, width, 2)) {
    line(doc, text, MARGIN, y);
    y += 14;
  }
  doc.font(FONT).fontSize(9.5).fillColor(MUTED);
  const count = `${input.entries.length} ${input.entries.length === 1 ? 'sale' : 'sales'}`;
  line(doc, input.rainDate ? `${count} \u00b7 Rain date: ${longDate(input.rainDate)}` : count, MARGIN, y);
  y += 14;
  doc.fillColor(INK);
  for (const text of fitLines(doc, input.description, width, 2)) {
    line(doc, text, MARGIN, y);
    y += 12;
  }
  return y + 6;
}

/** "A", "A and B", "A, B and C". */
function listed(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

function drawMapFooter(doc: Pdf, input: CommunitySalePrintInput, top: number): void {
  const textWidth = LETTER.width - 2 * MARGIN - QR_SIZE - 16;
  drawQrCode(doc, input.pageUrl, LETTER.width - MARGIN - QR_SIZE, top, QR_SIZE);
  let y = top + 8;
  doc.font(BOLD).fontSize(11).fillColor(INK);
  line(doc, 'Scan for the live map, item search and your route', MARGIN, y);
  y += 16;
  doc.font(FONT).fontSize(9).fillColor(INK);
  line(doc, ellipsize(doc, input.pageUrl, textWidth), MARGIN, y);
  y += 14;
  doc.fontSize(8).fillColor(MUTED);
  const where = input.audience === 'member' ? 'use the address in the list' : 'sign in on the page for addresses';
  for (const text of fitLines(doc, `Dots are placed by neighborhood and moved apart where sales are close: ${where}.`, textWidth, 2)) {
    line(doc, text, MARGIN, y);
    y += 10;
  }
}

/** "Page 2 of 9" and the page's address at the foot of every page, written once the count is known. */
function drawPageNumbers(doc: Pdf, pageUrl: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    doc.switchToPage(page);
    doc.font(FONT).fontSize(7.5).fillColor(MUTED);
    const y = LETTER.height - MARGIN + 6;
    // Writing below the bottom margin would start a new page: the margin is lifted for the footer.
    doc.page.margins.bottom = 0;
    if (page > start) line(doc, ellipsize(doc, pageUrl, 360), MARGIN, y);
    line(doc, `Page ${page - start + 1} of ${count}`, LETTER.width - MARGIN - 100, y, { width: 100, align: 'right' });
  }
}
