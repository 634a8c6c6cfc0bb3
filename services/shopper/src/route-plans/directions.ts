import type { Point } from './planner.types.js';

/**
 * Turn-by-turn directions for a planned route, as links that open a map app.
 *
 * Map apps cap the stops of one link (Google Maps URLs: 9 waypoints between the origin and the
 * destination on mobile, and browsers trim longer ones), so a route is split into legs of at most
 * 9 waypoints plus a destination; each leg starts where the previous one ended.
 */
export const MAX_WAYPOINTS_PER_LINK = 9;

export type DirectionsApp = 'google' | 'apple';

/** One link per leg, in driving order; none when there are no stops. */
export function directionsLinks(start: Point, stops: Point[], app: DirectionsApp): string[] {
  if (app !== 'google' && app !== 'apple') throw new RangeError(`Unknown map app: ${String(app)}`);
  for (const point of [start, ...stops]) {
    if (!validPoint(point)) throw new RangeError(`Not a point on the map: ${JSON.stringify(point)}`);
  }
  const links: string[] = [];
  let origin = start;
  for (let first = 0; first < stops.length; first += MAX_WAYPOINTS_PER_LINK + 1) {
    const leg = stops.slice(first, first + MAX_WAYPOINTS_PER_LINK + 1);
    const destination = leg[leg.length - 1]!;
    const waypoints = leg.slice(0, -1);
    links.push(app === 'google' ? googleLink(origin, destination, waypoints) : appleLink(origin, destination, waypoints));
    origin = destination;
  }
  return links;
}

/** Google Maps URLs (https://developers.google.com/maps/documentation/urls/get-started#directions-action). */
function googleLink(origin: Point, destination: Point, waypoints: Point[]): string {
  let link = `https://www.google.com/maps/dir/?api=1&origin=${coordinates(origin)}&destination=${coordinates(destination)}`;
  // The pipe between waypoints is not a legal URL character; Google asks for it encoded.
  if (waypoints.length > 0) link += `&waypoints=${waypoints.map(coordinates).join('%7C')}`;
  return `${link}&travelmode=driving`;
}

/** Apple Maps links: `daddr` chains the waypoints and the destination with "+to:"; `dirflg=d` is driving. */
function appleLink(origin: Point, destination: Point, waypoints: Point[]): string {
  const stops = [...waypoints, destination].map(coordinates).join('+to:');
  return `https://maps.apple.com/?saddr=${coordinates(origin)}&daddr=${stops}&dirflg=d`;
}

/** "lat,lng" to 6 decimals (about 10 cm), without trailing zeros. */
function coordinates(point: Point): string {
  return `${round(point.latitude)},${round(point.longitude)}`;
}

function round(value: number): string {
  const rounded = Number(value.toFixed(6));
  return String(rounded === 0 ? 0 : rounded); // never "-0"
}

function validPoint(point: Point | undefined): boolean {
  return (
    point !== undefined &&
    Number.isFinite(point.latitude) &&
    Number.isFinite(point.longitude) &&
    Math.abs(point.latitude) <= 90 &&
    Math.abs(point.longitude) <= 180
  );
}
