import { EARTH_RADIUS_MILES } from '@garage/contracts';
import type { Point, TravelModel } from './planner.types.js';

/** Roads are longer than the straight line; 1.3 is the usual suburban detour factor. */
export const DEFAULT_ROAD_FACTOR = 1.3;
/** Average speed between garage sales: residential streets, stop signs, a little arterial road. */
export const DEFAULT_MILES_PER_HOUR = 30;

const RADIANS = Math.PI / 180;

/** Great-circle (haversine) distance in miles on a sphere of the Earth's mean radius. */
export function greatCircleMiles(from: Point, to: Point): number {
  const dLat = (to.latitude - from.latitude) * RADIANS;
  const dLng = (to.longitude - from.longitude) * RADIANS;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(from.latitude * RADIANS) * Math.cos(to.latitude * RADIANS) * Math.sin(dLng / 2) ** 2;
  // min() guards asin against rounding just above 1 for antipodal points.
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The travel model used until a routing service is plugged in: road miles are the great-circle
 * distance times `roadFactor`, driven at `milesPerHour`. It is symmetric and obeys the triangle
 * inequality, which the planner relies on only for speed, never for correctness.
 */
export function greatCircleTravel(options: { roadFactor?: number; milesPerHour?: number } = {}): TravelModel {
  const roadFactor = options.roadFactor ?? DEFAULT_ROAD_FACTOR;
  const milesPerHour = options.milesPerHour ?? DEFAULT_MILES_PER_HOUR;
  if (!(Number.isFinite(roadFactor) && roadFactor >= 1)) throw new RangeError(`roadFactor must be a number ≥ 1, got ${roadFactor}`);
  if (!(Number.isFinite(milesPerHour) && milesPerHour > 0))
    throw new RangeError(`milesPerHour must be a positive number, got ${milesPerHour}`);
  const miles = (from: Point, to: Point) => greatCircleMiles(from, to) * roadFactor;
  return {
    miles,
    minutes: (from, to) => (miles(from, to) / milesPerHour) * 60,
  };
}
