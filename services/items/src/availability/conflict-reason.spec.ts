import { describe, expect, it } from '@jest/globals';
import { conflictReason, dateRange, windowsOverlap } from './conflict-reason.js';

describe('conflictReason', () => {
  it('names the sale, its dates and its address', () => {
    expect(conflictReason({ title: 'Spring Clean-out', startDate: '2030-05-03', endDate: '2030-05-04', address: '12 Oak St' })).toBe(
      "In 'Spring Clean-out' on May 3–4 at 12 Oak St",
    );
  });

  it('reads a single day as one date', () => {
    expect(conflictReason({ title: 'Yard Sale', startDate: '2030-05-03', endDate: '2030-05-03', address: '1 Elm Rd' })).toBe(
      "In 'Yard Sale' on May 3 at 1 Elm Rd",
    );
  });

  it('spells out both months or both years when the range crosses them', () => {
    expect(dateRange('2030-05-30', '2030-06-02')).toBe('May 30–Jun 2');
    expect(dateRange('2030-12-30', '2031-01-02')).toBe('Dec 30, 2030–Jan 2, 2031');
  });
});

describe('windowsOverlap', () => {
  const base = { startDate: '2030-05-03', endDate: '2030-05-04', startTime: '08:00', endTime: '12:00' };

  it('does not count hours that only touch', () => {
    expect(windowsOverlap(base, { ...base, startTime: '12:00', endTime: '16:00' })).toBe(false);
  });

  it('counts overlapping hours on overlapping dates', () => {
    expect(windowsOverlap(base, { ...base, startDate: '2030-05-04', endDate: '2030-05-06', startTime: '11:59', endTime: '16:00' })).toBe(
      true,
    );
  });

  it('does not count overlapping hours on other days', () => {
    expect(windowsOverlap(base, { ...base, startDate: '2030-05-05', endDate: '2030-05-05' })).toBe(false);
  });
});
