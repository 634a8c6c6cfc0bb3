import { describe, expect, it } from '@jest/globals';
import { SaleDays, type SaleLiveFields } from './sale-day.js';

const hours = { start_date: '2099-05-02', end_date: '2099-05-03', start_time: '08:00', end_time: '12:00' };
const sale = (overrides: Partial<SaleLiveFields> = {}): SaleLiveFields => ({
  ...hours,
  status: 'active',
  live_state: null,
  live_state_at: null,
  ...overrides,
});
const CHICAGO = 'America/Chicago'; // UTC-5 in May
const HONOLULU = 'Pacific/Honolulu'; // UTC-10

const read = (at: string, fields: SaleLiveFields, zone = CHICAGO) => {
  const days = new SaleDays(new Date(at));
  const day = days.dayOf(fields, zone);
  return { day, live: days.liveState(fields, day), next: days.nextChange(fields, day) };
};

describe('SaleDays', () => {
  it('reads what was said on the sale’s day until its hours end, then `ended` since their end', () => {
    const said = sale({ live_state: 'winding_down', live_state_at: new Date('2099-05-02T16:30:00Z') });
    const during = read('2099-05-02T16:45:00Z', said);
    expect(during.day).toMatchObject({ today: '2099-05-02', onDay: true, duringHours: true, pastHours: false });
    expect(during.live).toEqual({ live_state: 'winding_down', live_state_at: '2099-05-02T16:30:00.000Z' });
    expect(during.next).toBe(Date.parse('2099-05-02T17:00:00Z'));

    const past = read('2099-05-02T17:00:00Z', said);
    expect(past.live).toEqual({ live_state: 'ended', live_state_at: '2099-05-02T17:00:00.000Z' });
    // `ended` lasts the rest of that day on the sale's clock: midnight in Chicago.
    expect(past.next).toBe(Date.parse('2099-05-03T05:00:00Z'));
  });

  it('lets a word said yesterday lapse, and reads each zone on its own clock', () => {
    const said = sale({ live_state: 'closed_early', live_state_at: new Date('2099-05-02T15:00:00Z') });
    expect(read('2099-05-03T06:00:00Z', said).live).toEqual({ live_state: null, live_state_at: null });
    // 06:00Z on the 3rd is still the evening of the 2nd in Honolulu: past its hours there.
    const honolulu = read('2099-05-03T06:00:00Z', said, HONOLULU);
    expect(honolulu.day.today).toBe('2099-05-02');
    expect(honolulu.live).toEqual({ live_state: 'ended', live_state_at: '2099-05-02T22:00:00.000Z' });
  });

  it('is read again at the end of each day before the sale, and never after it', () => {
    // 12:00Z on April 30 is 07:00 in Chicago: look again at its midnight.
    expect(read('2099-04-30T12:00:00Z', sale()).next).toBe(Date.parse('2099-05-01T05:00:00Z'));
    expect(read('2099-05-05T12:00:00Z', sale())).toMatchObject({ next: null, live: { live_state: null } });
  });

  it('reads the clock right on the days around a daylight-saving change (Chicago, 1 November 2026)', () => {
    const fallBack = sale({ start_date: '2026-10-31', end_date: '2026-11-02' });
    // 11:59:30 CDT on the 31st, then 12:00:30 CST on the 1st (a 25-hour day), then 11:59 CST on the 2nd.
    expect(read('2026-10-31T16:59:30Z', fallBack).live.live_state).toBeNull();
    expect(read('2026-11-01T18:00:30Z', fallBack).live).toEqual({ live_state: 'ended', live_state_at: '2026-11-01T18:00:00.000Z' });
    expect(read('2026-11-01T17:59:00Z', fallBack).day).toMatchObject({ today: '2026-11-01', duringHours: true });
    expect(read('2026-11-02T17:59:00Z', fallBack).day).toMatchObject({ today: '2026-11-02', duringHours: true });
    expect(read('2026-11-02T18:00:00Z', fallBack).live.live_state).toBe('ended');
  });

  it('reads nothing for a cancelled sale, past its hours too', () => {
    const cancelled = sale({ status: 'cancelled', live_state: 'open', live_state_at: new Date('2099-05-02T14:00:00Z') });
    expect(read('2099-05-02T15:00:00Z', cancelled).live).toEqual({ live_state: null, live_state_at: null });
    expect(read('2099-05-02T18:00:00Z', cancelled).live).toEqual({ live_state: null, live_state_at: null });
  });
});
