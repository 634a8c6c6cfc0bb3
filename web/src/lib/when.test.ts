import { describe, expect, it } from 'vitest';
import { formatWhen } from './when';

describe('formatWhen', () => {
  const now = new Date('2030-06-14T15:00:00Z');
  it.each([
    ['2030-06-14T14:59:40Z', 'just now'],
    ['2030-06-14T14:55:00Z', '5 min ago'],
    ['2030-06-14T12:00:00Z', '3 h ago'],
    ['2030-06-10T12:00:00Z', 'Jun 10, 2030'],
    ['not a date', ''],
  ])('%s → %s', (createdAt, expected) => {
    expect(formatWhen(createdAt, now)).toBe(expected);
  });
});
