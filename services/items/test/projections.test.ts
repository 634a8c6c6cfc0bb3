import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { AnyEvent } from '@garage/contracts';
import { Inbox } from '@garage/event-bus';
import { waitFor } from '@garage/testing';
import { ItemsHarness, newId, saleSnapshot } from './harness.js';

let h: ItemsHarness;
let inbox: Inbox;
const host = newId();

/** Applies an event through the service's inbox and handlers, as a delivery from the broker would. */
async function deliver(event: AnyEvent): Promise<boolean[]> {
  const handlers = h.service.consumers.filter((handler) => handler.events.includes(event.type));
  return Promise.all(handlers.map((handler) => inbox.apply(handler, event)));
}
const envelope = <T extends AnyEvent['type']>(type: T, version: number, data: Extract<AnyEvent, { type: T }>['data'], id = randomUUID()) =>
  ({ id, type, occurredAt: new Date().toISOString(), version, data }) as AnyEvent;

const saleRow = async (id: number) => (await h.query(`SELECT title, status, version, deleted FROM sales WHERE id = $1`, [id]))[0];
const itemRow = async (id: number) =>
  (
    await h.query(
      `SELECT garage_sale_id, sale_active, sale_latitude, sale_end_date::text AS sale_end_date, version FROM items WHERE id = $1`,
      [id],
    )
  )[0];

beforeAll(async () => {
  h = await ItemsHarness.launch();
  inbox = new Inbox(h.service.dataSource);
  await h.user(host);
});

afterAll(async () => {
  await h?.close();
});

