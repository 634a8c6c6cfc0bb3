import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { routePlanPreviewSchema, routePlanSchema, type CommunitySaleSnapshot } from '@garage/contracts';
import { ShopperHarness, newId } from './harness.js';

/**
 * A route plan made straight from a community sale: its approved sales (by number), narrowed by
 * numbers, categories and words (read from shopper's copy of items), each stop with its number.
 */
let h: ShopperHarness;
const DAY = '2099-05-02';
const start = { latitude: 39.78, longitude: -89.65 };
const organizer = newId();
const host = newId();
const member = newId();
const communitySale = newId();
const cancelledOne = newId();
// Numbers 1–4 (approved), and one pending.
const sales: Record<number, number> = {};
const pending = newId();
let auth: string;

const snapshot = (id: number, overrides: Partial<CommunitySaleSnapshot> = {}): CommunitySaleSnapshot => ({
  id,
  organizerId: organizer,
  name: 'Hopewell Sale Day',
  description: null,
  latitude: 39.8,
  longitude: -89.65,
  radiusMiles: 3,
  zipCodes: [],
  days: [{ date: DAY, startTime: '08:00', endTime: '14:00' }],
  rainDate: null,
  coverImageUrl: null,
  requiresApproval: true,
  status: 'scheduled',
  ...overrides,
});
const plan = (body: Record<string, unknown>) => ({ date: DAY, startTime: '08:00', start, communitySaleId: communitySale, ...body });
const preview = async (body: Record<string, unknown>) =>
  routePlanPreviewSchema.parse(
    (await h.api().post('/api/route-plans/preview').set('authorization', auth).send(plan(body)).expect(200)).body,
  );
const numbersOf = (stops: Array<{ communitySaleNumber?: number | null }>) => stops.map((stop) => stop.communitySaleNumber).sort();

beforeAll(async () => {
  h = await ShopperHarness.launch();
  await h.user(host);
  await h.user(member, { premium: true });
  auth = await h.bearer(member);
  await h.publishAndApply('community_sale.created', 1, snapshot(communitySale));
  await h.publishAndApply('community_sale.created', 1, snapshot(cancelledOne));
  await h.publishAndApply('community_sale.cancelled', 2, { ...snapshot(cancelledOne, { status: 'cancelled' }), saleIds: [] });
  const places = [
    [39.8, -89.64],
    [39.76, -89.66],
    [39.79, -89.7],
    [39.81, -89.62],
  ] as const;
  for (const [index, [latitude, longitude]] of places.entries()) {
    const number = index + 1;
    const id = newId();
    sales[number] = id;
    await h.sale(id, host, {
      title: `Sale number ${number}`,
      latitude,
      longitude,
      start_date: DAY,
      end_date: DAY,
      community_sale_id: communitySale,
      community_sale_status: 'approved',
      community_sale_number: number,
    });
  }
  await h.sale(pending, host, { start_date: DAY, end_date: DAY, community_sale_id: communitySale, community_sale_status: 'pending' });
  await h.item(newId(), host, sales[1]!, { title: 'Oak dresser', category: 'Furniture' });
  await h.item(newId(), host, sales[2]!, { title: 'Brass lamps', category: 'Home & Garden' });
  await h.item(newId(), host, sales[3]!, { title: 'Walnut table lamp', category: 'Furniture' });
  await h.item(newId(), host, sales[4]!, { title: 'Sold lamp', category: 'Furniture', is_sold: true });
  await h.item(newId(), host, pending, { title: 'Pending lamp', category: 'Furniture' });
});

afterAll(async () => {
  await h?.close();
});

describe('route plans from a community sale', () => {
  it('visits its approved sales, each stop with its number, and leaves the pending one out', async () => {
    const answer = await preview({});
    expect(answer.summary).toMatchObject({ requested: 4, plannable: 4, unplannable: 0 });
    expect(numbersOf(answer.plan!.stops)).toEqual([1, 2, 3, 4]);
    for (const stop of answer.plan!.stops) expect(sales[stop.communitySaleNumber!]).toBe(stop.saleId);
  });

  it('narrows by numbers, by categories of unsold items, by words, and by all of them together', async () => {
    expect(numbersOf((await preview({ filters: { numbers: [1, 3, 99] } })).plan!.stops)).toEqual([1, 3]);
    expect(numbersOf((await preview({ filters: { categories: ['Furniture'] } })).plan!.stops)).toEqual([1, 3]);
    expect(numbersOf((await preview({ filters: { q: 'lamp' } })).plan!.stops)).toEqual([2, 3]);
    expect(
      numbersOf((await preview({ filters: { categories: ['Furniture', 'Home & Garden'], q: 'lamp', numbers: [3, 4] } })).plan!.stops),
    ).toEqual([3]);
  });

  it('saves the plan with its numbers, and its sales are followed like any plan’s', async () => {
    const saved = routePlanSchema.parse(
      (
        await h
          .api()
          .post('/api/route-plans')
          .set('authorization', auth)
          .send(plan({ filters: { q: 'lamp' } }))
          .expect(201)
      ).body,
    );
    expect(numbersOf(saved.stops)).toEqual([2, 3]);
    const again = routePlanSchema.parse((await h.api().get(`/api/route-plans/${saved.id}`).set('authorization', auth).expect(200)).body);
    expect(numbersOf(again.stops)).toEqual([2, 3]);
    const kept = await h.query(`SELECT sale_id FROM route_plan_sales WHERE plan_id = $1 ORDER BY sale_id`, [saved.id]);
    expect(kept.map((row) => row.sale_id)).toEqual([sales[2], sales[3]].sort((a, b) => a! - b!));
  });

  it('gives a plan of named sales the numbers of those approved in a community sale', async () => {
    const answer = routePlanPreviewSchema.parse(
      (
        await h
          .api()
          .post('/api/route-plans/preview')
          .set('authorization', auth)
          .send({ date: DAY, startTime: '08:00', start, saleIds: [sales[2], pending] })
          .expect(200)
      ).body,
    );
    const bySale = new Map(answer.plan!.stops.map((stop) => [stop.saleId, stop.communitySaleNumber]));
    expect(bySale.get(sales[2]!)).toBe(2);
    expect(bySale.has(pending) ? bySale.get(pending) : undefined).toBeUndefined();
  });

  it('answers 400 with the field for a cancelled one, filters that leave nothing, or both ways of naming sales', async () => {
    const post = (body: Record<string, unknown>) => h.api().post('/api/route-plans/preview').set('authorization', auth).send(body);
    const fieldOf = (response: { body: { details?: Array<{ field: string }> } }) => response.body.details?.[0]?.field;
    expect(fieldOf(await post(plan({ communitySaleId: cancelledOne })).expect(400))).toBe('communitySaleId');
    expect(fieldOf(await post(plan({ filters: { q: 'piano' } })).expect(400))).toBe('filters');
    expect(fieldOf(await post(plan({ filters: { numbers: [42] } })).expect(400))).toBe('filters');
    expect(fieldOf(await post(plan({ saleIds: [sales[1]] })).expect(400))).toBe('communitySaleId');
    expect(fieldOf(await post({ date: DAY, startTime: '08:00', start, filters: { q: 'lamp' } }).expect(400))).toBeDefined();
    expect(fieldOf(await post(plan({ filters: { categories: ['Spaceships'] } })).expect(400))).toMatch(/^filters/);
  });

  it('asks the sales service about one unknown here: a retryable 503 while it cannot be asked', async () => {
    const response = await h
      .api()
      .post('/api/route-plans/preview')
      .set('authorization', auth)
      .send(plan({ communitySaleId: newId() }));
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
  });
});
