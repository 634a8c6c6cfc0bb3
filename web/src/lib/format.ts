/**
 * Display formats of the spec: dates in US English, times in 12-hour format, money in dollars.
 * Dates from the API are calendar dates (YYYY-MM-DD) and are read in local time, never as UTC
 * midnight, so a sale on June 14 never shows as June 13 west of Greenwich.
 */

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parseDateOnly(value: string): Date | null {
  const match = DATE_ONLY.exec(value);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

// US English by hand rather than through Intl: the first Intl formatter a page builds loads the
// browser's locale data, 40-75 ms of main thread on a PC and four times that on a slow phone,
// which every page showing a date or a price would pay while it starts. The spec's formats are few
// and fixed (US English, dollars), so they are written out here; format.test.ts holds them to Intl.
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "Jun 14, 2025" */
export function formatDay(date: Date): string {
  return `${MONTHS[date.getMonth()]!.slice(0, 3)} ${date.getDate()}, ${date.getFullYear()}`;
}

/** "Sat, Jun 14, 2025" */
export function formatDate(value: string): string {
  const date = parseDateOnly(value);
  return date ? `${WEEKDAYS[date.getDay()]}, ${formatDay(date)}` : value;
}

/** "Jun 14, 2025" */
export function formatShortDate(value: string): string {
  const date = parseDateOnly(value);
  return date ? formatDay(date) : value;
}

/** One day when start and end are the same, else "start - end". */
export function formatDateRange(start: string, end: string, style: 'long' | 'short' = 'long'): string {
  const format = style === 'long' ? formatDate : formatShortDate;
  if (!end || start === end) return format(start);
  return `${format(start)} - ${format(end)}`;
}

/** "08:00" → "8:00 AM", "16:30" → "4:30 PM", "00:15" → "12:15 AM". */
export function formatTime(value: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(value);
  if (!match) return value;
  const hours = Number(match[1]);
  const period = hours >= 12 ? 'PM' : 'AM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${match[2]} ${period}`;
}

/** A timestamp (ISO 8601) as its local clock time, "4:30 PM"; '' when unreadable. */
export function formatClockTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return formatTime(`${date.getHours()}:${String(date.getMinutes()).padStart(2, '0')}`);
}

export function formatTimeRange(start: string, end: string): string {
  return `${formatTime(start)} - ${formatTime(end)}`;
}

/** A timestamp (ISO 8601) as "January 5, 2026"; 'Unknown' when missing or unreadable. */
export function formatTimestampDate(value: string | null | undefined): string {
  if (!value) return 'Unknown';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'Unknown' : `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** "$1,234.50", "-$5.00"; half a cent rounds up, as Intl rounds the decimal written. */
export function formatPrice(dollars: number): string {
  const shifted = Number(`${Math.abs(dollars)}e2`); // NaN for a number JavaScript writes as 1e-7
  const cents = Math.round(Number.isNaN(shifted) ? Math.abs(dollars) * 100 : shifted);
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${dollars < 0 ? '-' : ''}$${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** Cuts text at `max` characters and marks the cut with "...". */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}

/** The browser's calendar date as YYYY-MM-DD (the minimum of a sale's start date). */
export function todayLocal(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

export function formatRating(rating: number | null | undefined): string {
  return rating ? rating.toFixed(1) : 'N/A';
}

export function fullName(first: string | null | undefined, last: string | null | undefined): string {
  return [first, last].filter(Boolean).join(' ');
}

export function pluralize(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
