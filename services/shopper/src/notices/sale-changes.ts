import type { SaleChange, SaleSnapshot } from '@garage/contracts';

/** The dates and hours of a sale, the part of it a shopper plans around. */
export type SaleSchedule = Pick<SaleSnapshot, 'start_date' | 'end_date' | 'start_time' | 'end_time'>;

const FIELDS = ['start_date', 'end_date', 'start_time', 'end_time'] as const;

/** `08:00:00` and `08:00` are one time: only HH:MM counts. */
const normal = (field: (typeof FIELDS)[number], value: string) => (field.endsWith('_time') ? value.slice(0, 5) : value);

function normalized(schedule: SaleSchedule): SaleSchedule {
  return { ...schedule, start_time: schedule.start_time.slice(0, 5), end_time: schedule.end_time.slice(0, 5) };
}

/** Each date or hour that differs between two versions of a sale, from → to. */
export function scheduleChanges(before: SaleSchedule, after: SaleSchedule): SaleChange[] {
  return FIELDS.filter((field) => normal(field, before[field]) !== normal(field, after[field])).map((field) => ({
    field,
    from: normal(field, before[field]),
    to: normal(field, after[field]),
  }));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "May 3, 2099" (the spec shows dates in US English). */
export function formatDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

/** "8:00 AM" (the spec shows times in 12-hour format). */
export function formatTime(time: string): string {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const suffix = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${suffix}`;
}

function dateRange(schedule: SaleSchedule): string {
  return schedule.start_date === schedule.end_date
    ? formatDate(schedule.start_date)
    : `${formatDate(schedule.start_date)} – ${formatDate(schedule.end_date)}`;
}

function hours(schedule: SaleSchedule): string {
  return `${formatTime(schedule.start_time)} – ${formatTime(schedule.end_time)}`;
}

/**
 * For a person: "Dates changed from May 3, 2099 – May 4, 2099 to May 10, 2099 – May 11, 2099.
 * Hours changed from 8:00 AM – 12:00 PM to 9:00 AM – 1:00 PM."
 */
export function describeScheduleChange(rawBefore: SaleSchedule, rawAfter: SaleSchedule): string {
  const before = normalized(rawBefore);
  const after = normalized(rawAfter);
  const sentences: string[] = [];
  if (before.start_date !== after.start_date || before.end_date !== after.end_date) {
    sentences.push(`Dates changed from ${dateRange(before)} to ${dateRange(after)}.`);
  }
  if (before.start_time !== after.start_time || before.end_time !== after.end_time) {
    sentences.push(`Hours changed from ${hours(before)} to ${hours(after)}.`);
  }
  return sentences.join(' ');
}

/** "May 3, 2099, 8:00 AM – 12:00 PM" (or a date range for a multi-day sale). */
export function describeSchedule(schedule: SaleSchedule): string {
  return `${dateRange(schedule)}, ${hours(schedule)}`;
}
