import { SaleDays, type LiveState, type SaleDay, type SaleLiveFields, type StoredLiveState } from '@garage/contracts';
import { timeZoneAt } from '@garage/service-kit';

export type { SaleDay } from '@garage/contracts';

/** What the live state is read from: a sale's days, hours, place, status, what was said, and today's confirmations. */
export interface LiveFields extends SaleLiveFields {
  latitude: number;
  longitude: number;
  confirmed_on: string | null;
  confirmed_at: Date | null;
  confirmed_count: number;
}

export interface LiveReading {
  time_zone: string;
  live_state: LiveState | null;
  live_state_at: string | null;
  confirmed_at: string | null;
  confirmed_count: number;
}

/**
 * Reads sales' days at one instant: the shared reading (`SaleDays`, which items' search uses too)
 * with each sale's zone found from its place, plus the day's confirmations, which only sales keeps.
 */
export class SaleDayReader {
  private readonly days: SaleDays;

  constructor(readonly now: Date) {
    this.days = new SaleDays(now);
  }

  dayOf(sale: Pick<LiveFields, 'start_date' | 'end_date' | 'start_time' | 'end_time' | 'latitude' | 'longitude'>): SaleDay {
    return this.days.dayOf(sale, timeZoneAt(sale.latitude, sale.longitude));
  }

  /**
   * The live state a sale object shows (see `SaleDays.liveState`), with its zone and today's
   * confirmations: confirmations count only on the day they were made.
   */
  read(sale: LiveFields): LiveReading {
    const day = this.dayOf(sale);
    const confirmedToday = sale.confirmed_on === day.today && sale.confirmed_at !== null;
    return {
      time_zone: day.zone,
      ...this.days.liveState(sale, day),
      confirmed_at: confirmedToday ? sale.confirmed_at!.toISOString() : null,
      confirmed_count: confirmedToday ? sale.confirmed_count : 0,
    };
  }

  /** The state stored today (the host's word or `likely_over`), if any: what ghost detection weighs. */
  storedToday(sale: LiveFields, day: SaleDay): StoredLiveState | null {
    return this.days.storedToday(sale, day);
  }
}
