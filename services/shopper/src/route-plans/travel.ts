import { greatCircleMiles } from '@garage/contracts';
import type { Point, TravelModel } from './planner.types.js';

/** Roads are longer than the straight line; 1.3 is the usual suburban detour factor. */
export const DEFAULT_ROAD_FACTOR = 1.3;
/** Average speed between garage sales: residential streets, stop signs, a little arterial road. */
export const DEFAULT_MILES_PER_HOUR = 30;

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
