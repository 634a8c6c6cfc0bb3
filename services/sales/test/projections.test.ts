import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { AnyEvent, ItemSnapshot } from '@garage/contracts';
import { authService } from '@garage/auth';
import { Inbox } from '@garage/event-bus';
import { startService, type RunningService } from '@garage/service-kit';
import { serviceQueueReady, serviceTestEnv, testBus, testTokens, waitFor, type ServiceTestEnv } from '@garage/testing';
import { salesService } from '../src/index.js';
import { saleForm, userSnapshot } from './harness.js';

const HOST = 501;
let testEnv: ServiceTestEnv;
let sales: RunningService<unknown>;
let auth: RunningService<unknown>;
let bus: Awaited<ReturnType<typeof testBus>>;
let token: string;
const api = () => request(sales.url);
/** A consumer of the sales service as the inbox runs it, to apply a message straight through the inbox. */
const consumer = (id: string) => sales.consumers.find((handler) => handler.id === id)!;
const bearer = (value = token) => ({ authorization: `Bearer ${value}` });

const saleOf = async (id: number) => (await api().get(`/api/sales/${id}`).set(bearer()).expect(200)).body;
const itemCount = async (id: number) => (await saleOf(id)).item_count as number;
/** Resolves once the handler has recorded the message (applied or found stale). */
const applied = (handler: string, messageId: string) =>
  waitFor(
    async () =>
      (await sales.dataSource.query(`SELECT 1 FROM inbox WHERE handler = $1 AND message_id = $2`, [handler, messageId])).length === 1,
    5000,
    `message ${messageId}`,
  );

function item(id: number, saleId: number | null): ItemSnapshot {
  return {
    id,
    user_id: HOST,
    garage_sale_id: saleId,
    title: `Item ${id}`,
    description: null,
    category: 'Books',
    price: 5,
    original_price: null,
    condition: 'good',
    brand: null,
    image_urls: [],
    is_reserved: false,
    is_sold: false,
  };
}

beforeAll(async () => {
  testEnv = await serviceTestEnv();
  sales = await startService(salesService, { env: testEnv.env });
  // Auth shares the environment: the same exchange, and the development keys in DATA_DIR.
  auth = await startService(authService, { env: testEnv.env });
  bus = await testBus(testEnv.env, { listen: ['sale.*'] });
  token = await (await testTokens(testEnv.env.DATA_DIR!))(HOST);
  await serviceQueueReady(testEnv.env, 'sales');
});

afterAll(async () => {
  await bus?.close();
  await auth?.close();
  await sales?.close();
  await testEnv?.cleanup();
});

describe('the user projection', () => {
  let saleId: number;
  let renamedId: string;

  it("shows a seller's rename on their sales", async () => {
    await bus.publish('user.registered', 1, userSnapshot(HOST, { firstName: 'Ada', lastName: 'Lovelace', phone: null, rating: 0 }));
    await waitFor(async () => (await sales.dataSource.query(`SELECT 1 FROM users WHERE id = $1`, [HOST])).length === 1);
    saleId = (await api().post('/api/sales').set(bearer()).send(saleForm()).expect(201)).body.id;
    expect(await saleOf(saleId)).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', phone: null, rating: 0 });

    renamedId = (
      await bus.publish('user.updated', 2, userSnapshot(HOST, { firstName: 'Augusta', lastName: 'King', phone: '555-0199', rating: 4.2 }))
    ).id;
    await waitFor(async () => (await saleOf(saleId)).first_name === 'Augusta', 5000, 'the rename');
    expect(await saleOf(saleId)).toMatchObject({ first_name: 'Augusta', last_name: 'King', phone: '555-0199', rating: 4.2 });
    const listed = (await api().get('/api/sales').set(bearer()).expect(200)).body.find((sale: { id: number }) => sale.id === saleId);
    expect(listed.first_name).toBe('Augusta');
    const mine = (await api().get('/api/sales/my-sales').set(bearer()).expect(200)).body;
    expect(mine[0].last_name).toBe('King');
  });

  it('ignores a stale snapshot (a lower version arriving late)', async () => {
    const stale = await bus.publish('user.updated', 1, userSnapshot(HOST, { firstName: 'Stale' }));
    await applied('sales.user-projection', stale.id);
    expect((await saleOf(saleId)).first_name).toBe('Augusta');
  });

  it('applies a message once: a duplicate id changes nothing, even with other content', async () => {
    const inbox = sales.app.get(Inbox);
    const handler = consumer('sales.user-projection');
    const event = (version: number, firstName: string) =>
      ({
        id: renamedId,
        type: 'user.updated',
        occurredAt: new Date().toISOString(),
        version,
        data: userSnapshot(HOST, { firstName }),
      }) as AnyEvent;
    // The message that renamed the seller to Augusta, delivered again with a newer-looking body.
    expect(await inbox.apply(handler, event(9, 'Duplicate'))).toBe(false);
    expect((await saleOf(saleId)).first_name).toBe('Augusta');
    // Through the broker as well: the redelivery is recorded once and does not apply.
    await bus.publish('user.updated', 10, userSnapshot(HOST, { firstName: 'Redelivered' }), renamedId);
    const fresh = await bus.publish(
      'user.updated',
      3,
      userSnapshot(HOST, { firstName: 'Augusta', lastName: 'King', phone: '555-0199', rating: 4.2 }),
    );
    await applied('sales.user-projection', fresh.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await saleOf(saleId)).first_name).toBe('Augusta');
  });
});

