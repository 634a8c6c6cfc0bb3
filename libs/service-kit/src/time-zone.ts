import tzlookup from '@photostructure/tz-lookup';

// Sales sit on a few tens of thousands of ZIP centroids, and lists and searches read the zone of
// every sale they show: each place's zone is looked up once.
const zones = new Map<string, string>();
const MAX_ZONES = 50_000;

/**
 * The IANA time zone of a place (offline boundary data). A sale's dates and hours are wall-clock
 * times there: the lifecycle job and calendar files read them in this zone. The wall-clock math
 * itself is in `@garage/contracts` (time-zone.ts), which the web shares.
 */
export function timeZoneAt(latitude: number, longitude: number): string {
  const key = `${latitude},${longitude}`;
  let zone = zones.get(key);
  if (zone === undefined) {
    zone = tzlookup(latitude, longitude);
    if (zones.size >= MAX_ZONES) zones.clear();
    zones.set(key, zone);
  }
  return zone;
}
