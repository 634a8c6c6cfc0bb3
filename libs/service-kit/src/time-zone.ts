import tzlookup from '@photostructure/tz-lookup';

/**
 * The IANA time zone of a place (offline boundary data). A sale's dates and hours are wall-clock
 * times there: the lifecycle job and calendar files read them in this zone. The wall-clock math
 * itself is in `@garage/contracts` (time-zone.ts), which the web shares.
 */
export function timeZoneAt(latitude: number, longitude: number): string {
  return tzlookup(latitude, longitude);
}
