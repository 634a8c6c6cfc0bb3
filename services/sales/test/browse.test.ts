import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { EARTH_RADIUS_MILES } from '@garage/contracts';
import { startService, type RunningService } from '@garage/service-kit';
import { serviceQueueReady, serviceTestEnv, testBus, testTokens, waitFor, type ServiceTestEnv } from '@garage/testing';
import { salesService } from '../src/index.js';
import { SalesRepository } from '../src/sales/sales.repository.js';
import { dayFromToday, userSnapshot } from './harness.js';

const LIST_LIMIT = 1000;
const RADII = [10, 25, 50, 100];
const CHICAGO = { latitude: 41.8781, longitude: -87.6298 };
/** A second, empty place for the radius caps: sales due north of it at known distances. */
const PLAINS = { latitude: 35, longitude: -100 };
const FREE = 301;
const PREMIUM = 302;
const LAPSED = 303;

let testEnv: ServiceTestEnv;
let sales: RunningService<unknown>;
let bus: Awaited<ReturnType<typeof testBus>>;
let tokens: Record<number, string>;
const generated: Array<{ id: number; latitude: number; longitude: number }> = [];
const api = () => request(sales.url);

interface Row {
  latitude: number;
  longitude: number;
  startDate?: string;
  endDate?: string;
  startTime?: string;
  endTime?: string;
  status?: string;
  title?: string;
}

/** Inserts a sale as the service stores it (Los Angeles zone), bypassing the form's date rules. */
async function insertSale(row: Row): Promise<number> {
  const [{ id }] = await sales.dataSource.query(
    `INSERT INTO sales (user_id, title, address, city, state, zip_code, start_date, end_date, start_time, end_time, ends_at, status, latitude, longitude)
     VALUES (9, $1, '1 Main St', 'Somewhere', 'CA', '90210', $2::date, $3::date, $4::time, $5::time,
       ($3::date + $5::time) AT TIME ZONE 'America/Los_Angeles', $6, $7, $8)
     RETURNING id`,
    [
      row.title ?? 'Generated',
      row.startDate ?? dayFromToday(-1),
      row.endDate ?? dayFromToday(3),
      row.startTime ?? '00:00',
      row.endTime ?? '23:59',
      row.status ?? 'active',
      row.latitude,
      row.longitude,
    ],
  );
  return id;
}

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Brute force: the distance of every sale, computed here independently of the service's SQL. */
function haversine(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(h));
}

/** The point reached from `from` after `miles` along `bearing` degrees (great circle). */
function destination(from: { latitude: number; longitude: number }, bearing: number, miles: number) {
  const rad = Math.PI / 180;
  const d = miles / EARTH_RADIUS_MILES;
  const φ1 = from.latitude * rad;
  const θ = bearing * rad;
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(θ));
  const λ2 = from.longitude * rad + Math.atan2(Math.sin(θ) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
  return { latitude: φ2 / rad, longitude: λ2 / rad };
}

/** The point `miles` due north of `from` (along a meridian, distance is exact). */
const north = (from: { latitude: number; longitude: number }, miles: number) => ({
  latitude: from.latitude + (miles / EARTH_RADIUS_MILES) * (180 / Math.PI),
  longitude: from.longitude,
});

const ids = (body: Array<{ id: number }>) => body.map((sale) => sale.id);

