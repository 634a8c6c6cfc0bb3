import { addDays, zoneAbbreviation, zonedTimeToUtc, zoneOffsetMinutes } from '@garage/contracts';
import type { CalendarEvent } from './calendar.types.js';

/**
 * iCalendar files (RFC 5545) for "Add to calendar" on a sale and for route plans.
 *
 * Times are written as wall-clock times in the sale's own zone (`DTSTART;TZID=America/Chicago:…`)
 * with a VTIMEZONE for each zone used, so a calendar app shows 08:00 at the sale whatever the
 * viewer's zone, and a daily sale keeps its hours across a daylight-saving change. The VTIMEZONE
 * rules are derived from the platform's time-zone data (`Intl`), not from a hand-kept table.
 */

const CRLF = '\r\n';
/** RFC 5545 §3.1: lines longer than 75 octets (excluding the line break) are folded. */
const MAX_LINE_OCTETS = 75;
const PRODUCT_ID = '-//Garage//Garage Sales//EN';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface CalendarOptions {
  /** Shown by some apps as the calendar's name (X-WR-CALNAME). */
  name?: string;
  /** DTSTAMP, the moment the file is made (default: now). */
  now?: Date;
}

/**
 * The text of an .ics file with one VEVENT per event (CRLF line endings, folded lines).
 *
 * An event with `dailyUntil` repeats every day up to and including that date, each occurrence
 * from `startTime` to `endTime` of its own day (the next day when `endTime` is not after
 * `startTime`); its `endDate` is not used, so callers may pass the first day or the last.
 *
 * @throws RangeError for a date, time or zone that is not valid, or an event that ends before it starts.
 */
