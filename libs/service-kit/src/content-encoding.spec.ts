import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import { acceptedEncoding, compress } from './content-encoding.js';

describe('acceptedEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['BR', 'br'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    [['gzip', 'br'], 'br'],
    ['identity', undefined],
    ['deflate', undefined],
    ['gzip;q=0, br;q=0', undefined],
    ['', undefined],
    [undefined, undefined],
  ] as Array<[string | string[] | undefined, string | undefined]>)('%j → %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});

describe('compress', () => {
  it('compresses text that the standard decoders read back', () => {
    const text = JSON.stringify(Array.from({ length: 50 }, (_, id) => ({ id, title: `Lamp ${id}`, city: 'Springfield' })));
    const br = compress(text, 'br');
    const gzip = compress(text, 'gzip');
    expect(brotliDecompressSync(br).toString()).toBe(text);
    expect(gunzipSync(gzip).toString()).toBe(text);
    expect(br.length).toBeLessThan(text.length / 4);
  });
});