beforeAll(async () => {
  testEnv = await serviceTestEnv({ SALES_LIST_LIMIT: String(LIST_LIMIT) });
  sales = await startService(salesService, { env: testEnv.env });
  bus = await testBus(testEnv.env, { listen: ['sale.*'] });
  const sign = await testTokens(testEnv.env.DATA_DIR!);
  tokens = { [FREE]: await sign(FREE), [PREMIUM]: await sign(PREMIUM), [LAPSED]: await sign(LAPSED) };
  await serviceQueueReady(testEnv.env, 'sales');
  const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString();
  const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString();
  await bus.publish('user.registered', 1, userSnapshot(FREE));
  await bus.publish('user.premium_activated', 2, userSnapshot(PREMIUM, { premiumExpiresAt: inAYear }));
  await bus.publish('user.premium_activated', 3, userSnapshot(LAPSED, { premiumExpiresAt: lastWeek }));
  await waitFor(async () => (await sales.dataSource.query(`SELECT 1 FROM users`)).length === 3, 5000, 'the user projection');

  // 300 sales scattered over about 140 miles around Chicago, and 40 in a ring within 10% of each
  // radius tried below (in every direction), where a wrong box or distance would show first.
  const next = random(20240601);
  const points: Array<{ latitude: number; longitude: number }> = [];
  for (let i = 0; i < 300; i += 1) {
    points.push({ latitude: CHICAGO.latitude + (next() * 2 - 1) * 2, longitude: CHICAGO.longitude + (next() * 2 - 1) * 2.7 });
  }
  for (const radius of RADII) {
    for (let i = 0; i < 40; i += 1) points.push(destination(CHICAGO, next() * 360, radius * (0.9 + next() * 0.2)));
  }
  for (const point of points) generated.push({ id: await insertSale(point), ...point });
  await sales.dataSource.query('ANALYZE sales');
});

afterAll(async () => {
  await bus?.close();
  await sales?.close();
  await testEnv?.cleanup();
});

describe('GET /api/sales with a location', () => {
  it.each([
    [10, null],
    [25, null],
    [50, null],
    [25, 'default'],
    [100, PREMIUM],
  ] as const)('returns exactly the sales within %s miles (%s), nearest first, as a brute-force haversine does', async (radius, who) => {
    const query: Record<string, unknown> = { ...CHICAGO };
    if (who !== 'default') query.radius = radius;
    const call = api().get('/api/sales').query(query);
    if (typeof who === 'number') call.set('authorization', `Bearer ${tokens[who]}`);
    const response = await call.expect(200);

    const expected = generated
      .map((sale) => ({ id: sale.id, distance: haversine(CHICAGO, sale) }))
      .filter((sale) => sale.distance <= radius)
      .sort((a, b) => a.distance - b.distance);
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(response.body)).toEqual(expected.map((sale) => sale.id));
    response.body.forEach((sale: { distance: number }, index: number) => {
      expect(Math.round(sale.distance * 10) / 10).toBe(sale.distance);
      expect(Math.abs(sale.distance - expected[index]!.distance)).toBeLessThanOrEqual(0.05 + 1e-9);
    });
  });

  it('bounds the list (SALES_LIST_LIMIT), keeping the nearest sales', async () => {
    const bounded = await startService(salesService, { env: { ...testEnv.env, SALES_LIST_LIMIT: '50' } });
    try {
      const response = await request(bounded.url)
        .get('/api/sales')
        .query({ ...CHICAGO, radius: 50 })
        .expect(200);
      const nearest = generated
        .map((sale) => ({ id: sale.id, distance: haversine(CHICAGO, sale) }))
        .filter((sale) => sale.distance <= 50)
        .sort((a, b) => a.distance - b.distance);
      expect(nearest.length).toBeGreaterThan(50);
      expect(ids(response.body)).toEqual(nearest.slice(0, 50).map((sale) => sale.id));
      const soonest = await request(bounded.url).get('/api/sales').expect(200);
      expect(soonest.body).toHaveLength(50);
    } finally {
      await bounded.close();
    }
  });

  it('finds the candidates through the (latitude, longitude) index of active sales', async () => {
    const repository = sales.app.get(SalesRepository);
    const { sql, params } = repository.browseQuery({ now: new Date(), near: { ...CHICAGO, radiusMiles: 25 }, limit: LIST_LIMIT });
    const plan = await sales.dataSource.transaction(async (manager) => {
      // Whether the planner *can* use the index; on 300 rows it would rightly prefer a scan.
      await manager.query('SET LOCAL enable_seqscan = off');
      return manager.query(`EXPLAIN ${sql}`, params);
    });
    const text = plan.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('sales_active_location');
    expect(text).not.toMatch(/Seq Scan on sales/);
  });

  it('answers 400 to a bad location or radius', async () => {
    for (const query of [
      { latitude: 'north', longitude: -87 },
      { latitude: 91, longitude: -87 },
      { latitude: 41, longitude: -181 },
      { latitude: 41 },
      { longitude: -87 },
      { latitude: 41, longitude: -87, radius: 0 },
      { latitude: 41, longitude: -87, radius: 'far' },
    ]) {
      const response = await api().get('/api/sales').query(query).expect(400);
      expect(response.body.details.length).toBeGreaterThan(0);
    }
  });
});

