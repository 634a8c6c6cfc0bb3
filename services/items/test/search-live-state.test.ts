import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { itemSchema, searchResultSchema } from '@garage/contracts';
import { TestClock } from '@garage/testing';
import { ItemsHarness, newId } from './harness.js';

let h: ItemsHarness;
const clock = new TestClock();
const host = newId();
const shopper = newId();
const sale = newId();
// In Chicago (America/Chicago, CDT in May: UTC-5), on 2099-05-02 and 03, 08:00 to 12:00.
const chicago = { city: 'Chicago', state: 'IL', latitude: 41.88, longitude: -87.63 };
const hours = { start_date: '2099-05-02', end_date: '2099-05-03', start_time: '08:00', end_time: '12:00' };
let itemId: number;

type Result = { id: number; sale: { live_state?: string | null; live_state_at?: string | null } };
const search = async (userId?: number): Promise<Result[]> => {
  const request = h.api().get('/api/items/search').query({ q: 'accordion' });
  if (userId) request.set('authorization', await h.bearer(userId));
  const response = await request.expect(200);
  for (const result of response.body as unknown[]) searchResultSchema.parse(result);
  return response.body as Result[];
};
const liveOf = async (userId?: number) => {
  const [result] = await search(userId);
  return { live_state: result!.sale.live_state, live_state_at: result!.sale.live_state_at };
};

beforeAll(async () => {
  clock.set(new Date('2099-05-02T15:00:00Z')); // 10:00 in Chicago, during the first day's hours
  h = await ItemsHarness.launch({}, clock);
  await h.user(host);
  await h.user(shopper);
  await h.sale(sale, host, { ...chicago, ...hours, title: 'Lakeview Sale' });
  ({ id: itemId } = await h.createItem(host, { garageSaleId: sale, title: 'Red accordion', category: 'Other', price: 40 }));
});

afterAll(async () => {
  await h?.close();
});

describe('GET /api/items/search: the sale’s live state', () => {
  it('shows what the host said once sale.updated carries it, even from a kept answer', async () => {
    // Asked twice by each kind of viewer: the answers are kept.
    for (const viewer of [undefined, shopper]) {
      expect(await liveOf(viewer)).toEqual({ live_state: null, live_state_at: null });
      expect(await liveOf(viewer)).toEqual({ live_state: null, live_state_at: null });
    }
    const saidAt = new Date(clock.now().getTime() - 5 * 60_000).toISOString();
    await h.sale(sale, host, { ...chicago, ...hours, title: 'Lakeview Sale', live_state: 'winding_down', live_state_at: saidAt }, 2);
    for (const viewer of [undefined, shopper]) expect(await liveOf(viewer)).toEqual({ live_state: 'winding_down', live_state_at: saidAt });
    // And kept again as such.
    expect(await liveOf(shopper)).toEqual({ live_state: 'winding_down', live_state_at: saidAt });
  });

  it('reads `ended` from the end of the hours on the sale’s clock, though the kept answer was made before it', async () => {
    clock.set(new Date('2099-05-02T16:59:30Z')); // 11:59:30 in Chicago
    expect((await liveOf(shopper)).live_state).toBe('winding_down');
    expect((await liveOf(shopper)).live_state).toBe('winding_down');
    clock.set(new Date('2099-05-02T17:00:05Z')); // 12:00:05: the hours are over for the day
    const ended = { live_state: 'ended', live_state_at: '2099-05-02T17:00:00.000Z' };
    expect(await liveOf(shopper)).toEqual(ended);
    expect(await liveOf()).toEqual(ended);

    const item = await h
      .api()
      .get(`/api/items/${itemId}`)
      .set('authorization', await h.bearer(shopper))
      .expect(200);
    expect(itemSchema.parse(item.body).sale).toMatchObject(ended);
  });

  it('starts the next day with nothing said (yesterday’s word lapses at midnight on the sale’s clock)', async () => {
    expect((await liveOf(shopper)).live_state).toBe('ended');
    clock.set(new Date('2099-05-03T05:00:30Z')); // 00:00:30 on the 3rd in Chicago
    expect(await liveOf(shopper)).toEqual({ live_state: null, live_state_at: null });
    clock.set(new Date('2099-05-03T17:00:30Z')); // past the second day's hours
    expect(await liveOf(shopper)).toEqual({ live_state: 'ended', live_state_at: '2099-05-03T17:00:00.000Z' });
  });

  it('shows no live state for a cancelled sale', async () => {
    clock.set(new Date('2099-05-03T15:00:00Z'));
    const item = await h.api().get(`/api/items/${itemId}`).expect(200);
    expect(item.body.sale).toMatchObject({ live_state: null, live_state_at: null });
    await h.sale(sale, host, { ...chicago, ...hours, status: 'cancelled' }, 3);
    clock.set(new Date('2099-05-03T17:30:00Z'));
    const after = await h.api().get(`/api/items/${itemId}`).expect(200);
    expect(after.body.sale).toMatchObject({ status: 'cancelled', live_state: null, live_state_at: null });
  });
});

describe('GET /api/items/search: a live state said at one sale', () => {
  const other = { host: newId(), trumpetSale: newId(), banjoSale: newId() };
  const day = { start_date: '2099-06-10', end_date: '2099-06-10', start_time: '08:00', end_time: '12:00' };
  const visitorSearch = async (q: string): Promise<Result[]> => (await h.api().get('/api/items/search').query({ q }).expect(200)).body;
  // The statements that read a search's rows (ranked in SQL or picked from a list): a kept answer served again reads none.
  const rowReads = (statements: string[]) => statements.filter((sql) => /\bJOIN sales s\b/.test(sql));

  beforeAll(async () => {
    clock.set(new Date('2099-06-10T15:00:00Z')); // 10:00 in Chicago, during the hours
    await h.user(other.host);
    await h.sale(other.trumpetSale, other.host, { ...chicago, ...day, title: 'Trumpet Sale' });
    await h.sale(other.banjoSale, other.host, { ...chicago, ...day, title: 'Banjo Sale' });
    await h.createItem(other.host, { garageSaleId: other.trumpetSale, title: 'Brass trumpet', category: 'Other', price: 90 });
    await h.createItem(other.host, { garageSaleId: other.banjoSale, title: 'Old banjo', category: 'Other', price: 70 });
  });

  it('shows in the next answer showing that sale, and leaves the kept answers of other sales as they are', async () => {
    for (const q of ['trumpet', 'banjo']) for (let asked = 0; asked < 2; asked += 1) await visitorSearch(q);
    const saidAt = new Date(clock.now().getTime() - 60_000).toISOString();
    await h.sale(
      other.banjoSale,
      other.host,
      { ...chicago, ...day, title: 'Banjo Sale', live_state: 'winding_down', live_state_at: saidAt },
      2,
    );

    let trumpet: Result[] = [];
    const trumpetStatements = await h.statementsDuring(async () => (trumpet = await visitorSearch('trumpet')));
    expect(trumpet.map((result) => result.sale.live_state)).toEqual([null]);
    expect(rowReads(trumpetStatements)).toEqual([]);

    let banjo: Result[] = [];
    const banjoStatements = await h.statementsDuring(async () => (banjo = await visitorSearch('banjo')));
    expect(banjo.map((result) => result.sale)).toEqual([expect.objectContaining({ live_state: 'winding_down', live_state_at: saidAt })]);
    expect(rowReads(banjoStatements).length).toBeGreaterThan(0);
  });
});
