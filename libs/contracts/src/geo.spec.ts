import { describe, expect, it } from '@jest/globals';
import { EARTH_RADIUS_MILES } from './constants.js';
import { boundingBox, greatCircleMiles } from './geo.js';

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