describe('the item count projection', () => {
  let saleA: number;
  let saleB: number;
  beforeAll(async () => {
    saleA = (
      await api()
        .post('/api/sales')
        .set(bearer())
        .send(saleForm({ title: 'A' }))
        .expect(201)
    ).body.id;
    saleB = (
      await api()
        .post('/api/sales')
        .set(bearer())
        .send(saleForm({ title: 'B' }))
        .expect(201)
    ).body.id;
  });

  it('counts the items of each sale from item.created, and ignores standalone items', async () => {
    await bus.publish('item.created', 1, item(1, saleA));
    await bus.publish('item.created', 1, item(2, saleA));
    const standalone = await bus.publish('item.created', 1, item(3, null));
    await waitFor(async () => (await itemCount(saleA)) === 2, 5000, 'two items in A');
    await applied('sales.item-count-projection', standalone.id);
    expect(await itemCount(saleB)).toBe(0);
    const visitor = (await api().get(`/api/sales/${saleA}`).expect(200)).body;
    expect(visitor.item_count).toBe(2);
  });

  it('moves the count with an item that changes sales, and ignores a stale move back', async () => {
    await bus.publish('item.updated', 2, item(1, saleB));
    await waitFor(async () => (await itemCount(saleB)) === 1, 5000, 'the move');
    expect(await itemCount(saleA)).toBe(1);
    const stale = await bus.publish('item.updated', 1, item(1, saleA));
    await applied('sales.item-count-projection', stale.id);
    expect([await itemCount(saleA), await itemCount(saleB)]).toEqual([1, 1]);
  });

  it('drops a deleted item and keeps it dropped when an older update arrives after the deletion', async () => {
    await bus.publish('item.deleted', 3, { id: 2, user_id: HOST, garage_sale_id: saleA, image_urls: [] });
    await waitFor(async () => (await itemCount(saleA)) === 0, 5000, 'the deletion');
    const late = await bus.publish('item.updated', 2, item(2, saleA));
    await applied('sales.item-count-projection', late.id);
    expect(await itemCount(saleA)).toBe(0);
    // A deletion that overtakes the creation: the creation arrives last and changes nothing.
    const deleted = await bus.publish('item.deleted', 2, { id: 7, user_id: HOST, garage_sale_id: saleA, image_urls: [] });
    await applied('sales.item-count-projection', deleted.id);
    const created = await bus.publish('item.created', 1, item(7, saleA));
    await applied('sales.item-count-projection', created.id);
    expect(await itemCount(saleA)).toBe(0);
  });

  it('applies a duplicated item message once', async () => {
    const inbox = sales.app.get(Inbox);
    const handler = consumer('sales.item-count-projection');
    const id = randomUUID();
    const event = (itemId: number) =>
      ({ id, type: 'item.created', occurredAt: new Date().toISOString(), version: 1, data: item(itemId, saleA) }) as AnyEvent;
    expect(await inbox.apply(handler, event(8))).toBe(true);
    expect(await itemCount(saleA)).toBe(1);
    expect(await inbox.apply(handler, event(9))).toBe(false);
    expect(await itemCount(saleA)).toBe(1);
  });
});

