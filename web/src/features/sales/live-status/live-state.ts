import { useEffect, useState } from 'react';
import type { LiveState, Sale } from '@garage/contracts';
import { wallClockAt } from '@garage/contracts/time-zone';
import type { BadgeTone } from '@/components/ui/badge';

export const LIVE_STATE_LABELS: Record<LiveState, string> = {
  open: 'Open now',
  winding_down: 'Winding down',
  closed_early: 'Closed early',
  likely_over: 'Likely over',
  ended: 'Ended',
};

export const LIVE_STATE_TONES: Record<LiveState, BadgeTone> = {
  open: 'green',
  winding_down: 'amber',
  closed_early: 'red',
  likely_over: 'red',
  ended: 'gray',
};

/** "just now", "12 min ago", "2 h ago". */
export function timeAgo(iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ago`;
}

/**
 * "Winding down · 12 min ago"; "Ended" alone (it is the sale's end, not something said); null when
 * the sale says nothing today.
 */
export function liveStateText(sale: Pick<Sale, 'live_state' | 'live_state_at'>, now: number): string | null {
  const state = sale.live_state;
  if (!state) return null;
  const label = LIVE_STATE_LABELS[state];
  if (state === 'ended' || !sale.live_state_at) return label;
  return `${label} · ${timeAgo(sale.live_state_at, now)}`;
}

/** "Confirmed 12 min ago by 3 shoppers", or null with no confirmation since the host last spoke. */
export function confirmedText(sale: Pick<Sale, 'confirmed_at' | 'confirmed_count'>, now: number): string | null {
  const count = sale.confirmed_count ?? 0;
  if (!sale.confirmed_at || count < 1) return null;
  return `Confirmed ${timeAgo(sale.confirmed_at, now)} by ${count} ${count === 1 ? 'shopper' : 'shoppers'}`;
}

/** The time, moved on each minute, so "12 min ago" stays true while the page is open. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
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
