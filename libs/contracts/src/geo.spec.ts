import { describe, expect, it } from '@jest/globals';
import { DEFAULT_RADIUS_MILES, EARTH_RADIUS_MILES, FREE_MAX_RADIUS_MILES, PREMIUM_MAX_RADIUS_MILES } from './constants.js';
import { boundingBox, cappedRadius, greatCircleMiles, longitudeRanges, roundMiles } from './geo.js';

const RAD = Math.PI / 180;

/** The point `miles` away from (lat, lng) along `bearing` degrees, on the sphere. */
function destination(lat: number, lng: number, miles: number, bearing: number) {
  const d = miles / EARTH_RADIUS_MILES;
  const φ1 = lat * RAD;
  const θ = bearing * RAD;
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(θ));
  const λ2 = lng * RAD + Math.atan2(Math.sin(θ) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
  return { latitude: φ2 / RAD, longitude: λ2 / RAD };
}

describe('boundingBox', () => {
  it.each([
    [39.8, -89.65, 25],
    [61.2, -149.9, 100],
    [21.3, -157.8, 5],
  ])('holds every point of the circle around (%s, %s) of %s miles, and touches it', (lat, lng, miles) => {
    const box = boundingBox(lat, lng, miles);
    let maxLng = -Infinity;
    for (let bearing = 0; bearing < 360; bearing += 0.5) {
      const point = destination(lat, lng, miles, bearing);
      expect(point.latitude).toBeGreaterThanOrEqual(box.south - 1e-9);
      expect(point.latitude).toBeLessThanOrEqual(box.north + 1e-9);
      expect(point.longitude).toBeGreaterThanOrEqual(box.west - 1e-9);
      expect(point.longitude).toBeLessThanOrEqual(box.east + 1e-9);
      maxLng = Math.max(maxLng, point.longitude);
    }
    // Tight: the circle reaches the east edge (to within the sampling step).
    expect(box.east - maxLng).toBeLessThan(1e-4);
    expect(destination(lat, lng, miles, 0).latitude).toBeCloseTo(box.north, 9);
  });

  it('opens to every longitude near a pole', () => {
    const box = boundingBox(89.9999, 0, 10);
    expect(box.east - box.west).toBe(360);
  });
});

const chicago = { latitude: 41.8781, longitude: -87.6298 };
const newYork = { latitude: 40.7128, longitude: -74.006 };