describe('sales projection', () => {
  it("follows sale.created and sale.updated from the broker and copies place, dates and status onto the sale's items", async () => {
    const sale = newId();
    await h.sale(sale, host, { title: 'First title' });
    const item = await h.createItem(host, { garageSaleId: sale });
    expect(await itemRow(item.id)).toMatchObject({ sale_active: true, sale_latitude: 39.8, sale_end_date: '2099-05-04' });

    await h.sale(sale, host, { title: 'Second title', status: 'cancelled', latitude: 40.1, end_date: '2099-05-05' }, 2);
    expect(await saleRow(sale)).toMatchObject({ title: 'Second title', status: 'cancelled', version: 2 });
    expect(await itemRow(item.id)).toMatchObject({ sale_active: false, sale_latitude: 40.1, sale_end_date: '2099-05-05', version: 1 });
    expect((await h.api().get(`/api/items/${item.id}`).expect(200)).body.sale_title).toBe('Second title');
  });

  it('applies a redelivered message once: the same message id with other data changes nothing', async () => {
    const sale = newId();
    const first = envelope('sale.created', 1, saleSnapshot(sale, host, { title: 'Original' }));
    expect(await deliver(first)).toEqual([true]);
    const duplicate = { ...first, version: 2, data: saleSnapshot(sale, host, { title: 'Tampered' }) } as AnyEvent;
    expect(await deliver(duplicate)).toEqual([false]);
    expect(await saleRow(sale)).toMatchObject({ title: 'Original', version: 1 });
  });

  it('ignores a stale snapshot that arrives after a newer one', async () => {
    const sale = newId();
    await deliver(envelope('sale.created', 1, saleSnapshot(sale, host, { title: 'v1' })));
    await deliver(envelope('sale.updated', 3, saleSnapshot(sale, host, { title: 'v3' })));
    await deliver(envelope('sale.updated', 2, saleSnapshot(sale, host, { title: 'v2', status: 'cancelled' })));
    expect(await saleRow(sale)).toMatchObject({ title: 'v3', status: 'active', version: 3 });
  });

  it('frees the items of a deleted sale, publishes item.updated for each, and keeps a tombstone against late updates', async () => {
    const sale = newId();
    await h.sale(sale, host, { title: 'Doomed' });
    const a = await h.createItem(host, { garageSaleId: sale, title: 'Clock' });
    const b = await h.createItem(host, { garageSaleId: sale, title: 'Vase' });
    const untouched = await h.createItem(host, { title: 'Standalone' });

    await h.publishAndApply('sale.deleted', 2, { id: sale, user_id: host });
    expect(await saleRow(sale)).toMatchObject({ deleted: true, version: 2 });
    for (const item of [a, b]) {
      expect(await itemRow(item.id)).toMatchObject({ garage_sale_id: null, sale_active: false, version: 2 });
      const event = await waitFor(
        () => h.events.find((e) => e.type === 'item.updated' && e.data.id === item.id),
        5000,
        `item.updated ${item.id}`,
      );
      expect(event.version).toBe(2);
      expect(event.data.garage_sale_id).toBeNull();
    }
    expect(await itemRow(untouched.id)).toMatchObject({ version: 1 });
    const body = (await h.api().get(`/api/items/${a.id}`).expect(200)).body;
    expect(body).toMatchObject({ garage_sale_id: null, sale: null, sale_title: null });

    // A late update, even with a higher version, does not bring the sale back.
    await deliver(envelope('sale.updated', 5, saleSnapshot(sale, host, { title: 'Resurrected' })));
    expect(await saleRow(sale)).toMatchObject({ deleted: true });
    await h
      .api()
      .post('/api/items')
      .set('authorization', await h.bearer(host))
      .send({ title: 'X', category: 'Other', price: 1, garageSaleId: sale })
      .expect(403);
    // Deleting it again changes nothing and announces nothing new.
    expect(await deliver(envelope('sale.deleted', 6, { id: sale, user_id: host }))).toEqual([true]);
    expect(await itemRow(a.id)).toMatchObject({ version: 2 });
  });

  it("puts the items listed with a new sale (item_ids in sale.created) into it: only its host's, each announced once", async () => {
    const stranger = newId();
    await h.user(stranger);
    const [first, second] = [await h.createItem(host), await h.createItem(host)];
    const theirs = await h.createItem(stranger);
    const sale = newId();
    const event = await h.publish('sale.created', 1, { ...saleSnapshot(sale, host), item_ids: [first.id, second.id, theirs.id, 987654] });
    await h.applied(event);
    expect((await itemRow(first.id)).garage_sale_id).toBe(sale);
    expect((await itemRow(second.id)).garage_sale_id).toBe(sale);
    expect((await itemRow(first.id)).sale_active).toBe(true);
    expect((await itemRow(theirs.id)).garage_sale_id).toBeNull();
    const announced = await waitFor(() => {
      const seen = h.events.filter((e) => e.type === 'item.updated' && e.data.garage_sale_id === sale);
      return seen.length >= 2 ? seen : undefined;
    });
    expect(announced.map((e) => e.data.id).sort()).toEqual([first.id, second.id].sort());
    // The projection keeps the sale, not the list.
    expect(await saleRow(sale)).toMatchObject({ version: 1, deleted: false });
    // Redelivered: nothing moves or is announced again.
    expect(await deliver({ ...event } as AnyEvent)).toEqual([false]);
  });

  it('moves nothing into a sale already deleted when its sale.created arrives late', async () => {
    const item = await h.createItem(host);
    const sale = newId();
    await deliver(envelope('sale.deleted', 2, { id: sale, user_id: host }));
    await deliver(envelope('sale.created', 1, { ...saleSnapshot(sale, host), item_ids: [item.id] }));
    expect((await itemRow(item.id)).garage_sale_id).toBeNull();
  });

  it('keeps a tombstone for a sale deleted before it was ever seen', async () => {
    const sale = newId();
    await deliver(envelope('sale.deleted', 2, { id: sale, user_id: host }));
    await deliver(envelope('sale.created', 1, saleSnapshot(sale, host)));
    expect(await saleRow(sale)).toMatchObject({ deleted: true });
  });
});

describe('users projection', () => {
  it('keeps the newest snapshot of a seller and ignores duplicates and stale ones', async () => {
    const id = newId();
    const user = { id, firstName: 'Ann', lastName: 'Smith', phone: null, rating: 3, ratingCount: 1, premiumExpiresAt: null };
    const registered = envelope('user.registered', 1, user);
    expect(await deliver(registered)).toEqual([true]);
    expect(await deliver(registered)).toEqual([false]);
    await deliver(envelope('user.updated', 3, { ...user, firstName: 'Annie' }));
    await deliver(envelope('user.updated', 2, { ...user, firstName: 'Stale' }));
    const [row] = await h.query(`SELECT first_name, version FROM users WHERE id = $1`, [id]);
    expect(row).toEqual({ first_name: 'Annie', version: 3 });
  });
});
