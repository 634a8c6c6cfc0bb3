import { describe, expect, it } from '@jest/globals';
import { ROUTE_PLAN_MAX_SALES } from '@garage/contracts';
import { directionsLinks, MAX_WAYPOINTS_PER_LINK } from './directions.js';
import type { Point } from './planner.types.js';

const start: Point = { latitude: 41.8781, longitude: -87.6298 };
/** Stop n is at a recognisable place: latitude 42 + n/100, longitude -88 - n/100 (distinct for any n). */
const stops = (count: number): Point[] =>
  Array.from({ length: count }, (_, index) => ({ latitude: 42 + (index + 1) / 100, longitude: -88 - (index + 1) / 100 }));
const text = (point: Point) => `${point.latitude},${point.longitude}`;

/** Origin, waypoints and destination of each Google link, read back as a map app would. */
function googleLegs(links: string[]) {
  return links.map((link) => {
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe('https://www.google.com/maps/dir/');
    expect(url.searchParams.get('api')).toBe('1');
    expect(url.searchParams.get('travelmode')).toBe('driving');
    const waypoints = url.searchParams.get('waypoints');
    return {
      origin: url.searchParams.get('origin'),
      waypoints: waypoints === null ? [] : waypoints.split('|'),
      destination: url.searchParams.get('destination'),
    };
  });
}

function appleLegs(links: string[]) {
  return links.map((link) => {
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe('https://maps.apple.com/');
    expect(url.searchParams.get('dirflg')).toBe('d');
    // "+" in a query is a space: "a+to:b" reads "a to:b".
    const chain = url.searchParams.get('daddr')!.split(' to:');
    return { origin: url.searchParams.get('saddr'), waypoints: chain.slice(0, -1), destination: chain[chain.length - 1] };
  });
}

describe('directionsLinks', () => {
  it('gives no link for no stops', () => {
    expect(directionsLinks(start, [], 'google')).toEqual([]);
    expect(directionsLinks(start, [], 'apple')).toEqual([]);
  });

  it('goes straight to a single stop', () => {
    const [stop] = stops(1);
    expect(directionsLinks(start, [stop!], 'google')).toEqual([
      'https://www.google.com/maps/dir/?api=1&origin=41.8781,-87.6298&destination=42.01,-88.01&travelmode=driving',
    ]);
    expect(directionsLinks(start, [stop!], 'apple')).toEqual([
      'https://maps.apple.com/?saddr=41.8781,-87.6298&daddr=42.01,-88.01&dirflg=d',
    ]);
  });

  it('writes the waypoints of Google links between pipes and those of Apple links with "+to:"', () => {
    expect(directionsLinks(start, stops(3), 'google')).toEqual([
      'https://www.google.com/maps/dir/?api=1&origin=41.8781,-87.6298&destination=42.03,-88.03&waypoints=42.01,-88.01%7C42.02,-88.02&travelmode=driving',
    ]);
    expect(directionsLinks(start, stops(3), 'apple')).toEqual([
      'https://maps.apple.com/?saddr=41.8781,-87.6298&daddr=42.01,-88.01+to:42.02,-88.02+to:42.03,-88.03&dirflg=d',
    ]);
  });

  it.each([
    [9, [8]],
    [10, [9]],
    [11, [9, 0]],
    [25, [9, 9, 4]],
    // A whole community sale: 400 stops, 40 legs of 9 waypoints and a destination.
    [400, Array.from({ length: 40 }, () => 9)],
    [ROUTE_PLAN_MAX_SALES + 1, [...Array.from({ length: 40 }, () => 9), 0]],
  ])('splits %i stops into legs with %j waypoints, each leg starting where the last one ended', (count, waypointsPerLeg) => {
    const route = stops(count);
    for (const legs of [googleLegs(directionsLinks(start, route, 'google')), appleLegs(directionsLinks(start, route, 'apple'))]) {
      expect(legs.map((leg) => leg.waypoints.length)).toEqual(waypointsPerLeg);
      expect(legs.every((leg) => leg.waypoints.length <= MAX_WAYPOINTS_PER_LINK)).toBe(true);
      expect(legs[0]!.origin).toBe(text(start));
      legs.slice(1).forEach((leg, index) => expect(leg.origin).toBe(legs[index]!.destination));
      // Every stop once, in order: the waypoints then the destination of each leg.
      expect(legs.flatMap((leg) => [...leg.waypoints, leg.destination])).toEqual(route.map(text));
    }
  });

  it('rounds coordinates to 6 decimals and never writes -0', () => {
    const [link] = directionsLinks(
      { latitude: -0, longitude: 0.1234567891 },
      [{ latitude: 45.00000001, longitude: -93.2650004 }],
      'google',
    );
    expect(link).toBe('https://www.google.com/maps/dir/?api=1&origin=0,0.123457&destination=45,-93.265&travelmode=driving');
  });

  it('refuses points that are not on the map and unknown apps', () => {
    expect(() => directionsLinks(start, [{ latitude: 95, longitude: 0 }], 'google')).toThrow(RangeError);
    expect(() => directionsLinks({ latitude: Number.NaN, longitude: 0 }, [], 'apple')).toThrow(RangeError);
    expect(() => directionsLinks(start, stops(2), 'waze' as 'google')).toThrow(RangeError);
  });
});
