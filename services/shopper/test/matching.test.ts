import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@garage/contracts';
import { ShopperHarness, itemSnapshot, newId, saleSnapshot } from './harness.js';

/**
 * Matching items against saved searches, from the item and sale events (published here onto the
 * real exchange, as the items and sales services would): every filter, stemming, the radius, own
 * items, items becoming visible, and exactly one match (and one notice asked of notifications) per
 * (saved search, item).
 */
let h: ShopperHarness;
const host = newId();
const searcher = newId();

const MILES_PER_DEGREE_LATITUDE = (Math.PI / 180) * 3959;

async function savedSearch(body: Record<string, unknown>, userId = searcher): Promise<number> {
  const response = await h
    .api()
    .post('/api/saved-searches')
    .set('authorization', await h.bearer(userId))
    .send({ name: 'Search', ...body });
  if (response.status !== 201) throw new Error(`saved search: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.id;
}

const alertsOf = (searchId: number) =>
  h
    .query<{ item_id: number }>(`SELECT item_id FROM matches WHERE saved_search_id = $1 ORDER BY item_id`, [searchId])
    .then((rows) => rows.map((row) => row.item_id));

/** A fresh active sale of the host with one item in it; returns the item id. */
async function listed(
  item: Parameters<typeof itemSnapshot>[3] = {},
  sale: Parameters<typeof saleSnapshot>[2] = {},
  owner = host,
): Promise<number> {
  const saleId = newId();
  await h.sale(saleId, owner, sale);
  const itemId = newId();
  await h.item(itemId, owner, saleId, item);
  return itemId;
}

beforeAll(async () => {
  h = await ShopperHarness.launch();
  await h.user(host);
  await h.user(searcher, { premium: true });
});

afterAll(async () => {
  await h?.close();
});

describe('matching rules', () => {
  it('matches the words stemmed like item search, in title, description, brand or category', async () => {
    const lamps = await savedSearch({ q: 'lamps' });
    const oak = await savedSearch({ q: 'oak tables' });
    const brand = await savedSearch({ q: 'kitchenaid' });
    const title = await listed({ title: 'Brass lamp' });
    const description = await listed({ title: 'Reading light', description: 'A small lamp with a green shade' });
    const both = await listed({ title: 'Oak table', description: 'Solid oak, seats six' });
    const byBrand = await listed({ title: 'Stand mixer', brand: 'KitchenAid', category: 'Home & Garden' });
    const unrelated = await listed({ title: 'Mountain bike' });
    expect(await alertsOf(lamps)).toEqual([title, description]);
    expect(await alertsOf(oak)).toEqual([both]);
    expect(await alertsOf(brand)).toEqual([byBrand]);
    expect(await alertsOf(lamps)).not.toContain(unrelated);
  });

  it('needs every word (like the search), and honours a negated word', async () => {
    const chairNotBroken = await savedSearch({ q: 'chair -broken' });
    const good = await listed({ title: 'Rocking chair' });
    await listed({ title: 'Broken chair', description: 'Needs glue' });
    await listed({ title: 'Chairs cushions', description: 'only the cushions' }).then(async (id) => {
      // "chairs" stems to "chair": this one matches too.
      expect(await alertsOf(chairNotBroken)).toContain(id);
    });
    expect(await alertsOf(chairNotBroken)).toContain(good);
    expect(await alertsOf(chairNotBroken)).toHaveLength(2);
  });

  it('finds a search made only of negated words too (no word in common with the item)', async () => {
    const notBroken = await savedSearch({ q: '-broken', category: 'Toys' });
    const fine = await listed({ title: 'Wooden train', category: 'Toys' });
    await listed({ title: 'Broken doll', category: 'Toys' });
    await listed({ title: 'Kite', category: 'Sports' });
    expect(await alertsOf(notBroken)).toEqual([fine]);
  });

  it('filters by category, condition and max price (a price equal to the cap matches)', async () => {
    const category = await savedSearch({ q: 'vase', category: 'Collectibles' });
    const condition = await savedSearch({ q: 'vase', condition: 'like_new' });
    const price = await savedSearch({ q: 'vase', maxPrice: 20 });
    const collectible = await listed({ title: 'Blue vase', category: 'Collectibles', condition: 'fair', price: 30 });
    const likeNew = await listed({ title: 'Glass vase', category: 'Home & Garden', condition: 'like_new', price: 20.01 });
    const cheap = await listed({ title: 'Small vase', category: 'Home & Garden', condition: 'good', price: 20 });
    expect(await alertsOf(category)).toEqual([collectible]);
    expect(await alertsOf(condition)).toEqual([likeNew]);
    expect(await alertsOf(price)).toEqual([cheap]);
  });

  it("filters by radius around the searcher's place (great-circle miles), and ignores sales without a place then", async () => {
    const saleLatitude = 39.8;
    const north = (miles: number) => saleLatitude + miles / MILES_PER_DEGREE_LATITUDE;
    const inside = await savedSearch({ q: 'telescope', latitude: north(10.5), longitude: -89.65, radius: 11 });
    const outside = await savedSearch({ q: 'telescope', latitude: north(10.5), longitude: -89.65, radius: 10 });
    const chicago = await savedSearch({ q: 'telescope', latitude: 41.88, longitude: -87.63, radius: 100 });
    const anywhere = await savedSearch({ q: 'telescope' });
    const item = await listed({ title: 'Telescope' }, { latitude: saleLatitude, longitude: -89.65 });
    const unplaced = await listed({ title: 'Telescope' }, { latitude: null, longitude: null });
    expect(await alertsOf(inside)).toEqual([item]);
    expect(await alertsOf(outside)).toEqual([]);
    expect(await alertsOf(chicago)).toEqual([]);
    expect(await alertsOf(anywhere)).toEqual([item, unplaced]);
  });

  it('never alerts a searcher about their own items', async () => {
    const search = await savedSearch({ q: 'guitar' });
    await listed({ title: 'Acoustic guitar' }, {}, searcher);
    const others = await listed({ title: 'Electric guitar' });
    expect(await alertsOf(search)).toEqual([others]);
  });

  it('alerts only members whose premium is current', async () => {
    const lapsed = newId();
    const user = await h.user(lapsed, { premium: true });
    const search = await savedSearch({ q: 'harmonica' }, lapsed);
    await h.publishAndApply('user.updated', 2, { ...user, premiumExpiresAt: new Date(Date.now() - 60_000).toISOString() });
    await listed({ title: 'Harmonica' });
    expect(await alertsOf(search)).toEqual([]);
  });

  it('catches saved searches up when premium comes back after a lapse; their emails wait for the digest', async () => {
    const member = newId();
    const user = await h.user(member, { premium: true });
    const search = await savedSearch({ q: 'accordion' }, member);
    const whilePremium = await listed({ title: 'Red accordion' });
    await h.publishAndApply('user.updated', 2, { ...user, premiumExpiresAt: new Date(Date.now() - 60_000).toISOString() });
    const duringLapse = await listed({ title: 'Green accordion' });
    await listed({ title: 'Accordion in a cancelled sale' }, { status: 'cancelled' });
    await listed({ title: 'Sold accordion', is_sold: true });
    expect(await alertsOf(search)).toEqual([whilePremium]);

    // A name change while lapsed catches nothing up; the renewal does.
    await h.publishAndApply('user.updated', 3, {
      ...user,
      firstName: 'Renamed',
      premiumExpiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(await alertsOf(search)).toEqual([whilePremium]);
    const renewed = { ...user, premiumExpiresAt: new Date(Date.now() + 365 * 86_400_000).toISOString() };
    await h.publishAndApply('user.premium_activated', 4, renewed);
    expect(await alertsOf(search)).toEqual([whilePremium, duringLapse]);
    const [caughtUp] = await h.query<{ delivery: string }>(`SELECT delivery FROM matches WHERE saved_search_id = $1 AND item_id = $2`, [
      search,
      duringLapse,
    ]);
    expect(caughtUp!.delivery).toBe('digest');
    // …and so is the notice asked of notifications.
    expect((await h.notices(member)).find((notice) => notice.itemId === duringLapse)).toMatchObject({
      kind: 'match',
      key: `match:${search}:${duringLapse}`,
      delivery: 'digest',
    });

    // Later snapshots of a current member catch nothing up again.
    await h.publishAndApply('user.updated', 5, { ...renewed, firstName: 'Again' });
    expect(await h.query(`SELECT id FROM matches WHERE saved_search_id = $1`, [search])).toHaveLength(2);
  });

  it('gives every matching search its own alert', async () => {
    const a = await savedSearch({ q: 'sewing machine' });
    const b = await savedSearch({ q: 'singer' });
    const other = newId();
    await h.user(other, { premium: true });
    const c = await savedSearch({ q: 'sewing' }, other);
    const item = await listed({ title: 'Sewing machine', brand: 'Singer' });
    expect([await alertsOf(a), await alertsOf(b), await alertsOf(c)]).toEqual([[item], [item], [item]]);
  });
});

describe('items becoming visible in search', () => {
  it('ignores standalone, sold and ended items, and items of cancelled sales', async () => {
    const search = await savedSearch({ q: 'accordion' });
    const standalone = newId();
    await h.item(standalone, host, null, { title: 'Accordion' });
    await listed({ title: 'Accordion', is_sold: true });
    await listed({ title: 'Accordion' }, { status: 'cancelled' });
    await listed({ title: 'Accordion' }, { start_date: '2020-05-01', end_date: '2020-05-02', status: 'active' });
    expect(await alertsOf(search)).toEqual([]);
  });

  it('alerts when a standalone item is assigned to an active sale', async () => {
    const search = await savedSearch({ q: 'banjo' });
    const sale = newId();
    await h.sale(sale, host);
    const item = newId();
    const snapshot = await h.item(item, host, null, { title: 'Banjo' });
    expect(await alertsOf(search)).toEqual([]);
    await h.publishAndApply('item.updated', 2, { ...snapshot, garage_sale_id: sale });
    expect(await alertsOf(search)).toEqual([item]);
  });

  it('alerts when the sale of an item turns active, and when a sale arrives after its items', async () => {
    const search = await savedSearch({ q: 'ukulele' });
    const sale = newId();
    const cancelled = await h.sale(sale, host, { status: 'cancelled' });
    const item = newId();
    await h.item(item, host, sale, { title: 'Ukulele' });
    expect(await alertsOf(search)).toEqual([]);
    await h.publishAndApply('sale.updated', 2, { ...cancelled, status: 'active' });
    expect(await alertsOf(search)).toEqual([item]);

    const early = newId();
    const earlyItem = newId();
    await h.item(earlyItem, host, early, { title: 'Ukulele case' });
    expect(await alertsOf(search)).toEqual([item]);
    await h.sale(early, host);
    expect(await alertsOf(search)).toEqual([item, earlyItem]);
  });

  it('does not miss an item whose sale turns active at the same moment (both events handled at once)', async () => {
    const search = await savedSearch({ q: 'xylophone' });
    const expected: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      const sale = newId();
      const draft = await h.sale(sale, host, { status: 'cancelled' });
      const item = newId();
      expected.push(item);
      const events: EventEnvelope[] = [
        {
          id: randomUUID(),
          type: 'item.created',
          occurredAt: new Date().toISOString(),
          version: 1,
          data: itemSnapshot(item, host, sale, { title: 'Xylophone' }),
        },
        { id: randomUUID(), type: 'sale.updated', occurredAt: new Date().toISOString(), version: 2, data: { ...draft, status: 'active' } },
      ];
      if (round % 2 === 1) events.reverse();
      await Promise.all(events.map((event) => h.publish(event.type, event.version, event.data as never, event.id)));
      for (const event of events) await h.applied(event);
    }
    expect(await alertsOf(search)).toEqual(expected);
  });
});

describe('one alert per saved search and item', () => {
  it('applies the same event twice (a redelivery) once', async () => {
    const search = await savedSearch({ q: 'trumpet' });
    const sale = newId();
    await h.sale(sale, host);
    const item = newId();
    const event = await h.publish('item.created', 1, itemSnapshot(item, host, sale, { title: 'Trumpet' }));
    await h.publish(event.type, event.version, event.data, event.id);
    await h.applied(event);
    // Let the copy arrive too (it is dropped by the inbox).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await alertsOf(search)).toEqual([item]);
  });

  it('gives one alert however many different events show the item again', async () => {
    const search = await savedSearch({ q: 'cello' });
    const sale = newId();
    const saleData = await h.sale(sale, host);
    const item = newId();
    const first = await h.item(item, host, sale, { title: 'Cello' });
    await h.publishAndApply('item.updated', 2, { ...first, title: 'Cello with bow', price: 300 });
    await h.publishAndApply('sale.updated', 2, { ...saleData, title: 'Renamed sale' });
    // The same item published again as a new message with a new version (e.g. the producer's outbox resent it differently).
    await h.publishAndApply('item.updated', 3, { ...first, title: 'Cello' });
    expect(await alertsOf(search)).toEqual([item]);
    const [match] = await h.query(`SELECT count(*)::int AS n FROM matches WHERE item_id = $1`, [item]);
    expect(match!.n).toBe(1);
    expect((await h.notices(searcher)).filter((notice) => notice.itemId === item)).toHaveLength(1);
  });

  it('ignores a stale item snapshot that arrives after a newer one', async () => {
    const search = await savedSearch({ q: 'oboe' });
    const sale = newId();
    await h.sale(sale, host);
    const item = newId();
    await h.publishAndApply('item.created', 1, itemSnapshot(item, host, null, { title: 'Oboe' }));
    await h.publishAndApply('item.updated', 3, itemSnapshot(item, host, null, { title: 'Oboe', is_sold: true }));
    await h.publishAndApply('item.updated', 2, itemSnapshot(item, host, sale, { title: 'Oboe' }));
    expect(await alertsOf(search)).toEqual([]);
    const [row] = await h.query(`SELECT version, is_sold FROM items WHERE id = $1`, [item]);
    expect(row).toEqual({ version: 3, is_sold: true });
  });
});
