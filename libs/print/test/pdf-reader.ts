import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

// jsqr is CommonJS whose exports are the function itself; its types describe an ES default export.
const jsQR = createRequire(import.meta.url)('jsqr') as typeof import('jsqr').default;

// pdf.js draws the 14 standard fonts from its own font files when told where they are.
const STANDARD_FONTS = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/');

export interface ReadPdf {
  pages: string[];
  /** Each page's width and height in points. */
  sizes: { width: number; height: number }[];
  document: PDFDocumentProxy;
}

/** Parses a PDF back: every page's text (items joined by spaces) and size. */
export async function readPdf(bytes: Buffer): Promise<ReadPdf> {
  const document = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS, verbosity: 0 }).promise;
  const pages: string[] = [];
  const sizes: { width: number; height: number }[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    const [, , width, height] = page.view as [number, number, number, number];
    sizes.push({ width, height });
  }
  return { pages, sizes, document };
}

/** Each piece of text of page `number` with its font size in points (72 to the inch). */
export async function textSizes(pdf: ReadPdf, number: number): Promise<Array<{ text: string; size: number }>> {
  const content = await (await pdf.document.getPage(number)).getTextContent();
  return content.items.flatMap((item) =>
    'str' in item && item.str.trim() !== '' ? [{ text: item.str, size: Math.round(Math.hypot(item.transform[2], item.transform[3])) }] : [],
  );
}

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Renders page `number` at `scale` pixels per point and decodes the QR code found in each of
 * `regions` (in points from the page's top left; the whole page when none is given): null where
 * none is found.
 */
export async function decodeQrCodes(pdf: ReadPdf, number: number, regions?: Region[], scale = 3): Promise<(string | null)[]> {
  const page = await pdf.document.getPage(number);
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  await page.render({ canvasContext: context as never, canvas: canvas as never, viewport }).promise;
  const areas = regions ?? [{ x: 0, y: 0, width: viewport.width / scale, height: viewport.height / scale }];
  return areas.map((area) => {
    const image = context.getImageData(
      Math.floor(area.x * scale),
      Math.floor(area.y * scale),
      Math.ceil(area.width * scale),
      Math.ceil(area.height * scale),
    );
    return jsQR(image.data, image.width, image.height)?.data ?? null;
  });
}

/** The one QR code in `region` of page `number` (see `decodeQrCodes`). */
export async function decodeQrCode(pdf: ReadPdf, number: number, region?: Region, scale = 3): Promise<string | null> {
  const [decoded] = await decodeQrCodes(pdf, number, region ? [region] : undefined, scale);
  return decoded ?? null;
}
