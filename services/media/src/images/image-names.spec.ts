import { describe, expect, it } from '@jest/globals';
import { assertObjectName, imageKeysOf, imageUrl, newImageKey, objectNames, parseObjectName } from './image-names.js';

const KEY = '0123456789abcdef0123456789abcdef';

describe('image names', () => {
  it('makes random 128-bit hex keys', () => {
    const keys = new Set(Array.from({ length: 1000 }, newImageKey));
    expect(keys.size).toBe(1000);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('names the two sizes and their URLs', () => {
    expect(objectNames(KEY, 'jpg')).toEqual([`${KEY}.jpg`, `${KEY}-thumb.jpg`]);
    expect(imageUrl(`${KEY}.webp`)).toBe(`/api/images/${KEY}.webp`);
    expect(parseObjectName(`${KEY}-thumb.webp`)).toEqual({ key: KEY, size: 'thumb', extension: 'webp' });
  });

  it.each([
    '../../etc/passwd',
    `../${KEY}.jpg`,
    `${KEY}.jpg/..`,
    `${KEY}.png`,
    `${KEY.toUpperCase()}.jpg`,
    `${KEY}.jpg\0.png`,
    `${KEY.slice(1)}.jpg`,
    `${KEY}-small.jpg`,
    '',
  ])('refuses the name %j', (name) => {
    expect(parseObjectName(name)).toBeNull();
    expect(() => assertObjectName(name)).toThrow();
  });

  it('finds the keys of its own image URLs in an item, relative or absolute, and skips the rest', () => {
    expect(
      imageKeysOf([
        `/api/images/${KEY}.jpg`,
        `https://garage.example/api/images/${KEY}-thumb.jpg?v=2`,
        ` http://localhost:3000/api/images/${'f'.repeat(32)}.webp `,
        'https://example.com/photos/lamp.jpg',
        `/api/images/../${KEY}.jpg`,
        `/static/api/images/${KEY}.jpg`,
      ]),
    ).toEqual([KEY, 'f'.repeat(32)]);
  });
});
