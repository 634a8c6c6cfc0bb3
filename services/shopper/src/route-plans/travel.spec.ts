import { describe, expect, it } from '@jest/globals';
import { EARTH_RADIUS_MILES } from '@garage/contracts';
import { greatCircleMiles, greatCircleTravel } from './travel.js';

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

describe('greatCircleTravel', () => {
  it('drives 1.3 road miles per straight mile at 30 mph by default', () => {
    const travel = greatCircleTravel();
    const straight = greatCircleMiles(chicago, newYork);
    expect(travel.miles(chicago, newYork)).toBeCloseTo(straight * 1.3, 9);
    expect(travel.minutes(chicago, newYork)).toBeCloseTo(((straight * 1.3) / 30) * 60, 9);
  });

  it('takes a road factor and a speed', () => {
    const travel = greatCircleTravel({ roadFactor: 1.5, milesPerHour: 45 });
    const straight = greatCircleMiles(chicago, newYork);
    expect(travel.miles(chicago, newYork)).toBeCloseTo(straight * 1.5, 9);
    expect(travel.minutes(chicago, newYork)).toBeCloseTo(((straight * 1.5) / 45) * 60, 9);
  });

  it('refuses a road shorter than the straight line or a speed that is not positive', () => {
    expect(() => greatCircleTravel({ roadFactor: 0.9 })).toThrow(RangeError);
    expect(() => greatCircleTravel({ milesPerHour: 0 })).toThrow(RangeError);
    expect(() => greatCircleTravel({ milesPerHour: Number.NaN })).toThrow(RangeError);
  });
});
