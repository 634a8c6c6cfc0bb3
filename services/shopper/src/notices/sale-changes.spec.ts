import { describe, expect, it } from '@jest/globals';
import { describeSchedule, describeScheduleChange, formatDate, formatTime, scheduleChanges } from './sale-changes.js';

const base = { start_date: '2099-05-03', end_date: '2099-05-04', start_time: '08:00', end_time: '12:00' };

describe('sale schedule changes', () => {
  it('lists each changed field from → to, and nothing when only other fields changed', () => {
    expect(scheduleChanges(base, { ...base })).toEqual([]);
    expect(scheduleChanges(base, { ...base, end_date: '2099-05-05', start_time: '09:30' })).toEqual([
      { field: 'end_date', from: '2099-05-04', to: '2099-05-05' },
      { field: 'start_time', from: '08:00', to: '09:30' },
    ]);
  });

  it('says what changed for a person, dates and hours apart', () => {
    expect(describeScheduleChange(base, { ...base, start_date: '2099-05-10', end_date: '2099-05-11' })).toBe(
      'Dates changed from May 3, 2099 – May 4, 2099 to May 10, 2099 – May 11, 2099.',
    );
    expect(describeScheduleChange(base, { ...base, start_time: '09:00', end_time: '13:00' })).toBe(
      'Hours changed from 8:00 AM – 12:00 PM to 9:00 AM – 1:00 PM.',
    );
    expect(describeScheduleChange(base, { ...base, end_date: '2099-05-03', end_time: '12:30' })).toBe(
      'Dates changed from May 3, 2099 – May 4, 2099 to May 3, 2099. Hours changed from 8:00 AM – 12:00 PM to 8:00 AM – 12:30 PM.',
    );
  });

  it('formats dates in US English and times in 12-hour format', () => {
    expect(formatDate('2099-12-01')).toBe('Dec 1, 2099');
    expect(formatTime('00:05')).toBe('12:05 AM');
    expect(formatTime('12:00')).toBe('12:00 PM');
    expect(formatTime('23:59')).toBe('11:59 PM');
    expect(describeSchedule({ ...base, end_date: base.start_date })).toBe('May 3, 2099, 8:00 AM – 12:00 PM');
  });
});
