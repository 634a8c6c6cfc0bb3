import type { CommunitySale, CommunitySaleDay } from '@garage/contracts';
import { formatDate, formatShortDate, formatTimeRange } from '@/lib/format';

/** "Sat, Jun 14, 2030 · 8:00 AM - 3:00 PM" */
export function describeDay(day: CommunitySaleDay): string {
  return `${formatDate(day.date)} · ${formatTimeRange(day.startTime, day.endTime)}`;
}

/** "Jun 14, 2030" or "Jun 14, 2030 - Jun 15, 2030": the card's one line. */
export function describeDates(communitySale: Pick<CommunitySale, 'days'>): string {
  const first = communitySale.days[0];
  const last = communitySale.days[communitySale.days.length - 1];
  if (!first || !last) return '';
  return first.date === last.date ? formatShortDate(first.date) : `${formatShortDate(first.date)} - ${formatShortDate(last.date)}`;
}

/** "Within 3 miles of its centre" or "ZIP codes 62701, 62702". */
export function describeArea(communitySale: Pick<CommunitySale, 'radiusMiles' | 'zipCodes'>): string {
  if (communitySale.radiusMiles !== null) return `Within ${communitySale.radiusMiles} miles of its centre`;
  return `ZIP ${communitySale.zipCodes.length === 1 ? 'code' : 'codes'} ${communitySale.zipCodes.join(', ')}`;
}
