import { describe, expect, it } from '@jest/globals';
import { timeZoneAt, zonedTimeToUtc } from './time-zone.js';

describe('timeZoneAt', () => {
  it('tells the zone of places on both sides of a state’s zone line', () => {
    expect(timeZoneAt(30.4223, -87.2248)).toBe('America/Chicago'); // Pensacola, Florida panhandle
    expect(timeZoneAt(25.77, -80.19)).toBe('America/New_York'); // Miami
    expect(timeZoneAt(21.3, -157.8)).toBe('Pacific/Honolulu');
  });
});

describe('zonedTimeToUtc', () => {
  it('reads wall-clock times in the zone, daylight saving included', () => {
    expect(zonedTimeToUtc('2026-07-04', '16:00', 'America/New_York').toISOString()).toBe('2026-07-04T20:00:00.000Z');
    expect(zonedTimeToUtc('2026-12-05', '08:00', 'America/Chicago').toISOString()).toBe('2026-12-05T14:00:00.000Z');
    expect(zonedTimeToUtc('2026-03-08', '16:00', 'America/Los_Angeles').toISOString()).toBe('2026-03-08T23:00:00.000Z');
    expect(zonedTimeToUtc('2026-06-01', '09:30', 'America/Phoenix').toISOString()).toBe('2026-06-01T16:30:00.000Z');
  });
});
