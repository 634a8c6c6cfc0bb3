import type { PrintDay } from './community-sale-input.js';
import { dateSpan, hoursByDay, longDate, timeRange, weekday } from './hours.js';
import { BOLD, finish, fitLines, INK, line, MUTED, newPdf, type Pdf } from './pdf-document.js';
import { drawQrCode } from './qr-code.js';

/** A sale's sign for the end of the street. */
export interface YardSignInput {
  title: string;
  /** The sale's days and hours, on its own clock. */
  days: PrintDay[];
  /** The sale's page, encoded in the QR code. */
  pageUrl: string;
  /** A printed arrow pointing the way, or an empty space to draw one in at each corner. */
  arrow?: 'left' | 'right' | 'blank';
}

const WIDTH = 792;
const HEIGHT = 612;
const MARGIN = 36;
const QR_SIZE = 170;

/**
 * A landscape Letter page to tape to a sign board: "GARAGE SALE" in capitals an inch tall (96 pt),
 * the sale's title (54 pt, down to 30 pt when long) and its dates and hours (44 pt, capitals over
 * 0.4 inch; down to 26 pt only when a day's hours would not fit a line), so that a passing car can
 * read them, an arrow or the space for one, and a QR code to the sale's page for those who stop.
 */
export async function yardSign(input: YardSignInput): Promise<Buffer> {
  const doc = newPdf({ title: `Garage sale: ${input.title}`, layout: 'landscape', margin: 0 });
  doc.addPage();
  const width = WIDTH - 2 * MARGIN;
  let y = MARGIN;

  doc.font(BOLD).fillColor(INK);
  y += centredLines(doc, ['GARAGE SALE'], 96, width, y, 1);
  y += 4;
  y += centredLines(doc, [input.title], 54, width, y, 2, 30);
  y += 10;
  for (const text of when(input.days)) y += centredLines(doc, [text], 44, width, y, 1, 26);

  const bottom = HEIGHT - MARGIN;
  const top = Math.max(y + 14, bottom - QR_SIZE - 24);
  drawArrowSpace(doc, input.arrow ?? 'blank', { left: MARGIN, top, right: WIDTH - MARGIN - QR_SIZE - 24, bottom });
  drawQrCode(doc, input.pageUrl, WIDTH - MARGIN - QR_SIZE, bottom - QR_SIZE - 14, QR_SIZE);
  doc.font(BOLD).fontSize(11).fillColor(MUTED);
  line(doc, 'Scan to see what is for sale', WIDTH - MARGIN - QR_SIZE, bottom - 12, { width: QR_SIZE, align: 'center' });
  return finish(doc);
}

/** "SATURDAY, MAY 16" and "8 AM–2 PM"; "SAT–SUN, MAY 16–17" and the hours; or each day's hours when they differ. */
function when(days: PrintDay[]): string[] {
  if (days.length === 0) return [];
  const sorted = [...days].sort((a, b) => a.date.localeCompare(b.date));
  const hours = hoursByDay(sorted);
  if (sorted.length === 1) return [longDate(sorted[0]!.date), timeRange(sorted[0]!)].map(upper);
  const span = `${weekday(sorted[0]!.date)}\u2013${weekday(sorted.at(-1)!.date)}, ${dateSpan(sorted)}`;
  if (hours.length === 1) return [span, timeRange(sorted[0]!)].map(upper);
  return [dateSpan(sorted), ...hours].map(upper);
}

const upper = (text: string) => text.toUpperCase();

/**
 * Writes `texts` centred, each in at most `maxLines` lines, at the largest size from `size` down
 * to `smallest` that fits; answers the height used.
 */
function centredLines(doc: Pdf, texts: string[], size: number, width: number, top: number, maxLines: number, smallest = size): number {
  let fontSize = size;
  let lines = texts.flatMap((text) => fitLines(doc.fontSize(fontSize), text, width, 99));
  while (fontSize > smallest && lines.length > maxLines * texts.length) {
    fontSize -= 2;
    lines = texts.flatMap((text) => fitLines(doc.fontSize(fontSize), text, width, 99));
  }
  lines = texts.flatMap((text) => fitLines(doc.fontSize(fontSize), text, width, maxLines));
  const leading = fontSize * 1.05;
  lines.forEach((text, i) => line(doc, text, MARGIN, top + i * leading, { width, align: 'center' }));
  return lines.length * leading;
}

function drawArrowSpace(
  doc: Pdf,
  arrow: 'left' | 'right' | 'blank',
  box: { left: number; top: number; right: number; bottom: number },
): void {
  const height = box.bottom - box.top;
  const middle = box.top + height / 2;
  doc.save();
  if (arrow === 'blank') {
    doc
      .roundedRect(box.left, box.top, box.right - box.left, height, 12)
      .lineWidth(1.5)
      .dash(8, { space: 6 })
      .stroke('#9a9a9a');
    doc.undash();
    doc.restore();
    return;
  }
  // A block arrow as tall as the space: shaft half as thick as the head is tall.
  const head = Math.min(height, 150);
  const shaft = head / 2;
  const [tail, tip] = arrow === 'right' ? [box.left + 10, box.right - 10] : [box.right - 10, box.left + 10];
  const neck = tip - Math.sign(tip - tail) * head * 0.75;
  doc
    .polygon(
      [tail, middle - shaft / 2],
      [neck, middle - shaft / 2],
      [neck, middle - head / 2],
      [tip, middle],
      [neck, middle + head / 2],
      [neck, middle + shaft / 2],
      [tail, middle + shaft / 2],
    )
    .fill(INK);
  doc.restore();
}
