import { EARTH_RADIUS_MILES } from '@garage/contracts';

export interface Point {
  x: number;
  y: number;
}

const MILES_PER_DEGREE = (EARTH_RADIUS_MILES * Math.PI) / 180;

/**
 * A town-sized area drawn flat: miles east and south of a reference point (south is down the page,
 * as y grows there). An equirectangular projection at the reference latitude is off by well under
 * 1 % across the 50 miles of the widest community sale, far below what a printed map shows.
 */
export class Plane {
  private readonly milesPerDegreeOfLongitude: number;

  constructor(
    private readonly latitude: number,
    private readonly longitude: number,
  ) {
    this.milesPerDegreeOfLongitude = MILES_PER_DEGREE * Math.cos((latitude * Math.PI) / 180);
  }

  /** Miles east (x) and south (y) of the reference point. */
  project(latitude: number, longitude: number): Point {
    return { x: (longitude - this.longitude) * this.milesPerDegreeOfLongitude, y: (this.latitude - latitude) * MILES_PER_DEGREE };
  }
}

/** The convex hull of `points`, counter-clockwise on the page (Andrew's monotone chain). */
export function convexHull(points: Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (sorted.length < 3) return sorted;
  const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: Point[] = [];
  for (const point of sorted) {
    while (lower.length >= 2 && cross(lower.at(-2)!, lower.at(-1)!, point) <= 0) lower.pop();
    lower.push(point);
  }
  const upper: Point[] = [];
  for (const point of sorted.reverse()) {
    while (upper.length >= 2 && cross(upper.at(-2)!, upper.at(-1)!, point) <= 0) upper.pop();
    upper.push(point);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/**
 * The outline `margin` outside the convex hull of `points` (their hull grown by a disc): a
 * rounded polygon that stays a shape for one or two points too, where the hull itself is a point
 * or a line.
 */
export function grownHull(points: Point[], margin: number, stepsPerCircle = 24): Point[] {
  const around: Point[] = [];
  for (const point of convexHull(points)) {
    for (let step = 0; step < stepsPerCircle; step++) {
      const angle = (2 * Math.PI * step) / stepsPerCircle;
      around.push({ x: point.x + margin * Math.cos(angle), y: point.y + margin * Math.sin(angle) });
    }
  }
  return convexHull(around);
}