describe('radius caps', () => {
  let at: Record<number, number>;
  beforeAll(async () => {
    at = {};
    for (const miles of [20, 30, 70, 120]) at[miles] = await insertSale({ ...north(PLAINS, miles), title: `${miles} miles north` });
  });

  const near = async (radius: number | undefined, who?: number) => {
    const call = api()
      .get('/api/sales')
      .query({ ...PLAINS, ...(radius === undefined ? {} : { radius }) });
    if (who) call.set('authorization', `Bearer ${tokens[who]}`);
    return ids((await call.expect(200)).body);
  };

  it('defaults to 25 miles', async () => {
    expect(await near(undefined)).toEqual([at[20]]);
  });

  it('clamps a visitor and a free user to 50 miles', async () => {
    expect(await near(100)).toEqual([at[20], at[30]]);
    expect(await near(100, FREE)).toEqual([at[20], at[30]]);
  });

  it('clamps a premium user to 100 miles, and treats a lapsed premium as free', async () => {
    expect(await near(100, PREMIUM)).toEqual([at[20], at[30], at[70]]);
    expect(await near(500, PREMIUM)).toEqual([at[20], at[30], at[70]]);
    expect(await near(100, LAPSED)).toEqual([at[20], at[30]]);
  });

  it('reports the distance to one decimal', async () => {
    const response = await api()
      .get('/api/sales')
      .query({ ...PLAINS, radius: 50 })
      .expect(200);
    expect(response.body.map((sale: { distance: number }) => sale.distance)).toEqual([20, 30]);
  });
});

