import { describe, expect, it } from '@jest/globals';
import { clockTime, minuteOf } from './wall-clock.js';

describe('wall clock', () => {
  it('formats and parses HH:MM, wrapping past midnight', () => {
    expect(clockTime(480)).toBe('08:00');
    expect(clockTime(1450)).toBe('00:10');
    expect(clockTime(59.6)).toBe('01:00');
    expect(minuteOf('16:45')).toBe(1005);
  });
});
