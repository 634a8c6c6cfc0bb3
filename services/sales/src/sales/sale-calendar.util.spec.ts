import { describe, expect, it } from '@jest/globals';
import { salesToday } from './sale-calendar.util.js';

describe('salesToday', () => {
  it('is the calendar date in UTC-10, so a Hawaiian evening is still today', () => {
    expect(salesToday(new Date('2030-06-02T09:59:59Z'))).toBe('2030-06-01');
    expect(salesToday(new Date('2030-06-02T10:00:00Z'))).toBe('2030-06-02');
  });
});
