import { describe, expect, it } from '@jest/globals';
import { timeZoneAt } from './time-zone.js';

describe('timeZoneAt', () => {
  it('tells the zone of places on both sides of a state’s zone line', () => {
    expect(timeZoneAt(30.4223, -87.2248)).toBe('America/Chicago'); // Pensacola, Florida panhandle
    expect(timeZoneAt(25.77, -80.19)).toBe('America/New_York'); // Miami
    expect(timeZoneAt(21.3, -157.8)).toBe('Pacific/Honolulu');
  });
});
