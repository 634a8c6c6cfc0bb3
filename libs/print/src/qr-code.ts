import qrcode from 'qrcode-generator';
import type { Pdf } from './pdf-document.js';

/**
 * Paints a QR code of `text` as filled squares, `size` points wide with its quiet zone (four
 * modules, as the standard asks) inside that width. Error correction M survives a crease or a
 * raindrop on a printed page and keeps a URL's code small enough to scan at an inch.
 */
export function drawQrCode(doc: Pdf, text: string, x: number, y: number, size: number): void {
  const qr = qrcode(0, 'M');
  // The generator writes one byte per character: anything past ASCII is percent-encoded first.
  qr.addData(/^[\x20-\x7e]*$/.test(text) ? text : encodeURI(text), 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  const module = size / (count + 8);
  const left = x + 4 * module;
  const top = y + 4 * module;
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < count; row++) {
    // One rectangle per run of dark modules in a row: fewer path operations, no hairline seams.
    let col = 0;
    while (col < count) {
      if (!qr.isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < count && qr.isDark(row, col)) col++;
      doc.rect(left + start * module, top + row * module, (col - start) * module, module);
    }
  }
  doc.fill('#000000');
  doc.restore();
}
