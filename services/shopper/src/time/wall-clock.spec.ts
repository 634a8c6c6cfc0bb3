import { describe, expect, it } from '@jest/globals';
import { clockTime, daysBetween, minuteOf, wallClockAt } from './wall-clock.js';

describe('wall clock', () => {
  it('reads the date and minute in a zone, daylight saving included', () => {
    expect(wallClockAt(new Date('2099-07-04T15:30:00Z'), 'America/Chicago')).toEqual({ date: '2099-07-04', minute: 10 * 60 + 30 });
    expect(wallClockAt(new Date('2099-01-04T15:30:00Z'), 'America/Chicago')).toEqual({ date: '2099-01-04', minute: 9 * 60 + 30 });
    expect(wallClockAt(new Date('2099-01-04T03:00:00Z'), 'America/Los_Angeles')).toEqual({ date: '2099-01-03', minute: 19 * 60 });
  });

  it('formats and parses HH:MM, wrapping past midnight', () => {
    expect(clockTime(480)).toBe('08:00');
    expect(clockTime(1450)).toBe('00:10');
    expect(clockTime(59.6)).toBe('01:00');
    expect(minuteOf('16:45')).toBe(1005);
    expect(daysBetween('2099-02-28', '2099-03-01')).toBe(1);
  });
});
