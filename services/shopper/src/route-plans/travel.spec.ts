import { describe, expect, it } from '@jest/globals';
import { greatCircleMiles } from '@garage/contracts';
import { greatCircleTravel } from './travel.js';

const chicago = { latitude: 41.8781, longitude: -87.6298 };
const newYork = { latitude: 40.7128, longitude: -74.006 };

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