describe('date and hour filters', () => {
  let edge: number;
  beforeAll(async () => {
    // 10-12 June 2032, 09:00-12:00 each day, far from every other sale's dates.
    edge = await insertSale({
      latitude: 30,
      longitude: -90,
      startDate: '2032-06-10',
      endDate: '2032-06-12',
      startTime: '09:00',
      endTime: '12:00',
    });
  });

  const listed = async (query: Record<string, string>) => ids((await api().get('/api/sales').query(query).expect(200)).body).includes(edge);

  it('treats dates as whole days: a window touching the first or last day overlaps', async () => {
    expect(await listed({ startDate: '2032-06-12' })).toBe(true);
    expect(await listed({ startDate: '2032-06-13' })).toBe(false);
    // An end date alone: near the sale, so the hundreds of earlier sales elsewhere do not fill the list.
    const there = { latitude: '30', longitude: '-90', radius: '5' };
    expect(await listed({ ...there, endDate: '2032-06-10' })).toBe(true);
    expect(await listed({ ...there, endDate: '2032-06-09' })).toBe(false);
    expect(await listed({ startDate: '2032-06-12', endDate: '2032-06-20' })).toBe(true);
    expect(await listed({ startDate: '2032-06-01', endDate: '2032-06-10' })).toBe(true);
    expect(await listed({ startDate: '2032-06-11', endDate: '2032-06-11' })).toBe(true);
    expect(await listed({ startDate: '2032-06-13', endDate: '2032-06-20' })).toBe(false);
  });

  it('treats hours as half-open: a filter that starts when the sale closes does not overlap', async () => {
    const june = { startDate: '2032-06-01', endDate: '2032-06-30' };
    expect(await listed({ ...june, startTime: '12:00' })).toBe(false);
    expect(await listed({ ...june, startTime: '11:59' })).toBe(true);
    expect(await listed({ ...june, endTime: '09:00' })).toBe(false);
    expect(await listed({ ...june, endTime: '09:01' })).toBe(true);
    expect(await listed({ ...june, startTime: '08:00', endTime: '09:00' })).toBe(false);
    expect(await listed({ ...june, startTime: '12:00', endTime: '13:00' })).toBe(false);
    expect(await listed({ ...june, startTime: '10:00', endTime: '11:00' })).toBe(true);
    expect(await listed({ ...june, startTime: '06:00', endTime: '18:00' })).toBe(true);
  });

  it('lists sales soonest first without a location', async () => {
    const later = await insertSale({
      latitude: 30,
      longitude: -90,
      startDate: '2033-03-02',
      endDate: '2033-03-02',
      startTime: '09:00',
      endTime: '10:00',
    });
    const second = await insertSale({
      latitude: 30,
      longitude: -90,
      startDate: '2033-03-01',
      endDate: '2033-03-03',
      startTime: '10:00',
      endTime: '11:00',
    });
    const first = await insertSale({
      latitude: 30,
      longitude: -90,
      startDate: '2033-03-01',
      endDate: '2033-03-01',
      startTime: '08:00',
      endTime: '09:00',
    });
    const response = await api().get('/api/sales').query({ startDate: '2033-03-01', endDate: '2033-03-31' }).expect(200);
    expect(ids(response.body)).toEqual([first, second, later]);
  });

  it('answers 400 to a bad filter value', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ startDate: '2032-13-01' }, 'startDate'],
      [{ endDate: 'tomorrow' }, 'endDate'],
      [{ startDate: '2032-06-10', endDate: '2032-06-09' }, 'endDate'],
      [{ startTime: '7am' }, 'startTime'],
      [{ startTime: '12:00', endTime: '12:00' }, 'endTime'],
      [{ startTime: '12:00', endTime: '09:00' }, 'endTime'],
    ];
    for (const [query, field] of cases) {
      const response = await api().get('/api/sales').query(query).expect(400);
      expect(response.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
    }
  });

  it('ignores empty filter values, as the SPA may send them', async () => {
    const blank = await api().get('/api/sales').query({ startDate: '', endDate: '', startTime: '', endTime: '', radius: '' }).expect(200);
    const none = await api().get('/api/sales').expect(200);
    expect(ids(blank.body)).toEqual(ids(none.body));
    expect(await listed({ startDate: '2032-06-01', startTime: '', endTime: '' })).toBe(true);
  });
});

describe('only active sales that have not ended', () => {
  it('leaves out cancelled, completed and ended sales, and keeps a running one', async () => {
    const place = { latitude: 25, longitude: -81 };
    const running = await insertSale({ ...place, startDate: dayFromToday(-2), endDate: dayFromToday(2) });
    const ended = await insertSale({ ...place, startDate: dayFromToday(-3), endDate: dayFromToday(-2) });
    const cancelled = await insertSale({ ...place, status: 'cancelled' });
    const completed = await insertSale({ ...place, status: 'completed', startDate: dayFromToday(-3), endDate: dayFromToday(-2) });
    // No window: every active sale that has not ended yet.
    expect(
      ids(
        (
          await api()
            .get('/api/sales')
            .query({ ...place, radius: 5 })
            .expect(200)
        ).body,
      ),
    ).toEqual([running]);
    // A window that covers the ended sale's days does not bring it back.
    const window = { startDate: dayFromToday(-3), endDate: dayFromToday(3) };
    expect(
      ids(
        (
          await api()
            .get('/api/sales')
            .query({ ...place, ...window, radius: 5 })
            .expect(200)
        ).body,
      ),
    ).toEqual([running]);
    const rows = await sales.dataSource.query(`SELECT count(*)::int AS n FROM sales WHERE id = ANY($1)`, [
      [running, ended, cancelled, completed],
    ]);
    expect(rows[0].n).toBe(4);
  });
});
