import { z } from 'zod';
import { streetOnly } from './street-only.js';
import { zonedTimeToUtc } from './time-zone.js';

/**
 * When members see a sale's exact address (issue 38, "When the address shows"). The host picks a
 * moment on the sale's own clock (`YYYY-MM-DDTHH:MM`); before it, a member who is not the host sees
 * the street without the house number and a pin moved within a block. Every service that hands out
 * a sale object (sales, items' nested sale, shopper's route stops) decides with these functions, so
 * they all agree on the moment and on the pin.
 */

/** `YYYY-MM-DDTHH:MM`, a real date and a 24-hour time. */
export const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

export const localDateTimeSchema = z
  .string()
  .trim()
  .regex(LOCAL_DATE_TIME, 'Use the format YYYY-MM-DDTHH:MM')
  .refine((value) => {
    const date = value.slice(0, 10);
    const parsed = new Date(`${date}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date);
  }, 'Not a real date');

/** The instant `visibleFrom` (on the sale's clock) names in `timeZone`; null when it is not set. */
export function addressVisibleAt(visibleFrom: string | null | undefined, timeZone: string): Date | null {
  const match = visibleFrom ? LOCAL_DATE_TIME.exec(visibleFrom) : null;
  if (!match) return null;
  return zonedTimeToUtc(match[1]!, `${match[2]}:${match[3]}`, timeZone);
}

/** Whether a member who is not the host sees the exact address at `now`: not set, or past, means yes. */
export function addressShown(visibleFrom: string | null | undefined, timeZone: string, now: Date): boolean {
  const at = addressVisibleAt(visibleFrom, timeZone);
  return at === null || at.getTime() <= now.getTime();
}

/** How far the approximate pin may sit from the sale's point, in metres: about a city block. */
export const APPROXIMATE_PIN_METRES = 150;

const METRES_PER_DEGREE = 111_320;

/**
 * The pin a member sees before the address shows: the sale's point moved by a fixed distance of
 * 60 to 150 metres in a direction taken from the sale's id. Deterministic, so the list, the map,
 * search and a route plan put one sale's pin in one place, and reloading never walks it around
 * (averaging many readings would otherwise give the true point away).
 */
export function approximateSalePoint(saleId: number, latitude: number, longitude: number): { latitude: number; longitude: number } {
  const hash = mix(saleId);
  const angle = ((hash & 0xffff) / 0x10000) * 2 * Math.PI;
  const metres = 60 + (((hash >>> 16) & 0xffff) / 0x10000) * (APPROXIMATE_PIN_METRES - 60);
  const dLat = (metres * Math.cos(angle)) / METRES_PER_DEGREE;
  const dLng = (metres * Math.sin(angle)) / (METRES_PER_DEGREE * Math.max(0.01, Math.cos((latitude * Math.PI) / 180)));
  return { latitude: round6(latitude + dLat), longitude: round6(longitude + dLng) };
}

/** The street of an address without its house number (`streetOnly`); what a member sees before the time. */
export function approximateAddress(address: string | null): string | null {
  if (address === null) return null;
  return streetOnly(address) || null;
}

/** A 32-bit integer hash (Murmur3's finaliser), so neighbouring ids point in unrelated directions. */
function mix(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
