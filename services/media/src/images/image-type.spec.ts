import { describe, expect, it } from '@jest/globals';
import { detectImageType } from './image-type.js';

const bytes = (...values: Array<number | string>) =>
  Buffer.concat(values.map((value) => (typeof value === 'string' ? Buffer.from(value, 'latin1') : Buffer.from([value]))));

describe('detectImageType', () => {
  it.each([
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0, 'JFIF')],
    ['png', bytes(0x89, 'PNG\r\n\x1a\n', 'IHDR')],
    ['gif', bytes('GIF87a', 1, 0)],
    ['gif', bytes('GIF89a', 1, 0)],
    ['webp', bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 ')],
  ])('recognises %s by its magic number', (type, data) => {
    expect(detectImageType(data)).toBe(type);
  });

  it.each([
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['SVG behind an XML declaration', bytes('<?xml version="1.0"?><svg/>')],
    ['HTML', bytes('<!doctype html>')],
    ['BMP', bytes('BM', 0, 0, 0, 0)],
    ['TIFF', bytes('II*', 0)],
    ['PDF', bytes('%PDF-1.7')],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt ')],
    ['a truncated JPEG signature', bytes(0xff, 0xd8)],
    ['a truncated PNG signature', bytes(0x89, 'PNG')],
    ['GIF of an unknown version', bytes('GIF90a')],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_label, data) => {
    expect(detectImageType(data)).toBeNull();
  });
});
