import type { Sale } from '@garage/contracts';
import { timeAgo } from '@/lib/live-state';
import { wallClockAt } from '@garage/contracts/time-zone';

export { LIVE_STATE_LABELS, liveStateText, timeAgo } from '@/lib/live-state';
export { useNow } from '@/hooks/use-now';

/** "Confirmed 12 min ago by 3 shoppers", or null with no confirmation since the host last spoke. */
export function confirmedText(sale: Pick<Sale, 'confirmed_at' | 'confirmed_count'>, now: number): string | null {
  const count = sale.confirmed_count ?? 0;
  if (!sale.confirmed_at || count < 1) return null;
  return `Confirmed ${timeAgo(sale.confirmed_at, now)} by ${count} ${count === 1 ? 'shopper' : 'shoppers'}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The sale's clock (its `time_zone`), or the browser's when an older answer has none. */
function clockOf(timeZone: string | undefined, now: Date): { date: string; time: string } {
  if (timeZone) {
    try {
      const wall = wallClockAt(now, timeZone);
      return { date: wall.date, time: `${pad(Math.floor(wall.minute / 60))}:${pad(wall.minute % 60)}` };
    } catch {
      // An unknown zone: the browser's clock below.
    }
  }
  return {
    date: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    time: `${pad(now.getHours())}:${pad(now.getMinutes())}`,
  };
}

/**
 * Whether today, on the sale's clock, is a day of the sale, and whether now is within its hours.
 * The server decides again; this only chooses what to offer.
 */
export function saleToday(sale: Pick<Sale, 'start_date' | 'end_date' | 'start_time' | 'end_time' | 'status' | 'time_zone'>, now: Date) {
  const { date, time } = clockOf(sale.time_zone, now);
  const onDay = sale.status !== 'cancelled' && sale.start_date <= date && date <= sale.end_date;
  return { onDay, duringHours: onDay && sale.start_time <= time && time < sale.end_time };
}

/** Over for today: closed early, likely over or past its hours. */
export function isOverToday(sale: Pick<Sale, 'live_state'>): boolean {
  return sale.live_state === 'closed_early' || sale.live_state === 'likely_over' || sale.live_state === 'ended';
}
