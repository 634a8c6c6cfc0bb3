import { describe, expect, it } from 'vitest';
import { formatMiles, formatMinutes, legLabel, readableReason, zoneAbbreviation } from './plan-format';
import { suggestPlanDate } from './suggest-date';
import type { PlanSale } from '../hooks/use-plan-selection';

const sale = (id: number, start_date: string, end_date: string): PlanSale => ({
  id,
  title: `Sale ${id}`,
  city: 'Springfield',
  state: 'IL',
  start_date,
  end_date,
  start_time: '08:00',
  end_time: '16:00',
});

describe('suggestPlanDate', () => {
  it('is today with nothing picked', () => {
    expect(suggestPlanDate([], '2030-06-10')).toBe('2030-06-10');
  });
  it('picks the first day on which the most picked sales are open', () => {
    const sales = [sale(1, '2030-06-12', '2030-06-13'), sale(2, '2030-06-13', '2030-06-14'), sale(3, '2030-06-20', '2030-06-20')];
    expect(suggestPlanDate(sales, '2030-06-10')).toBe('2030-06-13');
  });
  it('counts a sale that is already running as open today, and ignores ended ones', () => {
    expect(suggestPlanDate([sale(1, '2030-06-01', '2030-06-11'), sale(2, '2030-06-01', '2030-06-05')], '2030-06-10')).toBe('2030-06-10');
    expect(suggestPlanDate([sale(1, '2030-06-01', '2030-06-05')], '2030-06-10')).toBe('2030-06-10');
  });
});

describe('plan formats', () => {
  it.each([
    [0, '0 min'],
    [12.4, '12 min'],
    [60, '1 h'],
    [65, '1 h 5 min'],
  ])('formatMinutes(%s) = %s', (minutes, text) => expect(formatMinutes(minutes)).toBe(text));
  it('reads the planner’s reasons in 12-hour time', () => {
    expect(readableReason('Closes at 15:00, before you could get there (18:50 the next day)')).toBe(
      'Closes at 3:00 PM, before you could get there (6:50 PM the next day)',
    );
    expect(readableReason('Closes at 08:34, too soon after you could get there (00:20) for a 15-minute stop')).toBe(
      'Closes at 8:34 AM, too soon after you could get there (12:20 AM) for a 15-minute stop',
    );
  });
  it('writes miles with one decimal', () => expect(formatMiles(3)).toBe('3.0 mi'));
  it('names the legs of the directions', () => {
    expect(legLabel(0, 4)).toBe('Start → stop 4');
    expect(legLabel(1, 25)).toBe('Stop 10 → stop 20');
    expect(legLabel(2, 25)).toBe('Stop 20 → stop 25');
  });
  it('abbreviates a zone on the plan day, summer or winter', () => {
    expect(zoneAbbreviation('America/Chicago', '2030-06-14')).toBe('CDT');
    expect(zoneAbbreviation('America/Chicago', '2030-01-14')).toBe('CST');
    expect(zoneAbbreviation('Not/AZone', '2030-01-14')).toBe('Not/AZone');
  });
});
