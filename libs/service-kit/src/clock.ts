/** Time behind a port, so rules about "today" and expiries can be tested at any date. */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** The calendar date (YYYY-MM-DD) at `date` in a fixed UTC offset (hours). */
export function dateAtOffset(date: Date, offsetHours: number): string {
  return new Date(date.getTime() + offsetHours * 3_600_000).toISOString().slice(0, 10);
}
