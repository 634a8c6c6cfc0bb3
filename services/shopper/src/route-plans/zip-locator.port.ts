import type { Point } from './planner.types.js';

/** Where a US ZIP code is (its centroid): a plan may start from a ZIP instead of coordinates. */
export abstract class ZipLocator {
  abstract locate(zipCode: string): Point | null;
}
