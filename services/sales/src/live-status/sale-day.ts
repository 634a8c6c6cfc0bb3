import { addDays, wallClockAt, zonedTimeToUtc, type LiveState, type StoredLiveState } from '@garage/contracts';
import { timeZoneAt } from '@garage/service-kit';

/** What the live state is read from: a sale's days, hours, place, status and what was said. */
export interface LiveFields {
  start_date: string;
  end_date: string;
  start_time: string;
  end_time: string;
  status: string;
  latitude: number;
  longitude: number;
  live_state: StoredLiveState | null;
  live_state_at: Date | null;
  confirmed_on: string | null;
  confirmed_at: Date | null;
  confirmed_count: number;
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

export interface LiveReading {
  time_zone: string;
  live_state: LiveState | null;
  live_state_at: string | null;
  confirmed_at: string | null;
  confirmed_count: number;
}

// ZIP centroids are a few tens of thousands of points: their zones are looked up once each.
const zones = new Map<string, string>();
const MAX_ZONES = 50_000;

function zoneOf(latitude: number, longitude: number): string {
  const key = `${latitude},${longitude}`;
  let zone = zones.get(key);
  if (zone === undefined) {
    zone = timeZoneAt(latitude, longitude);
    if (zones.size >= MAX_ZONES) zones.clear();
    zones.set(key, zone);
  }
  return zone;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A zone's day at one instant: its date, the minute of it, and the instants it starts and ends. */
interface ZoneDay {
  date: string;
  minute: number;
  startsAt: number;
  endsAt: number;
}

/**
 * Reads sales' days at one instant. A list of 500 sales sits in a handful of zones, so each zone's
 * clock is read once per instant rather than once per sale, and "said today" is a comparison with
 * the day's bounds, not a clock reading per sale.
 */
export class SaleDayReader {
  private readonly zoneDays = new Map<string, ZoneDay>();
  private readonly ends = new Map<string, string>();

  constructor(readonly now: Date) {}

  private zoneDay(zone: string): ZoneDay {
    let day = this.zoneDays.get(zone);
    if (!day) {
      const clock = wallClockAt(this.now, zone);
      day = {
        ...clock,
        startsAt: zonedTimeToUtc(clock.date, '00:00', zone).getTime(),
        endsAt: zonedTimeToUtc(addDays(clock.date, 1), '00:00', zone).getTime(),
      };
      this.zoneDays.set(zone, day);
    }
    return day;
  }

  dayOf(sale: Pick<LiveFields, 'start_date' | 'end_date' | 'start_time' | 'end_time' | 'latitude' | 'longitude'>): SaleDay {
    const zone = zoneOf(sale.latitude, sale.longitude);
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
  private isToday(instant: Date, zone: string): boolean {
    const day = this.zoneDay(zone);
    const at = instant.getTime();
    return at >= day.startsAt && at < day.endsAt;
  }

  /** Today's end of the hours in a zone (the `live_state_at` of `ended`). */
  private endOfHours(day: SaleDay, endTime: string): string {
    const key = `${day.zone} ${endTime}`;
    let end = this.ends.get(key);
    if (end === undefined) {
      end = zonedTimeToUtc(day.today, endTime, day.zone).toISOString();
      this.ends.set(key, end);
    }
    return end;
  }

  /**
   * The live state a sale object shows: none for a cancelled sale; `ended` past the day's hours;
   * else what was said (or reported) today on the sale's clock; else none. Confirmations count
   * only on the day they were made.
   */
  read(sale: LiveFields): LiveReading {
    const day = this.dayOf(sale);
    const confirmedToday = sale.confirmed_on === day.today && sale.confirmed_at !== null;
    const confirmations = {
      time_zone: day.zone,
      confirmed_at: confirmedToday ? sale.confirmed_at!.toISOString() : null,
      confirmed_count: confirmedToday ? sale.confirmed_count : 0,
    };
    if (sale.status === 'cancelled') return { live_state: null, live_state_at: null, ...confirmations };
    if (day.pastHours) {
      return { live_state: 'ended', live_state_at: this.endOfHours(day, sale.end_time), ...confirmations };
    }
    if (sale.live_state !== null && sale.live_state_at !== null && this.isToday(sale.live_state_at, day.zone)) {
      return { live_state: sale.live_state, live_state_at: sale.live_state_at.toISOString(), ...confirmations };
    }
    return { live_state: null, live_state_at: null, ...confirmations };
  }

  /** The state stored today (the host's word or `likely_over`), if any: what ghost detection weighs. */
  storedToday(sale: LiveFields, day: SaleDay): StoredLiveState | null {
    return sale.live_state !== null && sale.live_state_at !== null && this.isToday(sale.live_state_at, day.zone) ? sale.live_state : null;
  }
}