export function calendarFile(events: CalendarEvent[], options: CalendarOptions = {}): string {
  const stamp = utcStamp(options.now ?? new Date());
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${PRODUCT_ID}`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  if (options.name !== undefined) lines.push(`X-WR-CALNAME:${escapeText(options.name)}`);

  const timed = events.map((event) => timesOf(event));
  // One VTIMEZONE per zone, covering every year its events touch.
  const years = new Map<string, { from: number; to: number }>();
  for (const { event, lastDate } of timed) {
    const from = Number(event.startDate.slice(0, 4));
    const to = Number(lastDate.slice(0, 4));
    const known = years.get(event.timeZone);
    years.set(event.timeZone, known ? { from: Math.min(known.from, from), to: Math.max(known.to, to) } : { from, to });
  }
  for (const [zone, range] of [...years].sort(([a], [b]) => a.localeCompare(b)))
    lines.push(...timeZoneComponent(zone, range.from, range.to));

  for (const { event, end } of timed) {
    const zone = event.timeZone;
    lines.push('BEGIN:VEVENT', `UID:${escapeText(event.uid)}`, `DTSTAMP:${stamp}`);
    lines.push(`DTSTART;TZID=${zone}:${localStamp(event.startDate, event.startTime)}`);
    lines.push(`DTEND;TZID=${zone}:${localStamp(end.date, end.time)}`);
    if (event.dailyUntil !== undefined && event.dailyUntil > event.startDate) {
      // With a zoned DTSTART, UNTIL must be in UTC (RFC 5545 §3.3.10): the last occurrence's start.
      lines.push(`RRULE:FREQ=DAILY;UNTIL=${utcStamp(zonedTimeToUtc(event.dailyUntil, event.startTime, zone))}`);
    }
    lines.push(`SUMMARY:${escapeText(event.title)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.url) lines.push(`URL:${withoutControls(event.url)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join(CRLF) + CRLF;
}

/** Checks an event's fields and works out its (first occurrence's) end. */
function timesOf(event: CalendarEvent): { event: CalendarEvent; end: { date: string; time: string }; lastDate: string } {
  for (const date of [event.startDate, event.endDate, ...(event.dailyUntil === undefined ? [] : [event.dailyUntil])]) checkDate(date);
  checkTime(event.startTime);
  checkTime(event.endTime);
  zoneOffsetMinutes(event.timeZone, 0); // throws RangeError for an unknown zone
  if (event.dailyUntil !== undefined) {
    if (event.dailyUntil < event.startDate) throw new RangeError(`dailyUntil ${event.dailyUntil} is before the start ${event.startDate}`);
    const date = clockOf(event.endTime) > clockOf(event.startTime) ? event.startDate : addDays(event.startDate, 1);
    return { event, end: { date, time: event.endTime }, lastDate: addDays(event.dailyUntil, date === event.startDate ? 0 : 1) };
  }
  if (`${event.endDate} ${clockOf(event.endTime)}` <= `${event.startDate} ${clockOf(event.startTime)}`) {
    throw new RangeError(
      `Event ${event.uid} ends (${event.endDate} ${event.endTime}) before it starts (${event.startDate} ${event.startTime})`,
    );
  }
  return { event, end: { date: event.endDate, time: event.endTime }, lastDate: event.endDate };
}

// ---------------------------------------------------------------------------------------------
// Text

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped. */
function escapeText(value: string): string {
  return withoutControls(
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n'),
  );
}

/** Drops control characters but the tab: TEXT and URI values may not contain them. */
function withoutControls(value: string): string {
  let result = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code === 9 || (code >= 0x20 && code !== 0x7f)) result += char;
  }
  return result;
}

/** Splits a line into chunks of at most 75 octets, never inside a character; continuations start with a space. */
function fold(line: string): string {
  const chunks: string[] = [];
  let chunk = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0)!);
    if (octets + size > MAX_LINE_OCTETS) {
      chunks.push(chunk);
      chunk = ' ';
      octets = 1;
    }
    chunk += char;
    octets += size;
  }
  chunks.push(chunk);
  return chunks.join(CRLF);
}

function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

// ---------------------------------------------------------------------------------------------
// Dates and times

function checkDate(date: string): void {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
}

function checkTime(time: string): void {
  if (!/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(time)) throw new RangeError(`Not a time (HH:MM): ${time}`);
}

/** HH:MM:SS of HH:MM or HH:MM:SS (Postgres `time` columns come with seconds). */
function clockOf(time: string): string {
  return time.length === 5 ? `${time}:00` : time;
}

/** 20261205T080000: a wall-clock DATE-TIME. */
function localStamp(date: string, time: string): string {
  return `${date.replace(/-/g, '')}T${clockOf(time).replace(/:/g, '')}`;
}

/** 20261205T140000Z: a UTC DATE-TIME. */
function utcStamp(instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Not a valid moment');
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

// ---------------------------------------------------------------------------------------------
// VTIMEZONE

interface Transition {
  /** The UTC instant of the change, and the offsets before and after (minutes ahead of UTC). */
  at: number;
  from: number;
  to: number;
}

const componentCache = new Map<string, string[]>();

/**
 * The VTIMEZONE of a zone for events in the years `from`..`to`. Its transitions are found from
 * the year before (so January events see the previous autumn's change); when they follow a yearly
 * rule (US: second Sunday of March, first Sunday of November, since 2007) it is written as an
 * RRULE, otherwise each change is listed. A zone without changes (America/Phoenix,
 * Pacific/Honolulu) gets a single STANDARD.
 */
function timeZoneComponent(zone: string, from: number, to: number): string[] {
  const key = `${zone} ${from} ${to}`;
  const cached = componentCache.get(key);
  if (cached) return cached;
  const transitions = transitionsOf(zone, from - 1, to);
  const lines = [`BEGIN:VTIMEZONE`, `TZID:${zone}`];
  if (transitions.length === 0) {
    const offset = zoneOffsetMinutes(zone, Date.UTC(from, 0, 1));
    lines.push(...observance('STANDARD', '19700101T000000', offset, offset, zoneName(zone, Date.UTC(from, 0, 1))));
  } else {
    // Group the changes by kind (same offsets before and after), one observance per kind.
    const kinds = new Map<string, Transition[]>();
    for (const transition of transitions) {
      const kind = `${transition.from} ${transition.to}`;
      kinds.set(kind, [...(kinds.get(kind) ?? []), transition]);
    }
    for (const changes of kinds.values()) {
      const first = changes[0]!;
      const type = first.to > first.from ? 'DAYLIGHT' : 'STANDARD';
      const name = zoneName(zone, first.at);
      const rule = yearlyRule(changes, from - 1, to);
      if (rule) {
        lines.push(...observance(type, localOnset(first), first.from, first.to, name, rule));
      } else {
        for (const change of changes)
          lines.push(...observance(type, localOnset(change), change.from, change.to, zoneName(zone, change.at)));
      }
    }
  }
  lines.push('END:VTIMEZONE');
  if (componentCache.size > 1000) componentCache.clear();
  componentCache.set(key, lines);
  return lines;
}

function observance(type: string, onset: string, from: number, to: number, name: string | null, rule?: string): string[] {
  return [
    `BEGIN:${type}`,
    `DTSTART:${onset}`,
    ...(rule ? [`RRULE:${rule}`] : []),
    `TZOFFSETFROM:${offsetText(from)}`,
    `TZOFFSETTO:${offsetText(to)}`,
    ...(name ? [`TZNAME:${escapeText(name)}`] : []),
    `END:${type}`,
  ];
}

/** Every offset change in the years `from`..`to`, to the minute: a daily probe, then a binary search. */
function transitionsOf(zone: string, from: number, to: number): Transition[] {
  const transitions: Transition[] = [];
  const end = Date.UTC(to + 1, 0, 1);
  let before = Date.UTC(from, 0, 1);
  let offset = zoneOffsetMinutes(zone, before);
  for (let probe = before + DAY; probe <= end; probe += DAY) {
    const next = zoneOffsetMinutes(zone, probe);
    if (next !== offset) {
      let low = before; // offset at low is `offset`, at high `next`
      let high = probe;
      while (high - low > MINUTE) {
        const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
        if (zoneOffsetMinutes(zone, middle) === offset) low = middle;
        else high = middle;
      }
      transitions.push({ at: high, from: offset, to: next });
      offset = next;
    }
    before = probe;
  }
  return transitions;
}

/** The onset as a wall-clock time before the change (RFC 5545: DTSTART in TZOFFSETFROM's time). */
function localOnset(transition: Transition): string {
  return utcStamp(new Date(transition.at + transition.from * MINUTE)).slice(0, 15);
}

/**
 * "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU" when the changes happen once a year, every year of the range,
 * in the same month, on the same nth (or last) weekday, at the same wall-clock time; otherwise null.
 */
function yearlyRule(changes: Transition[], from: number, to: number): string | null {
  if (changes.length !== to - from + 1) return null;
  const days = changes.map((change) => new Date(change.at + change.from * MINUTE));
  if (days.some((day, index) => day.getUTCFullYear() !== from + index)) return null;
  const same = <T>(read: (day: Date) => T) => days.every((day) => read(day) === read(days[0]!));
  if (!same((day) => day.getUTCMonth()) || !same((day) => day.getUTCDay()) || !same((day) => day.toISOString().slice(11, 19))) return null;
  const weekday = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][days[0]!.getUTCDay()]!;
  const month = days[0]!.getUTCMonth() + 1;
  const nth = (day: Date) => Math.ceil(day.getUTCDate() / 7);
  const isLast = (day: Date) => new Date(day.getTime() + 7 * DAY).getUTCMonth() !== day.getUTCMonth();
  if (same(nth)) return `FREQ=YEARLY;BYMONTH=${month};BYDAY=${nth(days[0]!)}${weekday}`;
  if (days.every(isLast)) return `FREQ=YEARLY;BYMONTH=${month};BYDAY=-1${weekday}`;
  return null;
}

/** -0600, +0530. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const size = Math.abs(minutes);
  return `${sign}${String(Math.floor(size / 60)).padStart(2, '0')}${String(size % 60).padStart(2, '0')}`;
}

/** The zone's name just after `at` (a change's own instant still shows the name before it). */
function zoneName(zone: string, at: number): string | null {
  return zoneAbbreviation(zone, at + MINUTE);
}
