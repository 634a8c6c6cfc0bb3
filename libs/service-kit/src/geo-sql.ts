import { EARTH_RADIUS_MILES, longitudeRanges, type GeoBox } from '@garage/contracts';

/** SQL expressions (a column, or a cast parameter) for a point's latitude and longitude, in degrees. */
export interface SqlPoint {
  latitude: string;
  longitude: string;
}

/**
 * The great-circle (haversine) distance in miles between two points, as SQL: the very formula of
 * `greatCircleMiles` (contracts), so a distance measured in the database and one measured in memory
 * agree. least() guards asin against rounding just above 1.
 */
export function greatCircleMilesSql(from: SqlPoint, to: SqlPoint): string {
  return `2 * ${EARTH_RADIUS_MILES} * asin(least(1, sqrt(
    power(sin(radians(${to.latitude} - ${from.latitude}) / 2), 2)
    + cos(radians(${from.latitude})) * cos(radians(${to.latitude})) * power(sin(radians(${to.longitude} - ${from.longitude}) / 2), 2))))`;
}

/** A hair of slack (about 1 cm) so float rounding in SQL never drops a row the exact distance keeps. */
const SLACK_DEGREES = 1e-7;

/**
 * The SQL condition that a point lies in `box` (from `boundingBox`), with the box's edges passed as
 * parameters through `param` (which returns the placeholder): the part of a radius filter that a
 * btree on (latitude, longitude) can search. Across the antimeridian it is two longitude ranges.
 */
export function withinBoxSql(point: SqlPoint, box: GeoBox, param: (value: number) => string): string {
  const edge = (value: number) => `${param(value)}::float8`;
  const conditions = [`${point.latitude} BETWEEN ${edge(box.south - SLACK_DEGREES)} AND ${edge(box.north + SLACK_DEGREES)}`];
  const ranges = longitudeRanges(box);
  if (ranges) {
    const within = ranges.map(
      ([west, east]) => `${point.longitude} BETWEEN ${edge(west - SLACK_DEGREES)} AND ${edge(east + SLACK_DEGREES)}`,
    );
    conditions.push(within.length === 1 ? within[0]! : `(${within.join(' OR ')})`);
  }
  return conditions.join(' AND ');
}
