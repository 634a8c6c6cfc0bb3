import { usToday, wallClockAt, type DropOutCause } from '@garage/contracts';
import type { SaleRow } from '@garage/event-bus';
import { timeZoneAt } from '@garage/service-kit';

/** Why and since when a sale is out of its day's route plans. */
export interface DropOut {
  cause: DropOutCause;
  /** When it was said (ISO 8601); null for a cancellation (its moment is not in the snapshot). */
  at: string | null;
}

export type DropOutFields = Pick<SaleRow, 'status' | 'deleted' | 'latitude' | 'longitude'> & {
  live_state?: SaleRow['live_state'];
  live_state_at?: SaleRow['live_state_at'];
};

/** The sale's own time zone, or null when it has no place on the map. */
export function saleZone(sale: Pick<SaleRow, 'latitude' | 'longitude'>): string | null {
  return sale.latitude === null || sale.longitude === null ? null : timeZoneAt(sale.latitude, sale.longitude);
}

/** Today's date on the clock of `zone` (a sale without a place: the US day, as plans read it). */
export function todayIn(zone: string | null, now: Date): string {
  return zone ? wallClockAt(now, zone).date : usToday(now);
}

/**
 * Whether the sale dropped out of the plans of `date`, judged on its own clock (`zone`) at `now`:
 * only on that very day (a plan of another day, or read on another day, shows its stops as
 * planned). A cancellation counts whenever it came, since a plan saved before it would still lead
 * there; a closing early or a "likely over" counts when it was said that day, so one said on the
 * first day of a two-day sale does not empty the second.
 */
export function dropOutOf(sale: DropOutFields, date: string, zone: string | null, now: Date): DropOut | null {
  if (todayIn(zone, now) !== date) return null;
  if (sale.deleted) return null;
  if (sale.status === 'cancelled') return { cause: 'cancelled', at: null };
  const state = sale.live_state;
  if ((state === 'closed_early' || state === 'likely_over') && sale.live_state_at) {
    const said = new Date(sale.live_state_at);
    if (!Number.isNaN(said.getTime()) && todayIn(zone, said) === date) return { cause: state, at: sale.live_state_at };
  }
  return null;
}

/** How a person reads a cause, on the route page and in notices. */
export const DROP_OUT_WORDS: Record<DropOutCause, string> = {
  closed_early: 'Closed early',
  cancelled: 'Cancelled',
  likely_over: 'Likely over',
};
