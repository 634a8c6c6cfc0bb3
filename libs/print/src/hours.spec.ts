import { describe, expect, it } from '@jest/globals';
import { clockTime, dateSpan, hoursByDay, saleHoursOn } from './hours.js';

describe('hours on paper', () => {
  it('reads clock times as people write them', () => {
    expect(['00:00', '07:30', '08:00', '12:00', '12:15', '14:00', '23:59'].map(clockTime)).toEqual([
      '12 am',
      '7:30 am',
      '8 am',
      'noon',
      '12:15 pm',
      '2 pm',
      '11:59 pm',
    ]);
  });

  it('groups days with the same hours', () => {
    const day = (date: string, startTime = '08:00', endTime = '14:00') => ({ date, startTime, endTime });

    expect(hoursByDay([day('2026-05-17'), day('2026-05-16')])).toEqual(['Sat, Sun 8 am\u20132 pm']);
    expect(hoursByDay([day('2026-05-15'), day('2026-05-16'), day('2026-05-17')])).toEqual(['Fri\u2013Sun 8 am\u20132 pm']);
    expect(hoursByDay([day('2026-05-16'), day('2026-05-17', '09:00', '12:00')])).toEqual(['Sat 8 am\u20132 pm', 'Sun 9 am\u2013noon']);
    expect(hoursByDay([])).toEqual([]);
  });

  it('spans dates within and across months', () => {
    const day = (date: string) => ({ date, startTime: '08:00', endTime: '12:00' });

    expect(dateSpan([day('2026-05-16')])).toBe('May 16');
    expect(dateSpan([day('2026-05-17'), day('2026-05-16')])).toBe('May 16\u201317');
    expect(dateSpan([day('2026-05-30'), day('2026-06-01')])).toBe('May 30\u2013Jun 1');
  });

  it("gives a sale's hours on the community sale's days it is open", () => {
    const sale = { startDate: '2026-05-16', endDate: '2026-05-16', startTime: '07:00', endTime: '13:00' };

    expect(saleHoursOn(sale, ['2026-05-17', '2026-05-16'])).toEqual([{ date: '2026-05-16', startTime: '07:00', endTime: '13:00' }]);
    expect(saleHoursOn({ ...sale, endDate: '2026-05-18' }, ['2026-05-16', '2026-05-17'])).toHaveLength(2);
    expect(saleHoursOn(sale, ['2026-05-23'])).toEqual([]);
  });
});
