import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NoticeRequested } from '@garage/contracts';
import { ShopperHarness, newId } from './harness.js';

/**
 * A host lowers an item's price: the members who saved the item, saved its sale, or have the sale
 * in a route plan for a coming day are told once per drop (issue 39); nobody else, not the host,
 * and nothing for a raise, a redelivered event or a sold item.
 */
let h: ShopperHarness;
const host = newId();
const [itemSaver, saleSaver, planner, stranger] = [newId(), newId(), newId(), newId()];
const sale = newId();
const item = newId();

const drops = async (userId: number): Promise<NoticeRequested[]> =>
  (await h.notices(userId)).filter((notice) => notice.kind === 'price_drop');

beforeAll(async () => {
  h = await ShopperHarness.launch();
  for (const id of [host, itemSaver, saleSaver, stranger]) await h.user(id);
  await h.user(planner, { premium: true });
  await h.sale(sale, host, { title: 'Maple Street Sale' });
  await h.item(item, host, sale, { title: 'Brass lamp', price: 40 });
  const as = async (userId: number) => ({ authorization: await h.bearer(userId) });
  await h
    .api()
    .post(`/api/favorites/items/${item}`)
    .set(await as(itemSaver))
    .expect(201);
  await h
    .api()
    .post(`/api/favorites/sales/${sale}`)
    .set(await as(saleSaver))
    .expect(201);
  await h
    .api()
    .post(`/api/favorites/items/${item}`)
    .set(await as(host))
    .expect(201);
  await h
    .api()
    .post('/api/route-plans')
    .set(await as(planner))
    .send({ date: '2099-05-02', startTime: '08:00', start: { latitude: 39.78, longitude: -89.65 }, saleIds: [sale], minutesPerStop: 30 })
    .expect(201);
});

afterAll(async () => {
  await h?.close();
});

describe('price drops', () => {
  it('tells who saved the item or its sale or plans to visit it, once per drop, with the old and new price', async () => {
    await h.item(item, host, sale, { title: 'Brass lamp', price: 30 }, 2);
    for (const userId of [itemSaver, saleSaver, planner]) {
      const notices = await drops(userId);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        kind: 'price_drop',
        key: `item:${item}:price:3000`,
        title: 'Price drop: Brass lamp',
        message: '"Brass lamp" at "Maple Street Sale" is now $30.00 (was $40.00).',
        itemId: item,
        saleId: sale,
        delivery: 'instant',
        data: { priceCents: 3000, previousPriceCents: 4000 },
      });
    }
    expect(await drops(stranger)).toEqual([]);
    expect(await drops(host)).toEqual([]); // the host saved their own item: not told of their own change
  });

  it('tells nobody again for a redelivered event, a raise, or another change at the same price', async () => {
    await h.item(item, host, sale, { title: 'Brass lamp', price: 30 }, 2); // the same event again
    await h.item(item, host, sale, { title: 'Brass lamp', price: 35 }, 3); // raised
    await h.item(item, host, sale, { title: 'Brass lamp (works)', price: 35 }, 4); // edited, same price
    expect(await drops(itemSaver)).toHaveLength(1);
  });

  it('a later, lower price is a new drop, under its own key', async () => {
    await h.item(item, host, sale, { title: 'Brass lamp', price: 20 }, 5);
    expect((await drops(itemSaver)).map((notice) => notice.key)).toEqual([`item:${item}:price:3000`, `item:${item}:price:2000`]);
  });

  it('tells nobody of a sold item’s price', async () => {
    const sold = newId();
    await h.item(sold, host, sale, { title: 'Oak chair', price: 50 });
    await h
      .api()
      .post(`/api/favorites/items/${sold}`)
      .set({ authorization: await h.bearer(stranger) })
      .expect(201);
    await h.item(sold, host, sale, { title: 'Oak chair', price: 10, is_sold: true }, 2);
    expect((await drops(stranger)).filter((notice) => notice.itemId === sold)).toEqual([]);
  });
});
