import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { NoticeRequested } from '@garage/contracts';
import { itemSnapshot } from '@garage/testing';
import { ShopperHarness, newId } from './harness.js';

/**
 * A sale-wide markdown (issue 39): everyone a price drop of its items would reach is told once per
 * markdown, not once per item, and the items' own `item.updated` events (which name the markdown)
 * tell nobody; the host, strangers and the saver of a sold item hear nothing.
 */
let h: ShopperHarness;
const host = newId();
const [itemSaver, saleSaver, planner, stranger, soldSaver] = [newId(), newId(), newId(), newId(), newId()];
const sale = newId();
const [lamp, chair, sold] = [newId(), newId(), newId()];

const drops = async (userId: number): Promise<NoticeRequested[]> =>
  (await h.notices(userId)).filter((notice) => notice.kind === 'price_drop');

beforeAll(async () => {
  h = await ShopperHarness.launch();
  for (const id of [host, itemSaver, saleSaver, stranger, soldSaver]) await h.user(id);
  await h.user(planner, { premium: true });
  await h.sale(sale, host, { title: 'Maple Street Sale' });
  await h.item(lamp, host, sale, { title: 'Brass lamp', price: 40 });
  await h.item(chair, host, sale, { title: 'Oak chair', price: 20 });
  await h.item(sold, host, sale, { title: 'Old radio', price: 20, is_sold: true });
  const save = async (userId: number, path: string) =>
    h
      .api()
      .post(path)
      .set({ authorization: await h.bearer(userId) })
      .expect(201);
  await save(itemSaver, `/api/favorites/items/${lamp}`);
  await save(itemSaver, `/api/favorites/items/${chair}`);
  await save(saleSaver, `/api/favorites/sales/${sale}`);
  await save(host, `/api/favorites/sales/${sale}`);
  await save(soldSaver, `/api/favorites/items/${sold}`);
  await h
    .api()
    .post('/api/route-plans')
    .set({ authorization: await h.bearer(planner) })
    .send({ date: '2099-05-02', startTime: '08:00', start: { latitude: 39.78, longitude: -89.65 }, saleIds: [sale], minutesPerStop: 30 })
    .expect(201);
});

afterAll(async () => {
  await h?.close();
});

describe('markdown notices', () => {
  it('tells each member once per markdown, however many of its items were cut', async () => {
    const markdownId = newId();
    const data = { markdownId, saleId: sale, percentOff: 50, startsAt: '2099-05-03T13:00', hostId: host };
    const id = randomUUID();
    await h.applied(await h.publish('markdown.applied', 1, data, id));
    await h.applied(await h.publish('markdown.applied', 1, data, id)); // redelivered
    // The items service's cuts, each naming the markdown: no per-item notice.
    const cut = (id: number, title: string, price: number, was: number) =>
      h.publishAndApply('item.updated', 2, {
        ...itemSnapshot(id, host, sale, { title, price, original_price: was }),
        cause: { markdownId },
      });
    await cut(lamp, 'Brass lamp', 20, 40);
    await cut(chair, 'Oak chair', 10, 20);
    expect(await h.query(`SELECT price_cents FROM items WHERE id = $1`, [lamp])).toEqual([{ price_cents: 2000 }]);

    for (const userId of [itemSaver, saleSaver, planner]) {
      expect(await drops(userId)).toEqual([
        {
          userId,
          kind: 'price_drop',
          key: `markdown:${markdownId}`,
          title: 'Markdown: Maple Street Sale',
          message: 'Everything not reserved or sold at "Maple Street Sale" is now half price.',
          savedSearchId: null,
          itemId: null,
          saleId: sale,
          data: { markdownId, percentOff: 50, startsAt: '2099-05-03T13:00' },
          delivery: 'instant',
        },
      ]);
    }
    expect(await drops(stranger)).toEqual([]);
    expect(await drops(host)).toEqual([]);
    expect(await drops(soldSaver)).toEqual([]);
  });
});
