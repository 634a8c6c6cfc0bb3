import { addDays } from './calendar.js';
import type { LiveState, StoredLiveState } from './live-status.js';
import { wallClockAt, zonedTimeToUtc } from './time-zone.js';

/** A sale's days and hours, on its own clock (dates `YYYY-MM-DD`, times `HH:MM`). */
export interface SaleHours {
  start_date: string;
  end_date: string;
  start_time: string;
  end_time: string;
}

/** What a sale's live state is read from, besides its days and hours. */
export interface SaleLiveFields extends SaleHours {
  status: string;
  live_state: StoredLiveState | null;
  live_state_at: Date | null;
}

/** Where a sale's day stands on its own clock. */
export interface SaleDay {
  zone: string;
  /** The date on the sale's clock. */
  today: string;
  /** Today is one of the sale's days. */
  onDay: boolean;
  /** On a day, between its start and end time. */
  duringHours: boolean;
  /** On a day, at or past its end time: `ended` for the rest of the day. */
  pastHours: boolean;
}

/** The live state a sale shows, and since when. */
export interface LiveStateReading {
  live_state: LiveState | null;
  live_state_at: string | null;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A zone's day at one instant: its date, the minute of it, and the instants it starts and ends. */
interface ZoneDay {
  date: string;
  minute: number;
  startsAt: number;
  endsAt: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

// Each zone's current day, shared by every reader: reading a zone's clock costs a few Intl calls
// (some microseconds each), and a search answer or a list reads the days of a handful of zones for
// every request. Only a day of exactly 24 hours is kept, where the minute is the time since its
// start; a day with a daylight-saving change is read from the clock each time.
const currentDays = new Map<string, Omit<ZoneDay, 'minute'>>();

/**
 * Reads sales' days and live states at one instant, the one reading sales and the services that
 * copy sales (items' search) share, so `ended` means the same everywhere. The caller gives each
 * sale's IANA zone (found from its place). A list of 500 sales sits in a handful of zones, so each
 * zone's clock is read once per instant rather than once per sale, and "said today" is a
 * comparison with the day's bounds, not a clock reading per sale.
 */
export class SaleDays {
  private readonly zoneDays = new Map<string, ZoneDay>();
  private readonly ends = new Map<string, number>();

  constructor(readonly now: Date) {}

  private zoneDay(zone: string): ZoneDay {
    let day = this.zoneDays.get(zone);
    if (!day) {
      const at = this.now.getTime();
      const known = currentDays.get(zone);
      if (known && known.startsAt <= at && at < known.endsAt) {
        day = { ...known, minute: Math.floor((at - known.startsAt) / MINUTE_MS) };
      } else {
        const clock = wallClockAt(this.now, zone);
        day = {
          ...clock,
          startsAt: zonedTimeToUtc(clock.date, '00:00', zone).getTime(),
          endsAt: zonedTimeToUtc(addDays(clock.date, 1), '00:00', zone).getTime(),
        };
        if (day.endsAt - day.startsAt === DAY_MS) currentDays.set(zone, { date: day.date, startsAt: day.startsAt, endsAt: day.endsAt });
      }
      this.zoneDays.set(zone, day);
    }
    return day;
  }

  dayOf(sale: SaleHours, zone: string): SaleDay {
    const clock = this.zoneDay(zone);
    const onDay = sale.start_date <= clock.date && clock.date <= sale.end_date;
    const end = minutesOf(sale.end_time);
    return {
      zone,
      today: clock.date,
      onDay,
      duringHours: onDay && minutesOf(sale.start_time) <= clock.minute && clock.minute < end,
      pastHours: onDay && clock.minute >= end,
    };
  }

  /** Whether an instant falls on today's date on the zone's clock. */
  isToday(instant: Date, zone: string): boolean {
    const day = this.zoneDay(zone);
    const at = instant.getTime();
    return at >= day.startsAt && at < day.endsAt;
  }

  /** The instant the hours end on a date in a zone (ms). */
  private endOfHoursOn(date: string, endTime: string, zone: string): number {
    const key = `${zone} ${date} ${endTime}`;
    let end = this.ends.get(key);
    if (end === undefined) {
      end = zonedTimeToUtc(date, endTime, zone).getTime();
      this.ends.set(key, end);
    }
    return end;
  }

  /**
   * The live state a sale shows: none for a cancelled sale; `ended` past the day's hours (since
   * their end); else what was said (or reported) today on the sale's clock; else none.
   */
  liveState(sale: SaleLiveFields, day: SaleDay): LiveStateReading {
    if (sale.status === 'cancelled') return NOTHING_SAID;
    if (day.pastHours) {
      return { live_state: 'ended', live_state_at: new Date(this.endOfHoursOn(day.today, sale.end_time, day.zone)).toISOString() };
    }
    const said = this.storedToday(sale, day);
    return said === null ? NOTHING_SAID : { live_state: said, live_state_at: sale.live_state_at!.toISOString() };
  }

  /** The state stored today (the host's word or `likely_over`), if any: what ghost detection weighs. */
  storedToday(sale: Pick<SaleLiveFields, 'live_state' | 'live_state_at'>, day: SaleDay): StoredLiveState | null {
    return sale.live_state !== null && sale.live_state_at !== null && this.isToday(sale.live_state_at, day.zone) ? sale.live_state : null;
  }

  /**
   * An instant (ms) no later than the next one at which the passing of time alone changes the
   * sale's live state, for a reader that keeps a reading until then (a search answer): on the
   * sale's day, the end of its hours (it becomes `ended`), then the end of the day (`ended` and what
   * was said lapse); before its days, the end of today on its clock, to look again then (reading
   * the end of hours of some later date would cost a clock conversion per sale, and a kept answer
   * seldom lives a day). Null: nothing changes by time any more (its days are over; a state is
   * said only on a sale's day).
   */
  nextChange(sale: SaleHours, day: SaleDay): number | null {
    if (day.onDay && !day.pastHours) return this.endOfHoursOn(day.today, sale.end_time, day.zone);
    if (day.onDay || day.today < sale.start_date) return this.zoneDay(day.zone).endsAt;
    return null;
  }
}

const NOTHING_SAID: LiveStateReading = { live_state: null, live_state_at: null };
