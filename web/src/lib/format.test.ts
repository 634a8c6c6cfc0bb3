import { describe, expect, it } from 'vitest';
import {
  formatClockTime,
  formatDay,
  formatDate,
  formatDateRange,
  formatPrice,
  formatRating,
  formatTime,
  formatTimeRange,
  formatTimestampDate,
  parseDateOnly,
  todayLocal,
  truncate,
} from './format';

describe('dates', () => {
  it('reads a calendar date in local time, never shifting the day', () => {
    const date = parseDateOnly('2030-06-14')!;
    expect([date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([2030, 5, 14]);
    expect(parseDateOnly('14/06/2030')).toBeNull();
  });

  it('formats dates in US English', () => {
    expect(formatDate('2030-06-14')).toBe('Fri, Jun 14, 2030');
  });

  it('shows one day when start and end are the same', () => {
    expect(formatDateRange('2030-06-14', '2030-06-14')).toBe('Fri, Jun 14, 2030');
  });

  it('shows a range when start and end differ', () => {
    expect(formatDateRange('2030-06-14', '2030-06-15')).toBe('Fri, Jun 14, 2030 - Sat, Jun 15, 2030');
    expect(formatDateRange('2030-06-14', '2030-06-15', 'short')).toBe('Jun 14, 2030 - Jun 15, 2030');
  });

  it('formats premium expiry timestamps, or Unknown', () => {
    expect(formatTimestampDate('2031-01-05T12:00:00Z')).toBe('January 5, 2031');
    expect(formatTimestampDate(null)).toBe('Unknown');
    expect(formatTimestampDate('not a date')).toBe('Unknown');
  });

  it('gives the browser date as YYYY-MM-DD', () => {
    expect(todayLocal(new Date(2030, 0, 9, 23, 30))).toBe('2030-01-09');
  });
});

describe('times', () => {
  it.each([
    ['00:00', '12:00 AM'],
    ['00:15', '12:15 AM'],
    ['08:00', '8:00 AM'],
    ['11:59', '11:59 AM'],
    ['12:00', '12:00 PM'],
    ['16:30', '4:30 PM'],
    ['23:45', '11:45 PM'],
    ['08:00:00', '8:00 AM'],
  ])('%s is %s', (input, expected) => {
    expect(formatTime(input)).toBe(expected);
  });

  it('formats a range of hours', () => {
    expect(formatTimeRange('08:00', '16:00')).toBe('8:00 AM - 4:00 PM');
  });
});

describe('written out as Intl would', () => {
  // The formats are hand-written to spare a phone Intl's start-up; they must read as Intl's en-US.
  const days = Array.from({ length: 400 }, (_, index) => new Date(2029, 0, 1 + index * 3));

  it('dates, every month and weekday', () => {
    const long = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
    const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    const full = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
    for (const day of days) {
      const iso = todayLocal(day);
      expect(formatDate(iso)).toBe(long.format(day));
      expect(formatDay(day)).toBe(short.format(day));
      expect(formatTimestampDate(new Date(day.getFullYear(), day.getMonth(), day.getDate(), 12).toISOString())).toBe(full.format(day));
    }
  });

  it('clock times of timestamps, every quarter hour of a day', () => {
    const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
    for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
      const at = new Date(2029, 5, 14, 0, minutes);
      // Intl puts a narrow no-break space before AM/PM; the app writes a plain one everywhere.
      expect(formatClockTime(at.toISOString())).toBe(clock.format(at).replace(/\s/g, ' '));
    }
    expect(formatClockTime('not a time')).toBe('');
  });

  it('dollars, from cents to millions, and below zero', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const dollars of [
      0, 0.01, 0.5, 0.995, 1, 9.99, 12.345, 999.999, 1000, 1234.5, 99999.99, 1000000, 1234567.891, -5, -1234.5, -0.001, 0.0000001,
    ]) {
      expect(formatPrice(dollars)).toBe(usd.format(dollars));
    }
  });
});

describe('other formats', () => {
  it('formats dollars', () => {
    expect(formatPrice(12.5)).toBe('$12.50');
    expect(formatPrice(1999)).toBe('$1,999.00');
  });

  it('cuts text at the limit and marks the cut', () => {
    const long = 'a'.repeat(150);
    expect(truncate(long, 100)).toBe(`${'a'.repeat(100)}...`);
    expect(truncate('short', 100)).toBe('short');
    expect(truncate(null, 100)).toBe('');
  });

  it('shows a rating to one decimal, N/A when 0', () => {
    expect(formatRating(4.25)).toBe('4.3');
    expect(formatRating(0)).toBe('N/A');
  });
});
