import { describe, expect, it } from '@jest/globals';
import { addMonthsUtc, nextPaidThrough } from './membership-period.js';

const at = (iso: string) => new Date(iso);

describe('nextPaidThrough', () => {
  const now = at('2025-03-10T12:30:00.000Z');

  it('is one year from now for a first subscription', () => {
    expect(nextPaidThrough(null, now).toISOString()).toBe('2026-03-10T12:30:00.000Z');
  });

  it('is one year from the current expiry when that is later (renewal)', () => {
    expect(nextPaidThrough(at('2025-11-01T08:00:00.000Z'), now).toISOString()).toBe('2026-11-01T08:00:00.000Z');
  });

  it('is one year from now when the membership has already lapsed', () => {
    expect(nextPaidThrough(at('2024-01-01T00:00:00.000Z'), now).toISOString()).toBe('2026-03-10T12:30:00.000Z');
  });
});

describe('addMonthsUtc', () => {
  it('keeps 29 February within February of the next year', () => {
    expect(addMonthsUtc(at('2024-02-29T23:59:59.000Z'), 12).toISOString()).toBe('2025-02-28T23:59:59.000Z');
  });

  it('clamps the 31st to the last day of a shorter month', () => {
    expect(addMonthsUtc(at('2025-01-31T10:00:00.000Z'), 1).toISOString()).toBe('2025-02-28T10:00:00.000Z');
  });
});
