/** What a person reads when an item cannot join a sale: where it already is, and when. */
export interface ConflictingSale {
  title: string;
  startDate: string;
  endDate: string;
  address: string | null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * "In 'Spring Clean-out' on May 3–4 at 12 Oak St"; one day reads "on May 3"; a range over two
 * months "on May 30–Jun 2", over two years "on Dec 30, 2025–Jan 2, 2026".
 */
export function conflictReason(sale: ConflictingSale): string {
  const place = sale.address ? ` at ${sale.address}` : '';
  return `In '${sale.title}' on ${dateRange(sale.startDate, sale.endDate)}${place}`;
}

export function dateRange(start: string, end: string): string {
  const [startYear, startMonth, startDay] = parts(start);
  const [endYear, endMonth, endDay] = parts(end);
  const first = `${MONTHS[startMonth - 1]} ${startDay}`;
  if (start === end) return first;
  if (startYear !== endYear) return `${first}, ${startYear}–${MONTHS[endMonth - 1]} ${endDay}, ${endYear}`;
  if (startMonth !== endMonth) return `${first}–${MONTHS[endMonth - 1]} ${endDay}`;
  return `${first}–${endDay}`;
}

function parts(date: string): [number, number, number] {
  const [year, month, day] = date.split('-').map(Number);
  return [year!, month!, day!];
}

/**
 * Two sales clash when their dates overlap and, on those days, their hours overlap. Hours that only
 * touch (08:00–12:00 and 12:00–16:00) do not: the item can move between them.
 */
export function windowsOverlap(
  a: { startDate: string; endDate: string; startTime: string; endTime: string },
  b: { startDate: string; endDate: string; startTime: string; endTime: string },
): boolean {
  return a.startDate <= b.endDate && b.startDate <= a.endDate && a.startTime < b.endTime && b.startTime < a.endTime;
}
