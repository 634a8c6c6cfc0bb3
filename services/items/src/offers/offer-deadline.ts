import { OFFER_HOURS, zonedTimeToUtc } from '@garage/contracts';
import { timeZoneAt } from '@garage/service-kit';

/** A sale as an offer's time reads it: its first day's start, and its place (for its clock). */
export interface SaleStart {
  start_date: string;
  start_time: string;
  latitude: number | null;
  longitude: number | null;
}

/**
 * The zone of a sale without a place (none is kept for it yet): the earliest of the continental
 * US zones, so its offers end no later than the sale starts wherever it is.
 */
const EARLIEST_ZONE = 'America/New_York';

/** When the sale starts, on its own clock (its zone from its place). */
export function saleStartsAt(sale: SaleStart): Date {
  const zone =
    sale.latitude !== null && sale.longitude !== null ? timeZoneAt(Number(sale.latitude), Number(sale.longitude)) : EARLIEST_ZONE;
  return zonedTimeToUtc(sale.start_date, sale.start_time, zone);
}

/** A waiting offer (or a counter) lasts 24 h from `now`, or until the sale starts if that is sooner. */
export function offerExpiry(now: Date, sale: SaleStart): Date {
  const start = saleStartsAt(sale).getTime();
  return new Date(Math.min(now.getTime() + OFFER_HOURS * 3_600_000, start));
}
