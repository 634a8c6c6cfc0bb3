import { DEFAULT_RADIUS_MILES, EARTH_RADIUS_MILES, FREE_MAX_RADIUS_MILES, PREMIUM_MAX_RADIUS_MILES } from './constants.js';

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** A latitude/longitude box, in degrees. */
export interface GeoBox {
  south: number;
  north: number;
  west: number;
  east: number;
}

const DEGREES = 180 / Math.PI;

/**
 * Great-circle (haversine) distance in miles on a sphere of the spec's earth radius. The services'
 * SQL computes the same formula, so a distance measured here and one measured there agree.
 */
export function greatCircleMiles(from: GeoPoint, to: GeoPoint): number {
  const dLat = (to.latitude - from.latitude) / DEGREES;
  const dLng = (to.longitude - from.longitude) / DEGREES;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(from.latitude / DEGREES) * Math.cos(to.latitude / DEGREES) * Math.sin(dLng / 2) ** 2;
  // min() guards asin against rounding just above 1 for antipodal points.
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The latitude/longitude box around a circle of `miles` on the sphere: a cheap, indexable
 * pre-check before the exact great-circle distance. The east/west edges are where the circle
 * touches a meridian (asin(sin r / cos φ)), so no point of the circle is outside (J. P. Matuschek,
 * "Finding Points Within a Distance of a Latitude/Longitude Using Bounding Coordinates"). A circle
 * across the antimeridian (the Aleutians) gets edges beyond ±180 (see `longitudeRanges`); one that
 * reaches a pole gets every longitude, -180 to 180.
 */
export function boundingBox(latitude: number, longitude: number, miles: number): GeoBox {
  const angular = miles / EARTH_RADIUS_MILES;
  const dLat = angular * DEGREES;
  const south = Math.max(-90, latitude - dLat);
  const north = Math.min(90, latitude + dLat);
  const cos = Math.cos(latitude / DEGREES);
  const ratio = Math.sin(Math.min(angular, Math.PI / 2)) / cos;
  if (cos <= 1e-9 || ratio >= 1) return { south, north, west: -180, east: 180 };
  const dLng = Math.asin(ratio) * DEGREES;
  return { south, north, west: longitude - dLng, east: longitude + dLng };
}

/**
 * The box's longitudes as ranges within -180..180: one, or two when the box crosses the
 * antimeridian; `null` when every longitude is in it.
 */
export function longitudeRanges(box: GeoBox): Array<[number, number]> | null {
  if (box.east - box.west >= 360) return null;
  if (box.west < -180)
    return [
      [box.west + 360, 180],
      [-180, box.east],
    ];
  if (box.east > 180)
    return [
      [box.west, 180],
      [-180, box.east - 360],
    ];
  return [[box.west, box.east]];
}

/**
 * The radius a search or browse uses: the one asked for (the spec's default when none), clamped,
 * not refused, to the viewer's plan: 50 miles for visitors and free members, 100 for premium.
 */
/** Whether a requested radius goes past the free cap, the only case where membership changes the answer. */
export function widerThanFree(requested: number | null | undefined): boolean {
  return (requested ?? DEFAULT_RADIUS_MILES) > FREE_MAX_RADIUS_MILES;
}

export function cappedRadius(requested: number | null | undefined, premium: boolean): number {
  return Math.min(requested ?? DEFAULT_RADIUS_MILES, premium ? PREMIUM_MAX_RADIUS_MILES : FREE_MAX_RADIUS_MILES);
}

/** Miles to 1 decimal, as the spec shows distances. */
export function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}
