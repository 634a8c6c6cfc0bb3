import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { markedDownCents, type ItemSnapshot } from '@garage/contracts';
import { ItemsHarness, newId } from './harness.js';

let h: ItemsHarness;
const host = newId();
const shopper = newId();

type Updated = { type: 'item.updated'; data: ItemSnapshot & { cause?: { markdownId: number } } };
const updatesOf = (markdownId: number) =>
  (h.events as unknown as Updated[]).filter((e) => e.type === 'item.updated' && e.data.cause?.markdownId === markdownId);
const item = async (id: number) =>
  (
    await h
      .api()
      .get(`/api/items/${id}`)
      .set('authorization', await h.bearer(shopper))
      .expect(200)
  ).body;

beforeAll(async () => {
  h = await ItemsHarness.launch();
  await h.user(host);
  await h.user(shopper);
});

afterAll(async () => {
  await h?.close();
});

describe('a markdown applied by the sales service', () => {
  it('cuts the unreserved, unsold items of the sale once, keeping the old price to strike through', async () => {
    const saleId = newId();
    await h.sale(saleId, host);
    const free = await h.createItem(host, { garageSaleId: saleId, price: 25 });
    const odd = await h.createItem(host, { garageSaleId: saleId, price: 0.99, originalPrice: 40 });
    const reserved = await h.createItem(host, { garageSaleId: saleId, price: 30 });
    const sold = await h.createItem(host, { garageSaleId: saleId, price: 30 });
    for (const [held, flag] of [
      [reserved, { isReserved: true }],
      [sold, { isSold: true }],
    ] as const) {
      const form = { title: 'Oak side table', category: 'Furniture', price: 30, condition: 'good', garageSaleId: saleId, ...flag };
      await h
        .api()
        .put(`/api/items/${held.id}`)
        .set('authorization', await h.bearer(host))
        .send(form)
        .expect(200);
    }
    const elsewhere = await h.createItem(host, { price: 30 });

    const markdownId = newId();
    const data = { markdownId, saleId, percentOff: 50, startsAt: '2026-11-01T13:00', hostId: host };
    const id = randomUUID();
    // The broker redelivers the message, and a second copy of the event arrives under another id.
    await h.publishAndApply('markdown.applied', 1, data);
    const again = await h.publish('markdown.applied', 1, data, id);
    await h.applied(again);
    await h.applied(await h.publish('markdown.applied', 1, data, id));
    await h.applied(await h.publish('markdown.applied', 1, data));

    expect(await item(free.id)).toMatchObject({ price: 12.5, original_price: 25 });
    // To the cent: half of 99 cents is 49.5, rounded up.
    expect(await item(odd.id)).toMatchObject({ price: markedDownCents(99, 50) / 100, original_price: 40 });
    expect(markedDownCents(99, 50)).toBe(50);
    expect(await item(reserved.id)).toMatchObject({ price: 30, original_price: null });
    expect(await item(sold.id)).toMatchObject({ price: 30 });
    expect(await item(elsewhere.id)).toMatchObject({ price: 30 });

    const updates = updatesOf(markdownId);
    expect(updates.map((e) => e.data.id).sort()).toEqual([free.id, odd.id].sort());
    expect(updates.find((e) => e.data.id === free.id)!.data).toMatchObject({ price: 12.5, original_price: 25, garage_sale_id: saleId });
  });

  it('cuts the host’s floor and auto-accept price in the same proportion, so offers stay possible', async () => {
    const saleId = newId();
    await h.sale(saleId, host);
    const lamp = await h.createItem(host, { garageSaleId: saleId, price: 40, minOfferPrice: 30, autoAcceptPrice: 36 });
    const plain = await h.createItem(host, { garageSaleId: saleId, price: 40 });
    await h.publishAndApply('markdown.applied', 1, {
      markdownId: newId(),
      saleId,
      percentOff: 50,
      startsAt: '2026-11-01T13:00',
      hostId: host,
    });
    const owners = async (id: number) =>
      (
        await h
          .api()
          .get(`/api/items/${id}`)
          .set('authorization', await h.bearer(host))
          .expect(200)
      ).body;
    expect(await owners(lamp.id)).toMatchObject({ price: 20, min_offer_price: 15, auto_accept_price: 18 });
    expect(await owners(plain.id)).toMatchObject({ price: 20, min_offer_price: null, auto_accept_price: null });
  });

  it('cuts from the host’s price, not from an earlier cut, and a host’s new price is the new base', async () => {
    const saleId = newId();
    await h.sale(saleId, host);
    const table = await h.createItem(host, { garageSaleId: saleId, price: 40 });
    const markdown = (percentOff: number) => ({ markdownId: newId(), saleId, percentOff, startsAt: '2026-11-01T13:00', hostId: host });

    await h.publishAndApply('markdown.applied', 1, markdown(25));
    expect(await item(table.id)).toMatchObject({ price: 30, original_price: 40 });
    await h.publishAndApply('markdown.applied', 1, markdown(50));
    expect(await item(table.id)).toMatchObject({ price: 20, original_price: 40 });
    // A smaller cut than the one in force changes nothing and announces nothing.
    const smaller = markdown(10);
    await h.publishAndApply('markdown.applied', 1, smaller);
    expect(await item(table.id)).toMatchObject({ price: 20 });
    expect(updatesOf(smaller.markdownId)).toHaveLength(0);

    await h
      .api()
      .put(`/api/items/${table.id}`)
      .set('authorization', await h.bearer(host))
      .send({ title: 'Oak side table', category: 'Furniture', price: 16, condition: 'good', garageSaleId: saleId })
      .expect(200);
    await h.publishAndApply('markdown.applied', 1, markdown(50));
    expect(await item(table.id)).toMatchObject({ price: 8 });
  });

  it('leaves other hosts’ items alone even if the event names their sale', async () => {
    const saleId = newId();
    await h.sale(saleId, host);
    const mine = await h.createItem(host, { garageSaleId: saleId, price: 10 });
    await h.publishAndApply('markdown.applied', 1, {
      markdownId: newId(),
      saleId,
      percentOff: 50,
      startsAt: '2026-11-01T13:00',
      hostId: shopper,
    });
    expect(await item(mine.id)).toMatchObject({ price: 10 });
  });
});
