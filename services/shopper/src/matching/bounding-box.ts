import { EARTH_RADIUS_MILES } from '@garage/contracts';

const DEGREES = 180 / Math.PI;

export interface Box {
  south: number;
  north: number;
  west: number;
  east: number;
}

/**
 * The latitude/longitude box around a circle of `miles` on the sphere: a cheap, indexable
 * pre-check before the exact great-circle distance. The east/west edges are where the circle
 * touches a meridian (asin(sin r / cos φ)), so no point of the circle is outside. No US point is
 * near the antimeridian; near a pole the box opens to every longitude.
 */
export function boundingBox(latitude: number, longitude: number, miles: number): Box {
  const angular = miles / EARTH_RADIUS_MILES;
  const dLat = angular * DEGREES;
  const cos = Math.cos(latitude / DEGREES);
  const ratio = Math.sin(Math.min(angular, Math.PI / 2)) / cos;
  const dLng = cos > 1e-9 && ratio < 1 ? Math.asin(ratio) * DEGREES : 180;
  return { south: latitude - dLat, north: latitude + dLat, west: longitude - dLng, east: longitude + dLng };
}
