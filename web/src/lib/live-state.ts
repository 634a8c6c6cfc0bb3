import type { LiveState, Sale } from '@garage/contracts';

export const LIVE_STATE_LABELS: Record<LiveState, string> = {
  open: 'Open now',
  winding_down: 'Winding down',
  closed_early: 'Closed early',
  likely_over: 'Likely over',
  ended: 'Ended',
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
