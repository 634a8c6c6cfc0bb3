import { describe, expect, it } from '@jest/globals';
import { greatCircleMiles } from './geo.js';
import { addressShown, addressVisibleAt, approximateAddress, approximateSalePoint } from './sale-place.js';

const METRES_PER_MILE = 1609.344;

describe('approximateSalePoint', () => {
  it('moves each sale 60 to 150 metres, the same way every time, and neighbouring sales different ways', () => {
    const points = Array.from({ length: 200 }, (_, i) => approximateSalePoint(i + 1, 34.0901, -118.4065));
    for (const point of points) {
      const metres = greatCircleMiles({ latitude: 34.0901, longitude: -118.4065 }, point) * METRES_PER_MILE;
      expect(metres).toBeGreaterThan(55);
      expect(metres).toBeLessThan(155);
    }
    expect(approximateSalePoint(7, 34.0901, -118.4065)).toEqual(points[6]);
    expect(new Set(points.map((point) => `${point.latitude},${point.longitude}`)).size).toBe(200);
  });
});

describe('addressShown', () => {
  it('reads the moment on the sale’s clock: 18:00 in Los Angeles is after midnight UTC', () => {
    const zone = 'America/Los_Angeles';
    expect(addressVisibleAt('2030-06-14T18:00', zone)?.toISOString()).toBe('2030-06-15T01:00:00.000Z');
    expect(addressShown('2030-06-14T18:00', zone, new Date('2030-06-15T00:59:00Z'))).toBe(false);
    expect(addressShown('2030-06-14T18:00', zone, new Date('2030-06-15T01:00:00Z'))).toBe(true);
    expect(addressShown('2030-01-14T18:00', zone, new Date('2030-01-15T01:30:00Z'))).toBe(false);
  });

  it('shows the address now when no moment is set', () => {
    expect(addressShown(null, 'America/Chicago', new Date(0))).toBe(true);
    expect(addressShown(undefined, 'America/Chicago', new Date(0))).toBe(true);
  });
});

describe('approximateAddress', () => {
  it('keeps the street without the house number', () => {
    expect(approximateAddress('1204 N Maple Dr, Apt 3')).toBe('N Maple Dr');
    expect(approximateAddress('12')).toBeNull();
    expect(approximateAddress(null)).toBeNull();
  });
});
