import { EARTH_RADIUS_MILES } from './constants.js';

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
 * touches a meridian (asin(sin r / cos φ)), so no point of the circle is outside. No US point is
 * near the antimeridian; near a pole the box opens to every longitude.
 */
export function boundingBox(latitude: number, longitude: number, miles: number): GeoBox {
  const angular = miles / EARTH_RADIUS_MILES;
  const dLat = angular * DEGREES;
  const cos = Math.cos(latitude / DEGREES);
  const ratio = Math.sin(Math.min(angular, Math.PI / 2)) / cos;
  const dLng = cos > 1e-9 && ratio < 1 ? Math.asin(ratio) * DEGREES : 180;
  return { south: latitude - dLat, north: latitude + dLat, west: longitude - dLng, east: longitude + dLng };
}
