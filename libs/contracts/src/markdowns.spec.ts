import { describe, expect, it } from '@jest/globals';
import { markdownText } from './constants.js';
import { markdownCreateSchema, markedDownCents } from './markdowns.js';

describe('markdownText', () => {
  it('says half price for 50 % and the percentage otherwise, on the sale’s clock', () => {
    expect(markdownText(50, '2026-11-01T13:00')).toBe('Half price from 1 PM Sunday');
    expect(markdownText(25, '2026-11-01T13:00')).toBe('25 % off from 1 PM Sunday');
    expect(markdownText(10, '2026-10-31T09:30')).toBe('10 % off from 9:30 AM Saturday');
    expect(markdownText(90, '2026-10-30T12:00')).toBe('90 % off from 12 PM Friday');
  });
});

describe('markedDownCents', () => {
  it('cuts to the cent, half a cent up', () => {
    expect(markedDownCents(2500, 50)).toBe(1250);
    expect(markedDownCents(99, 50)).toBe(50);
    expect(markedDownCents(1999, 33)).toBe(1339);
  });
});

describe('markdownCreateSchema', () => {
  it('takes a whole percent from 1 to 90 and a wall-clock moment', () => {
    expect(markdownCreateSchema.safeParse({ saleId: 1, percentOff: 90, startsAt: '2026-11-01T13:00' }).success).toBe(true);
    expect(markdownCreateSchema.safeParse({ saleId: 1, percentOff: 91, startsAt: '2026-11-01T13:00' }).success).toBe(false);
    expect(markdownCreateSchema.safeParse({ saleId: 1, percentOff: 1.5, startsAt: '2026-11-01T13:00' }).success).toBe(false);
    expect(markdownCreateSchema.safeParse({ saleId: 1, percentOff: 10, startsAt: '2026-11-01T24:00' }).success).toBe(false);
  });
});
