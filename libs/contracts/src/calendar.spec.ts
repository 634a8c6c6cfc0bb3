import { describe, expect, it } from '@jest/globals';
import { addDays, dateAtOffset, daysBetween, LAST_US_OFFSET_HOURS, usToday } from './calendar.js';

describe('usToday', () => {
  it('is the calendar date in UTC−10, so a Hawaiian evening is still today', () => {
    expect(LAST_US_OFFSET_HOURS).toBe(-10);
    expect(usToday(new Date('2030-06-02T09:59:59.999Z'))).toBe('2030-06-01');
    expect(usToday(new Date('2030-06-02T10:00:00Z'))).toBe('2030-06-02');
  });

  it('ignores daylight saving: Hawaii keeps no summer time, so the day turns at 10:00 UTC all year', () => {
    // The nights the mainland's clocks change (2030-03-10 and 2030-11-03).
    expect(usToday(new Date('2030-03-10T09:59:59Z'))).toBe('2030-03-09');
    expect(usToday(new Date('2030-03-10T10:00:00Z'))).toBe('2030-03-10');
    expect(usToday(new Date('2030-11-03T09:59:59Z'))).toBe('2030-11-02');
    expect(usToday(new Date('2030-11-03T10:00:00Z'))).toBe('2030-11-03');
  });

  it('turns years and leap days', () => {
    expect(usToday(new Date('2031-01-01T09:00:00Z'))).toBe('2030-12-31');
    expect(usToday(new Date('2032-03-01T05:00:00Z'))).toBe('2032-02-29');
  });
});

describe('dateAtOffset', () => {
  it('reads the date at a fixed offset either side of UTC', () => {
    expect(dateAtOffset(new Date('2030-06-02T23:30:00Z'), 1)).toBe('2030-06-03');
    expect(dateAtOffset(new Date('2030-06-02T00:30:00Z'), -1)).toBe('2030-06-01');
    expect(dateAtOffset(new Date('2030-06-02T00:30:00Z'), 0)).toBe('2030-06-02');
  });
});

describe('calendar date arithmetic', () => {
  it('moves by whole days across months, years and daylight-saving dates', () => {
    expect(addDays('2099-02-28', 1)).toBe('2099-03-01');
    expect(addDays('2096-02-28', 1)).toBe('2096-02-29');
    expect(addDays('2030-01-01', -1)).toBe('2029-12-31');
    expect(addDays('2030-03-09', 1)).toBe('2030-03-10');
    expect(addDays('2030-11-02', 1)).toBe('2030-11-03');
    expect(addDays('2030-06-15', 0)).toBe('2030-06-15');
  });

  it('counts whole days between dates, negative backwards', () => {
    expect(daysBetween('2099-02-28', '2099-03-01')).toBe(1);
    expect(daysBetween('2030-03-01', '2030-04-01')).toBe(31);
    expect(daysBetween('2030-04-01', '2030-03-01')).toBe(-31);
    expect(daysBetween('2030-06-15', '2030-06-15')).toBe(0);
  });
});