describe('the sale photos projection', () => {
  it("lists the main photos of up to four of a sale's unsold items, following moves, sales and deletions", async () => {
    const sale = (
      await api()
        .post('/api/sales')
        .set(bearer())
        .send(saleForm({ title: 'Photos' }))
        .expect(201)
    ).body.id as number;
    const photoUrls = async () =>
      (await api().get('/api/sales').expect(200)).body.find((found: { id: number }) => found.id === sale)?.photo_urls;
    expect(await photoUrls()).toEqual([]);

    const withPhotos = (id: number, urls: string[], saleId: number | null = sale) => ({ ...item(id, saleId), image_urls: urls });
    await bus.publish('item.created', 1, withPhotos(101, ['/api/images/101-main.jpg', '/api/images/101-side.jpg']));
    await bus.publish('item.created', 1, withPhotos(102, []));
    for (const id of [103, 104, 105, 106]) await bus.publish('item.created', 1, withPhotos(id, [`/api/images/${id}.jpg`]));
    await waitFor(async () => (await itemCount(sale)) === 6, 5000, 'six items');
    // Only main photos, items without one skipped, four at most, oldest item first; visitors see them too.
    expect(await photoUrls()).toEqual(['/api/images/101-main.jpg', '/api/images/103.jpg', '/api/images/104.jpg', '/api/images/105.jpg']);
    expect((await saleOf(sale)).photo_urls).toEqual([
      '/api/images/101-main.jpg',
      '/api/images/103.jpg',
      '/api/images/104.jpg',
      '/api/images/105.jpg',
    ]);

    await bus.publish('item.updated', 2, { ...withPhotos(101, ['/api/images/101-main.jpg']), is_sold: true });
    await bus.publish('item.deleted', 2, { id: 103, user_id: HOST, garage_sale_id: sale, image_urls: ['/api/images/103.jpg'] });
    await bus.publish('item.updated', 2, withPhotos(104, ['/api/images/104.jpg'], null));
    await bus.publish('item.updated', 2, withPhotos(105, ['/api/images/105-new.jpg']));
    await waitFor(
      async () => JSON.stringify(await photoUrls()) === JSON.stringify(['/api/images/105-new.jpg', '/api/images/106.jpg']),
      5000,
      'photos after a sale, a deletion, a move and a new main photo',
    );
  });
});

describe('with the auth service (stack topology)', () => {
  it("shows a seller's profile change on their sales within a second", async () => {
    const registered = await request(auth.url)
      .post('/api/auth/register')
      .set('x-forwarded-for', '10.9.0.1')
      .send({ firstName: 'Grace', lastName: 'Hopper', email: `grace.${randomUUID()}@example.com`, password: 'compiler', phone: '555-0142' })
      .expect(201);
    const sellerToken: string = registered.body.token;
    const sellerId: number = registered.body.user.id;
    await waitFor(
      async () => (await sales.dataSource.query(`SELECT 1 FROM users WHERE id = $1`, [sellerId])).length === 1,
      5000,
      'user.registered',
    );
    const sale = (await api().post('/api/sales').set(bearer(sellerToken)).send(saleForm()).expect(201)).body;
    expect(sale).toMatchObject({ user_id: sellerId, first_name: 'Grace', last_name: 'Hopper', phone: '555-0142' });

    await request(auth.url)
      .put('/api/users/me')
      .set(bearer(sellerToken))
      .send({ firstName: 'Amazing', lastName: 'Grace', phone: '' })
      .expect(200);
    const changed = Date.now();
    await waitFor(async () => (await saleOf(sale.id)).first_name === 'Amazing', 1000, 'the profile change on the sale');
    expect(Date.now() - changed).toBeLessThan(1000);
    expect(await saleOf(sale.id)).toMatchObject({ first_name: 'Amazing', last_name: 'Grace', phone: null });
    const visitor = (await api().get(`/api/sales/${sale.id}`).expect(200)).body;
    expect([visitor.first_name, visitor.last_name, visitor.phone]).toEqual([null, null, null]);
  });
});
