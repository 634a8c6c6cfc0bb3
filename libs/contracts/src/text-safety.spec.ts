import { describe, expect, it } from '@jest/globals';
import {
  canonicalEmail,
  itemCreateSchema,
  itemSearchQuerySchema,
  loginBodySchema,
  registerBodySchema,
  saleCreateSchema,
  unsubscribeQuerySchema,
} from './index.js';

describe('control characters', () => {
  const item = { title: 'Lamp', category: 'Furniture', price: 5 };

  it('are refused in one-line text with a message naming the field', () => {
    const result = itemCreateSchema.safeParse({ ...item, title: 'La\u0000mp' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['title'], message: 'Title must not contain control characters' });
    for (const bad of ['a\u0007b', 'a\nb', 'a\u001bb', 'a\u007fb'])
      expect(itemCreateSchema.safeParse({ ...item, brand: bad }).success).toBe(false);
  });

  it('keep line breaks and tabs in descriptions, nothing else', () => {
    expect(itemCreateSchema.parse({ ...item, description: 'Two lines\nand\ta tab\r\n' }).description).toBe('Two lines\nand\ta tab');
    expect(itemCreateSchema.safeParse({ ...item, description: 'nul\u0000' }).success).toBe(false);
    const sale = { title: 'S', address: '1 A St', city: 'C', state: 'IL', zipCode: '62701' };
    const window = { startDate: '2099-01-01', endDate: '2099-01-01', startTime: '08:00', endTime: '12:00' };
    expect(saleCreateSchema('2026-01-01').safeParse({ ...sale, ...window, description: 'a\u0000' }).success).toBe(false);
    expect(saleCreateSchema('2026-01-01').safeParse({ ...sale, ...window, city: 'Spring\u0000field' }).success).toBe(false);
  });

  it('are refused in queries, emails, tokens and image URLs', () => {
    expect(itemSearchQuerySchema.safeParse({ q: 'lamp\u0000' }).success).toBe(false);
    expect(itemSearchQuerySchema.safeParse({ q: 'lamp' }).success).toBe(true);
    expect(loginBodySchema.safeParse({ email: 'a\u0000@b.com', password: 'x' }).success).toBe(false);
    expect(unsubscribeQuerySchema.safeParse({ token: 's.\u0000' }).success).toBe(false);
    expect(itemCreateSchema.safeParse({ ...item, imageUrls: ['/api/images/a\u0000.jpg'] }).success).toBe(false);
  });
});

describe('canonicalEmail', () => {
  it('folds case fully and normalises width, so look-alike spellings share one key', () => {
    const key = canonicalEmail('victim@example.com');
    for (const variant of [
      'VICTIM@example.com',
      'vİctim@example.com',
      'vıctim@example.com',
      'ｖｉｃｔｉｍ@ｅｘａｍｐｌｅ.ｃｏｍ',
      ' Victim@Example.COM ',
    ]) {
      expect(canonicalEmail(variant)).toBe(key);
    }
    expect(canonicalEmail('straße@example.com')).toBe(canonicalEmail('STRASSE@example.com'));
    expect(canonicalEmail('STRAẞE@example.com')).toBe(canonicalEmail('strasse@example.com'));
    expect(canonicalEmail('ΟΔΥΣΣΕΥΣ@example.com')).toBe(canonicalEmail('οδυσσευς@example.com'));
    expect(canonicalEmail('other@example.com')).not.toBe(key);
  });

  it('accepts international addresses at registration', () => {
    const body = { firstName: 'A', lastName: 'B', password: 'secret1', email: 'straße@example.com' };
    expect(registerBodySchema.safeParse(body).success).toBe(true);
    expect(registerBodySchema.safeParse({ ...body, email: 'not an email' }).success).toBe(false);
  });
});