describe('greatCircleMiles', () => {
  it('measures on a sphere of the Earth’s mean radius', () => {
    // One degree along a meridian, and half the equator.
    expect(greatCircleMiles({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(
      (EARTH_RADIUS_MILES * Math.PI) / 180,
      9,
    );
    expect(greatCircleMiles({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(EARTH_RADIUS_MILES * Math.PI, 6);
    // Chicago to New York: about 711 miles as the crow flies.
    expect(greatCircleMiles(chicago, newYork)).toBeCloseTo(711.07, 1);
    expect(greatCircleMiles(newYork, chicago)).toBeCloseTo(greatCircleMiles(chicago, newYork), 9);
    expect(greatCircleMiles(chicago, chicago)).toBe(0);
  });
});

/** Whether a point (longitude in -180..180) is in the box, to within float rounding (the SQL filter adds that slack). */
function inside(box: ReturnType<typeof boundingBox>, point: { latitude: number; longitude: number }) {
  const e = 1e-9;
  if (point.latitude < box.south - e || point.latitude > box.north + e) return false;
  const ranges = longitudeRanges(box);
  return ranges === null || ranges.some(([west, east]) => point.longitude >= west - e && point.longitude <= east + e);
}

/** `destination` with its longitude brought into -180..180. */
function wrapped(lat: number, lng: number, miles: number, bearing: number) {
  const point = destination(lat, lng, miles, bearing);
  return { latitude: point.latitude, longitude: ((((point.longitude + 540) % 360) + 360) % 360) - 180 };
}

describe('boundingBox with longitudeRanges', () => {
  it.each([
    [41.88, -87.63, 25],
    [21.3, -157.85, 100],
    [64.8, -147.7, 100],
    [51.8, -176.6, 100], // Adak: the circle crosses the antimeridian
    [0, 179.9, 50],
    [-33.9, 18.4, 10],
  ])('holds every point of the circle around (%s, %s) with radius %s miles', (lat, lng, miles) => {
    const box = boundingBox(lat, lng, miles);
    for (let bearing = 0; bearing < 360; bearing += 5) {
      expect(inside(box, wrapped(lat, lng, miles, bearing))).toBe(true);
      expect(inside(box, wrapped(lat, lng, miles * 0.5, bearing))).toBe(true);
    }
  });

  it('is tight: points just beyond the radius along the axes fall outside', () => {
    const box = boundingBox(41.88, -87.63, 25);
    for (const bearing of [0, 90, 180, 270]) expect(inside(box, wrapped(41.88, -87.63, 25.5, bearing))).toBe(false);
  });

  it('splits the longitudes across the antimeridian, east and west of it', () => {
    const east = boundingBox(51.8, 179.5, 100);
    expect(east.east).toBeGreaterThan(180);
    expect(longitudeRanges(east)).toEqual([
      [east.west, 180],
      [-180, east.east - 360],
    ]);
    expect(inside(east, { latitude: 51.8, longitude: -179.5 })).toBe(true);
    expect(inside(east, { latitude: 51.8, longitude: 0 })).toBe(false);
    const west = boundingBox(51.8, -179.5, 100);
    expect(longitudeRanges(west)).toEqual([
      [west.west + 360, 180],
      [-180, west.east],
    ]);
    expect(inside(west, { latitude: 51.8, longitude: 179.5 })).toBe(true);
  });

  it('takes every longitude when a pole is within reach', () => {
    const box = boundingBox(89.9, 10, 50);
    expect(box).toMatchObject({ north: 90, west: -180, east: 180 });
    expect(longitudeRanges(box)).toBeNull();
    expect(longitudeRanges(boundingBox(-89.95, -60, 10))).toBeNull();
  });

  it('shrinks to the centre for a radius of 0', () => {
    const box = boundingBox(41.88, -87.63, 0);
    expect(box).toEqual({ south: 41.88, north: 41.88, west: -87.63, east: -87.63 });
    expect(inside(box, { latitude: 41.88, longitude: -87.63 })).toBe(true);
    expect(greatCircleMiles({ latitude: 41.88, longitude: -87.63 }, { latitude: 41.88, longitude: -87.63 })).toBe(0);
  });
});

describe('greatCircleMiles across the antimeridian', () => {
  it('measures the short way round', () => {
    const miles = greatCircleMiles({ latitude: 51.8, longitude: 179.9 }, { latitude: 51.8, longitude: -179.9 });
    expect(miles).toBeCloseTo(greatCircleMiles({ latitude: 51.8, longitude: -0.1 }, { latitude: 51.8, longitude: 0.1 }), 9);
    expect(miles).toBeLessThan(10);
  });
});

describe('cappedRadius', () => {
  it('is the spec default when none is asked for', () => {
    expect(cappedRadius(undefined, false)).toBe(DEFAULT_RADIUS_MILES);
    expect(cappedRadius(null, true)).toBe(DEFAULT_RADIUS_MILES);
  });

  it('clamps to 50 miles for visitors and free members and 100 for premium, keeping smaller radii', () => {
    expect(cappedRadius(50, false)).toBe(FREE_MAX_RADIUS_MILES);
    expect(cappedRadius(51, false)).toBe(50);
    expect(cappedRadius(100, false)).toBe(50);
    expect(cappedRadius(100, true)).toBe(PREMIUM_MAX_RADIUS_MILES);
    expect(cappedRadius(250, true)).toBe(100);
    expect(cappedRadius(10, true)).toBe(10);
    expect(cappedRadius(0, false)).toBe(0);
  });
});

describe('roundMiles', () => {
  it('rounds to one decimal', () => {
    expect(roundMiles(9.6849)).toBe(9.7);
    expect(roundMiles(12.04)).toBe(12);
    expect(roundMiles(0)).toBe(0);
  });
});
