import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { boundingBox, greatCircleMiles, type GeoPoint } from '@garage/contracts';
import { infrastructure } from '@garage/testing';
import { greatCircleMilesSql, withinBoxSql } from '../src/index.js';

/** The radius SQL evaluated by a real Postgres on literal points: no tables needed. */
let client: pg.Client;

beforeAll(async () => {
  client = new pg.Client({ connectionString: (await infrastructure()).databaseUrl });
  await client.connect();
});

afterAll(async () => {
  await client.end();
});

/** Evaluates the SQL fragments for `centre`, `radius` and a candidate point. */
async function evaluate(centre: GeoPoint, miles: number, point: GeoPoint): Promise<{ distance: number; inBox: boolean }> {
  const params: unknown[] = [point.latitude, point.longitude];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const candidate = { latitude: '$1::float8', longitude: '$2::float8' };
  const from = { latitude: `${param(centre.latitude)}::float8`, longitude: `${param(centre.longitude)}::float8` };
  const sql = `SELECT ${greatCircleMilesSql(from, candidate)} AS distance,
    ${withinBoxSql(candidate, boundingBox(centre.latitude, centre.longitude, miles), param)} AS in_box`;
  const { rows } = await client.query<{ distance: number; in_box: boolean }>(sql, params);
  return { distance: rows[0]!.distance, inBox: rows[0]!.in_box };
}

const chicago = { latitude: 41.8781, longitude: -87.6298 };

describe('greatCircleMilesSql', () => {
  it('measures in Postgres what greatCircleMiles measures in memory', async () => {
    for (const point of [
      { latitude: 40.7128, longitude: -74.006 },
      { latitude: 21.3, longitude: -157.85 },
      { latitude: 41.8781, longitude: -87.6298 },
      { latitude: -33.9, longitude: 18.4 },
    ]) {
      const { distance } = await evaluate(chicago, 25, point);
      expect(distance).toBeCloseTo(greatCircleMiles(chicago, point), 6);
    }
  });
});

describe('withinBoxSql', () => {
  it('keeps a point at the very edge of the radius and drops one just beyond', async () => {
    // Due north of Chicago: 25 miles is 25/3959 radians of latitude.
    const edge = { latitude: chicago.latitude + (25 / 3959) * (180 / Math.PI), longitude: chicago.longitude };
    expect((await evaluate(chicago, 25, edge)).inBox).toBe(true);
    expect((await evaluate(chicago, 25, { ...edge, latitude: edge.latitude + 0.001 })).inBox).toBe(false);
    expect((await evaluate(chicago, 25, { latitude: chicago.latitude, longitude: chicago.longitude + 1 })).inBox).toBe(false);
  });

  it('reaches across the antimeridian', async () => {
    const adak = { latitude: 51.8, longitude: 179.9 };
    const across = { latitude: 51.8, longitude: -179.9 };
    const seen = await evaluate(adak, 25, across);
    expect(seen.inBox).toBe(true);
    expect(seen.distance).toBeLessThan(10);
    expect((await evaluate(adak, 25, { latitude: 51.8, longitude: 0 })).inBox).toBe(false);
  });

  it('holds only the centre for a radius of 0, and every longitude when a pole is in reach', async () => {
    expect((await evaluate(chicago, 0, chicago)).inBox).toBe(true);
    expect((await evaluate(chicago, 0, { latitude: chicago.latitude + 0.001, longitude: chicago.longitude })).inBox).toBe(false);
    expect((await evaluate({ latitude: 89.9, longitude: 0 }, 50, { latitude: 89.8, longitude: 170 })).inBox).toBe(true);
  });
});
