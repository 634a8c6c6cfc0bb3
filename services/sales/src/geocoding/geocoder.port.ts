/** ZIP-centroid coordinates: good enough for a map marker and a radius, never an exact address. */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/**
 * Turns a US ZIP code into coordinates. The default adapter reads an offline table; an online
 * geocoder (street-level, rate-limited, with its own failure modes) can take its place later.
 */
export abstract class Geocoder {
  /** The centroid of `zipCode`, or null when no such ZIP exists. */
  abstract locate(zipCode: string): Promise<GeoPoint | null>;
}
