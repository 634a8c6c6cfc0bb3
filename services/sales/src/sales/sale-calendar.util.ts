import { dateAtOffset } from '@garage/service-kit';

/**
 * The earliest US time zone of the 50 states (Hawaii, UTC-10, no daylight saving): the last place
 * where a calendar day is still "today". The server's "today" is taken there, so no US host is
 * refused their own today; a host further east may pick yesterday for a few hours, which is harmless.
 */
export const EARLIEST_US_OFFSET_HOURS = -10;

/** "Today" (YYYY-MM-DD) for the start-date rule of the sale form. */
export function salesToday(now: Date): string {
  return dateAtOffset(now, EARLIEST_US_OFFSET_HOURS);
}
