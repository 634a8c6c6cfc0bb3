import { EARTH_RADIUS_MILES } from '@garage/contracts';

/** Latitude bounds and the longitude ranges (one, or two across the antimeridian; none = any). */
export interface BoundingBox {
  minLatitude: number;
  maxLatitude: number;
  longitudeRanges: Array<[number, number]> | null;
}

/** A hair of slack (about 1 cm) so rounding never drops a sale that the exact distance keeps. */
const SLACK_DEGREES = 1e-7;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/**
 * The smallest latitude/longitude box that holds every point within `radiusMiles` of the centre on
 * a sphere of the spec's earth radius (J. P. Matuschek, "Finding Points Within a Distance of a
 * Latitude/Longitude Using Bounding Coordinates"). The box is what the index can search; the exact
 * haversine distance then drops its corners.
 */
export function boundingBox(latitude: number, longitude: number, radiusMiles: number): BoundingBox {
  const angular = radiusMiles / EARTH_RADIUS_MILES;
  const lat = toRadians(latitude);
  const minLat = lat - angular;
  const maxLat = lat + angular;
  if (minLat <= -Math.PI / 2 || maxLat >= Math.PI / 2 || angular >= Math.PI / 2) {
    // A pole lies inside the circle: every longitude is in reach.
    return {
      minLatitude: Math.max(-90, toDegrees(minLat) - SLACK_DEGREES),
      maxLatitude: Math.min(90, toDegrees(maxLat) + SLACK_DEGREES),
      longitudeRanges: null,
    };
  }
  const deltaLon = toDegrees(Math.asin(Math.sin(angular) / Math.cos(lat))) + SLACK_DEGREES;
  const minLon = longitude - deltaLon;
  const maxLon = longitude + deltaLon;
  let longitudeRanges: Array<[number, number]>;
  if (minLon < -180)
    longitudeRanges = [
      [minLon + 360, 180],
      [-180, maxLon],
    ];
  else if (maxLon > 180)
    longitudeRanges = [
      [minLon, 180],
      [-180, maxLon - 360],
    ];
  else longitudeRanges = [[minLon, maxLon]];
  return {
    minLatitude: toDegrees(minLat) - SLACK_DEGREES,
    maxLatitude: toDegrees(maxLat) + SLACK_DEGREES,
    longitudeRanges,
  };
}

/** Miles to 1 decimal, as the spec shows distances. */
export function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}
