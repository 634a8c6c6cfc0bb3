import { describe, expect, it } from '@jest/globals';
import { EARTH_RADIUS_MILES } from '@garage/contracts';
import { boundingBox, roundMiles } from './bounding-box.util.js';

/** The point reached from (lat, lon) after `miles` along `bearing` degrees (great circle). */
function destination(lat: number, lon: number, bearing: number, miles: number) {
  const rad = Math.PI / 180;
  const d = miles / EARTH_RADIUS_MILES;
  const φ1 = lat * rad;
  const θ = bearing * rad;
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(θ));
  const λ2 = lon * rad + Math.atan2(Math.sin(θ) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
  return { latitude: φ2 / rad, longitude: ((((λ2 / rad + 540) % 360) + 360) % 360) - 180 };
}

function inside(box: ReturnType<typeof boundingBox>, point: { latitude: number; longitude: number }) {
  if (point.latitude < box.minLatitude || point.latitude > box.maxLatitude) return false;
  return box.longitudeRanges === null || box.longitudeRanges.some(([min, max]) => point.longitude >= min && point.longitude <= max);
}

describe('boundingBox', () => {
  it.each([
    [41.88, -87.63, 25],
    [21.3, -157.85, 100],
    [64.8, -147.7, 100],
    [51.8, -176.6, 100], // Adak: the circle crosses the antimeridian
    [0, 179.9, 50],
    [-33.9, 18.4, 10],
  ])('holds every point of the circle around (%s, %s) with radius %s miles', (lat, lon, radius) => {
    const box = boundingBox(lat, lon, radius);
    for (let bearing = 0; bearing < 360; bearing += 5) {
      expect(inside(box, destination(lat, lon, bearing, radius))).toBe(true);
      expect(inside(box, destination(lat, lon, bearing, radius * 0.5))).toBe(true);
    }
  });

  it('is tight: points just beyond the radius along the axes fall outside', () => {
    const box = boundingBox(41.88, -87.63, 25);
    for (const bearing of [0, 90, 180, 270]) expect(inside(box, destination(41.88, -87.63, bearing, 25.5))).toBe(false);
  });

  it('splits the longitude range across the antimeridian', () => {
    const box = boundingBox(51.8, 179.5, 100);
    expect(box.longitudeRanges).toHaveLength(2);
    expect(inside(box, { latitude: 51.8, longitude: -179.5 })).toBe(true);
    expect(inside(box, { latitude: 51.8, longitude: 0 })).toBe(false);
  });

  it('takes every longitude when a pole is within reach', () => {
    expect(boundingBox(89.9, 10, 50).longitudeRanges).toBeNull();
  });
});

describe('roundMiles', () => {
  it('rounds to one decimal', () => {
    expect(roundMiles(9.6849)).toBe(9.7);
    expect(roundMiles(12.04)).toBe(12);
    expect(roundMiles(0)).toBe(0);
  });
});
