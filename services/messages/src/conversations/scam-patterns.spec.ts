import { describe, expect, it } from '@jest/globals';
import { looksLikeScam } from './scam-patterns.js';

describe('payment-scam patterns', () => {
  it.each([
    'Pay here first: https://paypal.me/quickdeal',
    'send it to www.venmo.com/u/seller',
    'I can only take a Gift Card for it',
    'giftcards work too',
    'text me at (555) 123-4567',
    'Text me 555.123.4567 for details',
    'Zelle me first and I hold it',
    'please venmo a deposit upfront',
    'https://example.com/checkout?item=3',
  ])('flags %j', (text) => expect(looksLikeScam(text)).toBe(true));

  it.each([
    'Is the table still available?',
    'I can come at 9; my number is on my profile',
    'Call 555-123-4567',
    'Text me when you are open',
    'Will you take $20? I pay cash at the sale.',
    'The card table, is it sturdy?',
    'Photos at https://example.com/table.jpg',
  ])('leaves %j alone', (text) => expect(looksLikeScam(text)).toBe(false));
});
