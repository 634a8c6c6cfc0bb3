import { describe, expect, it } from '@jest/globals';
import { wallClockAt, zoneAbbreviation, zonedTimeToUtc, zoneOffsetMinutes } from './time-zone.js';

describe('zonedTimeToUtc', () => {
  it('reads wall-clock times in the zone, daylight saving included', () => {
    expect(zonedTimeToUtc('2026-07-04', '16:00', 'America/New_York').toISOString()).toBe('2026-07-04T20:00:00.000Z');
    expect(zonedTimeToUtc('2026-12-05', '08:00', 'America/Chicago').toISOString()).toBe('2026-12-05T14:00:00.000Z');
    expect(zonedTimeToUtc('2026-03-08', '16:00', 'America/Los_Angeles').toISOString()).toBe('2026-03-08T23:00:00.000Z');
    expect(zonedTimeToUtc('2026-06-01', '09:30', 'America/Phoenix').toISOString()).toBe('2026-06-01T16:30:00.000Z');
    expect(zonedTimeToUtc('2026-06-01', '09:30', 'Pacific/Honolulu').toISOString()).toBe('2026-06-01T19:30:00.000Z');
  });

  it('takes Postgres times with seconds', () => {
    expect(zonedTimeToUtc('2026-12-05', '08:00:00', 'America/Chicago').toISOString()).toBe('2026-12-05T14:00:00.000Z');
  });

  it('settles on either side of a spring-forward change, and puts a time in the gap just before it', () => {
    // Chicago, 2026-03-08: 02:00 CST becomes 03:00 CDT at 08:00 UTC.
    expect(zonedTimeToUtc('2026-03-08', '01:59', 'America/Chicago').toISOString()).toBe('2026-03-08T07:59:00.000Z');
    expect(zonedTimeToUtc('2026-03-08', '03:00', 'America/Chicago').toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(zonedTimeToUtc('2026-03-08', '02:30', 'America/Chicago').toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('takes the first of the two readings in a fall-back hour', () => {
    // Chicago, 2026-11-01: 02:00 CDT becomes 01:00 CST at 07:00 UTC; 01:30 happens twice.
    expect(zonedTimeToUtc('2026-11-01', '01:30', 'America/Chicago').toISOString()).toBe('2026-11-01T06:30:00.000Z');
    expect(zonedTimeToUtc('2026-11-01', '02:00', 'America/Chicago').toISOString()).toBe('2026-11-01T08:00:00.000Z');
  });

  it('reads dates on both sides of the date line', () => {
    expect(zonedTimeToUtc('2026-06-01', '08:00', 'Pacific/Guam').toISOString()).toBe('2026-05-31T22:00:00.000Z');
    expect(zonedTimeToUtc('2026-06-01', '08:00', 'Pacific/Pago_Pago').toISOString()).toBe('2026-06-01T19:00:00.000Z');
  });

  it('throws RangeError for an unknown zone', () => {
    expect(() => zonedTimeToUtc('2026-06-01', '08:00', 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('wallClockAt', () => {
  it('reads the date and minute in a zone, daylight saving included', () => {
    expect(wallClockAt(new Date('2099-07-04T15:30:00Z'), 'America/Chicago')).toEqual({ date: '2099-07-04', minute: 10 * 60 + 30 });
    expect(wallClockAt(new Date('2099-01-04T15:30:00Z'), 'America/Chicago')).toEqual({ date: '2099-01-04', minute: 9 * 60 + 30 });
    expect(wallClockAt(new Date('2099-01-04T03:00:00Z'), 'America/Los_Angeles')).toEqual({ date: '2099-01-03', minute: 19 * 60 });
  });

  it('shows midnight as minute 0 and across the date line the next day', () => {
    expect(wallClockAt(new Date('2026-06-01T05:00:00Z'), 'America/Chicago')).toEqual({ date: '2026-06-01', minute: 0 });
    expect(wallClockAt(new Date('2026-06-01T20:00:00Z'), 'Pacific/Guam')).toEqual({ date: '2026-06-02', minute: 6 * 60 });
  });

  it('is the inverse of zonedTimeToUtc outside the changes', () => {
    for (const zone of ['America/New_York', 'America/Anchorage', 'Pacific/Honolulu', 'America/Phoenix']) {
      const instant = zonedTimeToUtc('2026-11-15', '13:45', zone);
      expect(wallClockAt(instant, zone)).toEqual({ date: '2026-11-15', minute: 13 * 60 + 45 });
    }
  });
});

describe('zoneOffsetMinutes', () => {
  it('is the minutes a zone is ahead of UTC, changing at the daylight-saving instant', () => {
    expect(zoneOffsetMinutes('America/Chicago', new Date('2026-01-15T12:00:00Z'))).toBe(-360);
    expect(zoneOffsetMinutes('America/Chicago', Date.parse('2026-03-08T07:59:59Z'))).toBe(-360);
    expect(zoneOffsetMinutes('America/Chicago', Date.parse('2026-03-08T08:00:00Z'))).toBe(-300);
    expect(zoneOffsetMinutes('Asia/Kolkata', Date.parse('2026-03-08T08:00:00Z'))).toBe(330);
    expect(zoneOffsetMinutes('UTC', 0)).toBe(0);
  });
});

describe('zoneAbbreviation', () => {
  it('names the zone as its clocks read at the moment', () => {
    expect(zoneAbbreviation('America/Chicago', new Date('2026-07-01T12:00:00Z'))).toBe('CDT');
    expect(zoneAbbreviation('America/Chicago', new Date('2026-12-01T12:00:00Z'))).toBe('CST');
    expect(zoneAbbreviation('Pacific/Honolulu', Date.parse('2026-07-01T12:00:00Z'))).toBe('HST');
  });
});
