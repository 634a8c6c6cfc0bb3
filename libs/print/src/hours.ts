import type { PrintDay } from './community-sale-input.js';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LONG_WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `YYYY-MM-DD` read as a calendar date (no time zone can move it to the day before). */
function calendarDate(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!));
}

/** "Sat" */
export function weekday(date: string): string {
  return WEEKDAYS[calendarDate(date).getUTCDay()]!;
}

/** "Saturday, May 16" */
export function longDate(date: string): string {
  const day = calendarDate(date);
  return `${LONG_WEEKDAYS[day.getUTCDay()]}, ${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}`;
}

/** "Sat, May 16" */
export function shortDate(date: string): string {
  const day = calendarDate(date);
  return `${WEEKDAYS[day.getUTCDay()]}, ${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}`;
}

/** "08:00" -> "8 am", "14:30" -> "2:30 pm", "12:00" -> "noon". */
export function clockTime(time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  if (hours === 12 && minutes === 0) return 'noon';
  const suffix = hours < 12 ? 'am' : 'pm';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return minutes === 0 ? `${hour12} ${suffix}` : `${hour12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** "8 am–2 pm" */
export function timeRange(day: PrintDay): string {
  return `${clockTime(day.startTime)}\u2013${clockTime(day.endTime)}`;
}

/**
 * A sale's hours, days with the same hours together: "Sat–Sun 8 am–2 pm", or "Sat 8 am–2 pm" and
 * "Sun 9 am–noon" when they differ. One string per group of days, in date order.
 */
export function hoursByDay(days: PrintDay[]): string[] {
  const sorted = [...days].sort((a, b) => a.date.localeCompare(b.date));
  const groups: { dates: string[]; hours: string }[] = [];
  for (const day of sorted) {
    const hours = timeRange(day);
    const last = groups.at(-1);
    if (last && last.hours === hours) last.dates.push(day.date);
    else groups.push({ dates: [day.date], hours });
  }
  return groups.map(({ dates, hours }) => `${daySpan(dates)} ${hours}`);
}

/** "Sat", "Sat, Sun", or "Fri–Sun" for three or more days in a row. */
function daySpan(dates: string[]): string {
  const consecutive = dates.every((date, i) => i === 0 || calendarDate(date).getTime() - calendarDate(dates[i - 1]!).getTime() === DAY_MS);
  if (dates.length >= 3 && consecutive) return `${weekday(dates[0]!)}\u2013${weekday(dates.at(-1)!)}`;
  return dates.map(weekday).join(', ');
}

/** "May 16", "May 16–17", "May 30–Jun 1": the first and last of `days`. */
export function dateSpan(days: PrintDay[]): string {
  const dates = days.map((day) => day.date).sort();
  if (dates.length === 0) return '';
  const first = calendarDate(dates[0]!);
  const last = calendarDate(dates.at(-1)!);
  const start = `${MONTHS[first.getUTCMonth()]} ${first.getUTCDate()}`;
  if (first.getTime() === last.getTime()) return start;
  const sameMonth = first.getUTCMonth() === last.getUTCMonth() && first.getUTCFullYear() === last.getUTCFullYear();
  return `${start}\u2013${sameMonth ? '' : `${MONTHS[last.getUTCMonth()]} `}${last.getUTCDate()}`;
}

/** A sale's dates and daily hours, as a sale object carries them (`start_date`… in the API). */
export interface SaleSchedule {
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
}

/**
 * The days a sale is open among `dates` (a community sale's days), each with the sale's hours: a
 * printout entry's `hours`. A sale's hours are the same every day it runs.
 */
export function saleHoursOn(sale: SaleSchedule, dates: string[]): PrintDay[] {
  return [...dates]
    .sort()
    .filter((date) => date >= sale.startDate && date <= sale.endDate)
    .map((date) => ({ date, startTime: sale.startTime, endTime: sale.endTime }));
}
