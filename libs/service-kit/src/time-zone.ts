import tzlookup from '@photostructure/tz-lookup';

// Sales sit on a few tens of thousands of ZIP centroids, and lists and searches read the zone of
// every sale they show: each place's zone is looked up once (keyed by the numbers themselves, as
// building a text key cost as much as the rest of a row's live-state reading).
const zones = new Map<number, Map<number, string>>();
let kept = 0;
const MAX_ZONES = 50_000;

/**
 * The IANA time zone of a place (offline boundary data). A sale's dates and hours are wall-clock
 * times there: the lifecycle job and calendar files read them in this zone. The wall-clock math
 * itself is in `@garage/contracts` (time-zone.ts), which the web shares.
 */
export function timeZoneAt(latitude: number, longitude: number): string {
  let byLongitude = zones.get(latitude);
  let zone = byLongitude?.get(longitude);
  if (zone === undefined) {
    zone = tzlookup(latitude, longitude);
    if (kept >= MAX_ZONES) {
      zones.clear();
      kept = 0;
      byLongitude = undefined;
    }
    if (!byLongitude) zones.set(latitude, (byLongitude = new Map()));
    byLongitude.set(longitude, zone);
    kept += 1;
  }
  return zone;
}
