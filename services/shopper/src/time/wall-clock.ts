/**
 * Minutes of a day as route plans count them (wall clocks in zones and calendar dates are in
 * `@garage/contracts`: time-zone.ts, calendar.ts).
 */

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
