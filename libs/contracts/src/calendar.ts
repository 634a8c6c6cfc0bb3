/**
 * Calendar dates (YYYY-MM-DD) as the product reads them. Dates here are plain days, not instants:
 * the arithmetic runs on UTC midnights so daylight saving never adds or drops an hour.
 */

const DAY_MS = 86_400_000;

/**
 * Hawaii (UTC−10, no daylight saving) is the last of the 50 states to finish a calendar day. The
 * product's "today" is the date there, so a sale is over only once its end date has passed in every
 * state, and no US host or shopper is refused their own today (one further east may see yesterday
 * still allowed for a few hours, which is harmless).
 */
export const LAST_US_OFFSET_HOURS = -10;

/** The calendar date at `instant` in a fixed UTC offset (hours). */
export function dateAtOffset(instant: Date, offsetHours: number): string {
  return new Date(instant.getTime() + offsetHours * 3_600_000).toISOString().slice(0, 10);
}

/** "US today": the calendar date that is still current somewhere in the United States at `now`. */
export function usToday(now: Date): string {
  return dateAtOffset(now, LAST_US_OFFSET_HOURS);
}

/** `date` moved by whole `days` (negative: back). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
