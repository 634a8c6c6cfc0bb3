/**
 * Wall clocks in IANA time zones, from the platform's Intl data (no tables of our own): a sale's
 * dates and hours are wall-clock times in its zone, a digest goes out at an hour in the digest's
 * zone. Which zone a place is in needs boundary data and lives with the services (`timeZoneAt`).
 */

const MINUTE_MS = 60_000;

/** A wall-clock reading: the calendar date and the minute of that day somewhere. */
export interface WallClock {
  date: string;
  /** Minutes after midnight, 0..1439. */
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one costs far more than formatting with it. Throws RangeError for an unknown zone. */
function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallParts(instant: Date | number, timeZone: string): Record<string, string> {
  const parts = zoneFormatter(timeZone).formatToParts(instant);
  return Object.fromEntries(parts.map((part) => [part.type, part.value]));
}

/** What the clocks in `timeZone` show at `instant`. */
export function wallClockAt(instant: Date, timeZone: string): WallClock {
  const parts = wallParts(instant, timeZone);
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** Minutes the zone is ahead of UTC at `instant` (Chicago in winter: -360). */
export function zoneOffsetMinutes(timeZone: string, instant: Date | number): number {
  const at = typeof instant === 'number' ? instant : instant.getTime();
  const parts = wallParts(at, timeZone);
  const num = (type: string) => Number(parts[type]);
  const local = Date.UTC(num('year'), num('month') - 1, num('day'), num('hour'), num('minute'), num('second'));
  return Math.round((local - Math.floor(at / 1000) * 1000) / MINUTE_MS);
}

/**
 * The instant of a wall-clock `date` and `time` (HH:MM or HH:MM:SS) in `timeZone`. A time in a
 * spring-forward gap, which no clock shows, lands an hour early, just before the change (02:30 →
 * 01:30 standard time); a time shown twice in a fall-back hour is the first of the two.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time.length === 5 ? `${time}:00` : time}Z`);
  // The zone's offset at the guess, applied twice to settle across a daylight-saving change.
  let instant = wall - zoneOffsetMinutes(timeZone, wall) * MINUTE_MS;
  instant = wall - zoneOffsetMinutes(timeZone, instant) * MINUTE_MS;
  return new Date(instant);
}

/** The zone's short name at `instant` ("CST", "CDT", "HST"; "GMT+1" where the platform knows no abbreviation). */
export function zoneAbbreviation(timeZone: string, instant: Date | number): string | null {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? null;
}
