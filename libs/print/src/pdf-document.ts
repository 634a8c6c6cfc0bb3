import PDFDocument from 'pdfkit';

/** US Letter in PDF points (1/72 inch). */
export const LETTER = { width: 612, height: 792 } as const;
export const FONT = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
export const INK = '#111111';
export const MUTED = '#555555';

export type Pdf = InstanceType<typeof PDFDocument>;

export interface PdfOptions {
  title: string;
  layout?: 'portrait' | 'landscape';
  margin?: number;
}

/**
 * A Letter document with the standard fonts only: nothing to embed, so a printout is small and
 * quick to make. Pages are kept (`bufferPages`) so running footers can be written once the page
 * count is known.
 */
export function newPdf(options: PdfOptions): Pdf {
  return new PDFDocument({
    size: 'LETTER',
    layout: options.layout ?? 'portrait',
    margin: options.margin ?? 36,
    bufferPages: true,
    autoFirstPage: false,
    info: { Title: printable(options.title), Producer: 'Garage', Creator: 'Garage' },
  });
}

/** Ends the document and resolves with its bytes. */
export function finish(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/**
 * The standard PDF fonts draw Windows-1252 (WinAnsi) characters only; anything else (emoji, most
 * scripts) would print as a wrong glyph, so it becomes "?" here. Control characters become spaces.
 */
export function printable(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else if (code < 0x100 || WIN_ANSI_EXTRAS.has(char)) out += char;
    else out += '?';
  }
  return out;
}

/** The characters Windows-1252 has at 0x80-0x9f, beyond Latin-1. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * `text` broken into at most `maxLines` lines of `width` at the current font and size, the last
 * line cut with an ellipsis when the rest does not fit. Words longer than a line are cut too.
 */
export function fitLines(doc: Pdf, text: string, width: number, maxLines: number): string[] {
  const words = printable(text).split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (let i = 0; i < words.length; i++) {
    const candidate = current ? `${current} ${words[i]}` : words[i]!;
    if (doc.widthOfString(candidate) <= width) {
      current = candidate;
      continue;
    }
    if (current && lines.length < maxLines - 1) {
      lines.push(current);
      current = '';
      i--;
      continue;
    }
    // The last line: whatever is left, cut to fit.
    lines.push(ellipsize(doc, [current, ...words.slice(i)].filter(Boolean).join(' '), width));
    return lines;
  }
  if (current) lines.push(current);
  return lines;
}

/** `text` on one line of `width`, cut with an ellipsis when it is longer. */
export function ellipsize(doc: Pdf, text: string, width: number): string {
  const clean = printable(text);
  if (doc.widthOfString(clean) <= width) return clean;
  let low = 0;
  let high = clean.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${clean.slice(0, mid).trimEnd()}\u2026`) <= width) low = mid;
    else high = mid - 1;
  }
  return `${clean.slice(0, low).trimEnd()}\u2026`;
}

/** Writes one line of text at (x, y) (its top), never wrapping. */
export function line(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  options: { width?: number; align?: 'left' | 'center' | 'right' } = {},
): void {
  doc.text(text, x, y, { lineBreak: false, ...options });
}
