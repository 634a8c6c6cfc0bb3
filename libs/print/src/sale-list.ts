import type { CommunitySalePrintEntry, PrintAudience } from './community-sale-input.js';
import { hoursByDay } from './hours.js';
import { BOLD, ellipsize, fitLines, FONT, INK, line, LETTER, MUTED, type Pdf } from './pdf-document.js';
import { streetOnly } from './street-only.js';

const MARGIN = 36;
const TEXT_SIZE = 8;
const LEADING = 9.6;
const ROW_HEIGHT = 2 * LEADING + 5;
const ZEBRA = '#f1f1f1';

/** The list's columns, left to right across the 540 points between the margins. */
const COLUMNS = {
  number: { x: MARGIN, width: 26 },
  sale: { x: MARGIN + 32, width: 216 },
  hours: { x: MARGIN + 256, width: 118 },
  categories: { x: MARGIN + 382, width: 130 },
  items: { x: MARGIN + 514, width: 26 },
} as const;

/**
 * What a reader of this printout may see of a sale's place: a member the address, a visitor only
 * the street, never the house number or unit, even when the caller passed the address.
 */
export function placeFor(entry: CommunitySalePrintEntry, audience: PrintAudience): string {
  if (audience === 'member') return entry.address ?? entry.street ?? '';
  return entry.street ?? streetOnly(entry.address);
}

/**
 * The numbered list, in number order, one two-line row per sale (title and place; hours and
 * categories), as many Letter pages as it takes, the column heads on each.
 */
export function drawSaleList(doc: Pdf, name: string, entries: CommunitySalePrintEntry[], audience: PrintAudience): void {
  const sorted = [...entries].sort((a, b) => a.number - b.number);
  const bottom = LETTER.height - MARGIN - 18;
  let y = bottom;
  sorted.forEach((entry, index) => {
    if (y + ROW_HEIGHT > bottom) y = newListPage(doc, name, audience);
    if (index % 2 === 1) doc.rect(MARGIN, y - 2, LETTER.width - 2 * MARGIN, ROW_HEIGHT).fill(ZEBRA);
    drawRow(doc, entry, audience, y);
    y += ROW_HEIGHT;
  });
}

function newListPage(doc: Pdf, name: string, audience: PrintAudience): number {
  doc.addPage();
  let y = MARGIN;
  doc.font(BOLD).fontSize(12).fillColor(INK);
  line(doc, ellipsize(doc, name, LETTER.width - 2 * MARGIN), MARGIN, y);
  y += 20;
  doc.font(BOLD).fontSize(7.5).fillColor(MUTED);
  line(doc, 'No.', COLUMNS.number.x, y, { width: COLUMNS.number.width, align: 'right' });
  line(doc, audience === 'member' ? 'Sale and address' : 'Sale and street', COLUMNS.sale.x, y);
  line(doc, 'Hours', COLUMNS.hours.x, y);
  line(doc, 'Categories', COLUMNS.categories.x, y);
  line(doc, 'Items', COLUMNS.items.x, y, { width: COLUMNS.items.width, align: 'right' });
  y += 11;
  doc
    .moveTo(MARGIN, y)
    .lineTo(LETTER.width - MARGIN, y)
    .lineWidth(0.6)
    .stroke(INK);
  return y + 4;
}

function drawRow(doc: Pdf, entry: CommunitySalePrintEntry, audience: PrintAudience, y: number): void {
  doc.fillColor(INK).font(BOLD).fontSize(10);
  line(doc, String(entry.number), COLUMNS.number.x, y + 1, { width: COLUMNS.number.width, align: 'right' });

  doc.fontSize(TEXT_SIZE);
  line(doc, ellipsize(doc, entry.title, COLUMNS.sale.width), COLUMNS.sale.x, y);
  doc.font(FONT);
  line(doc, ellipsize(doc, placeFor(entry, audience), COLUMNS.sale.width), COLUMNS.sale.x, y + LEADING);

  // One line per run of days with the same hours; a third and fourth share the second line.
  const hours = hoursByDay(entry.hours);
  [hours[0], hours.slice(1).join(' \u00b7 ')].forEach((text, i) => {
    if (text) line(doc, ellipsize(doc, text, COLUMNS.hours.width), COLUMNS.hours.x, y + i * LEADING);
  });
  fitLines(doc, entry.categories.join(', '), COLUMNS.categories.width, 2).forEach((text, i) =>
    line(doc, text, COLUMNS.categories.x, y + i * LEADING),
  );
  line(doc, String(entry.itemCount), COLUMNS.items.x, y, { width: COLUMNS.items.width, align: 'right' });
}
