/** A wall-clock reading: the calendar date and the minute of that day somewhere. */
export interface WallClock {
  date: string;
  /** Minutes after midnight, 0..1439. */
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** What the clocks in `timeZone` show at `instant`. */
export function wallClockAt(instant: Date, timeZone: string): WallClock {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** 480 → "08:00". Minutes past midnight wrap to the next day's clock (1450 → "00:10"). */
export function clockTime(minute: number): string {
  const rounded = ((Math.round(minute) % 1440) + 1440) % 1440;
  return `${String(Math.floor(rounded / 60)).padStart(2, '0')}:${String(rounded % 60).padStart(2, '0')}`;
}

/** "08:30" → 510. */
export function minuteOf(time: string): number {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return hour * 60 + minute;
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
