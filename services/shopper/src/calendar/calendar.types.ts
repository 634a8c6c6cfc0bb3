/** What the calendar files are made of (RFC 5545 VEVENTs), shared by `ics.ts` and its callers. */
export interface CalendarEvent {
  /** Stable id, e.g. `sale-12@garage`. */
  uid: string;
  title: string;
  description?: string;
  location?: string;
  url?: string;
  /** Wall-clock start and end in `timeZone`: date YYYY-MM-DD, time HH:MM. */
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  /** IANA zone, e.g. America/Chicago. */
  timeZone: string;
  /** For a sale over several days with daily hours: one occurrence per day (RRULE FREQ=DAILY). */
  dailyUntil?: string;
}
