import { PREMIUM_PERIOD_MONTHS } from '@garage/contracts';

/**
 * The paid-through date after one more paid period (spec section 1, contract "Payments"): a year
 * from now, or from the current paid-through date when that is later, so an early renewal loses
 * nothing.
 */
export function nextPaidThrough(current: Date | null, now: Date, months = PREMIUM_PERIOD_MONTHS): Date {
  const start = current && current.getTime() > now.getTime() ? current : now;
  return addMonthsUtc(start, months);
}

/**
 * Calendar months in UTC, keeping the time of day. A day the target month lacks becomes its last
 * day (29 February + 1 year = 28 February), as PostgreSQL's interval arithmetic does, rather than
 * spilling into the next month.
 */
export function addMonthsUtc(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}
