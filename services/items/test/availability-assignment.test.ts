import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { availabilityItemSchema } from '@garage/contracts';
import { UNAVAILABLE } from '@garage/service-kit';
import { waitFor } from '@garage/testing';
import { ItemsHarness, newId } from './harness.js';

let h: ItemsHarness;

beforeAll(async () => {
  h = await ItemsHarness.launch();
});

afterAll(async () => {
  await h?.close();
});

describe('POST /api/items/availability', () => {
  const host = newId();
  const existing = newId();
  const cancelled = newId();
  let inExisting: number;
  let inCancelled: number;
  let free: number;
  const window = {
    startDate: '2099-05-04',
    endDate: '2099-05-04',
    startTime: '10:00',
    endTime: '14:00',
    address: '1 Elm Rd',
    city: 'Springfield',
    state: 'IL',
  };
  const check = async (body: Record<string, unknown>) =>
    (
      await h
        .api()
        .post('/api/items/availability')
        .set('authorization', await h.bearer(host))
        .send(body)
        .expect(200)
    ).body as Array<{
      id: number;
      is_available: boolean;
      conflict_reason: string | null;
    }>;
  const of = (items: Array<{ id: number; is_available: boolean; conflict_reason: string | null }>, id: number) =>
    items.find((item) => item.id === id)!;

  beforeAll(async () => {
    await h.user(host);
    await h.sale(existing, host, {
      title: 'Spring Clean-out',
      address: '12 Oak St',
      start_date: '2099-05-03',
      end_date: '2099-05-04',
      start_time: '08:00',
      end_time: '12:00',
    });
    await h.sale(cancelled, host, {
      status: 'cancelled',
      start_date: '2099-05-04',
      end_date: '2099-05-04',
      start_time: '08:00',
      end_time: '16:00',
    });
    inExisting = (await h.createItem(host, { garageSaleId: existing, title: 'Lamp' })).id;
    inCancelled = (await h.createItem(host, { garageSaleId: cancelled, title: 'Rug' })).id;
    free = (await h.createItem(host, { title: 'Chair' })).id;
    const sold = await h.createItem(host, { title: 'Sold thing' });
    await h
      .api()
      .put(`/api/items/${sold.id}`)
      .set('authorization', await h.bearer(host))
      .send({ title: 'Sold thing', category: 'Other', price: 1, isSold: true })
      .expect(200);
  });

  it('marks an item in another active sale with overlapping dates and hours, naming the sale, its dates and address', async () => {
    const items = await check(window);
    for (const item of items) expect(availabilityItemSchema.strict().parse(item)).toEqual(item);
    expect(items.map((item) => item.id).sort()).toEqual([inExisting, inCancelled, free].sort());
    expect(of(items, inExisting)).toMatchObject({ is_available: false, conflict_reason: "In 'Spring Clean-out' on May 3–4 at 12 Oak St" });
    expect(of(items, free)).toMatchObject({ is_available: true, conflict_reason: null });
  });

  it('does not count a cancelled sale', async () => {
    expect(of(await check(window), inCancelled)).toMatchObject({ is_available: true, conflict_reason: null });
  });

  it('does not count hours that only touch (08:00–12:00 against 12:00–16:00)', async () => {
    expect(of(await check({ ...window, startTime: '12:00', endTime: '16:00' }), inExisting)).toMatchObject({ is_available: true });
    expect(of(await check({ ...window, startTime: '11:59', endTime: '16:00' }), inExisting)).toMatchObject({ is_available: false });
  });

  it('does not count days that do not overlap', async () => {
    expect(of(await check({ ...window, startDate: '2099-05-05', endDate: '2099-05-06' }), inExisting).is_available).toBe(true);
    expect(of(await check({ ...window, startDate: '2099-05-01', endDate: '2099-05-03' }), inExisting).is_available).toBe(false);
  });

  it('does not count the sale being edited (currentSaleId)', async () => {
    expect(of(await check({ ...window, currentSaleId: existing }), inExisting)).toMatchObject({
      is_available: true,
      conflict_reason: null,
    });
  });

  it('words a one-day sale with a single date', async () => {
    const oneDay = newId();
    await h.sale(oneDay, host, {
      title: 'Yard Sale',
      address: '9 Pine Ave',
      start_date: '2099-06-07',
      end_date: '2099-06-07',
      start_time: '09:00',
      end_time: '13:00',
    });
    const item = await h.createItem(host, { garageSaleId: oneDay });
    const items = await check({ ...window, startDate: '2099-06-07', endDate: '2099-06-07' });
    expect(of(items, item.id).conflict_reason).toBe("In 'Yard Sale' on Jun 7 at 9 Pine Ave");
  });

  it('answers 400 to a bad window and 401 to a visitor', async () => {
    const bad = await h
      .api()
      .post('/api/items/availability')
      .set('authorization', await h.bearer(host))
      .send({ ...window, endDate: '2099-05-01' })
      .expect(400);
    expect(bad.body.details).toContainEqual({ field: 'endDate', message: 'End date cannot be before the start date' });
    await h
      .api()
      .post('/api/items/availability')
      .set('authorization', await h.bearer(host))
      .send({ ...window, startTime: '25:00' })
      .expect(400);
    await h.api().post('/api/items/availability').send(window).expect(401);
  });
});

describe('POST /api/sales/assign-items', () => {
  const host = newId();
  const stranger = newId();
  const sale = newId();
  const strangersSale = newId();

  beforeAll(async () => {
    await h.user(host);
    await h.user(stranger);
    await h.sale(sale, host, { title: 'Big Sale' });
    await h.sale(strangersSale, stranger);
  });

  const assign = async (userId: number, body: Record<string, unknown>) =>
    h
      .api()
      .post('/api/sales/assign-items')
      .set('authorization', await h.bearer(userId))
      .send(body);
  const saleOf = async (ids: number[]) =>
    (await h.query<{ garage_sale_id: number | null }>(`SELECT garage_sale_id FROM items WHERE id = ANY($1::int[]) ORDER BY id`, [ids])).map(
      (row) => row.garage_sale_id,
    );

  it("assigns the caller's items to the caller's sale, answers {assigned: n}, and publishes item.updated", async () => {
    const a = await h.createItem(host);
    const b = await h.createItem(host);
    const response = (await assign(host, { saleId: sale, itemIds: [a.id, b.id, a.id] })).body;
    expect(response).toEqual({ assigned: 2 });
    expect(await saleOf([a.id, b.id])).toEqual([sale, sale]);
    const event = await waitFor(() => h.events.find((e) => e.type === 'item.updated' && e.data.id === b.id));
    expect(event).toMatchObject({ version: 2, data: { garage_sale_id: sale } });
    const [row] = await h.query(`SELECT sale_active FROM items WHERE id = $1`, [a.id]);
    expect(row).toEqual({ sale_active: true });
  });

  it("assigns nothing and answers 403 when one of the items is someone else's", async () => {
    const mine = await h.createItem(host);
    const theirs = await h.createItem(stranger);
    const response = await assign(host, { saleId: sale, itemIds: [mine.id, theirs.id] });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: expect.any(String) });
    expect(await saleOf([mine.id, theirs.id])).toEqual([null, null]);
  });

  it('answers 403 for a sale of someone else, assigning nothing', async () => {
    const mine = await h.createItem(host);
    expect((await assign(host, { saleId: strangersSale, itemIds: [mine.id] })).status).toBe(403);
    expect(await saleOf([mine.id])).toEqual([null]);
  });

  it('answers 404 for a deleted sale or an unknown item, and a retryable 503 for a sale unknown here while the sales service cannot be asked', async () => {
    const mine = await h.createItem(host);
    const unknownSale = await assign(host, { saleId: 777777, itemIds: [mine.id] });
    expect(unknownSale.status).toBe(503);
    expect(unknownSale.headers['retry-after']).toBe('1');
    expect(unknownSale.body).toEqual({ error: UNAVAILABLE });
    const gone = newId();
    await h.sale(gone, host);
    await h.publishAndApply('sale.deleted', 2, { id: gone, user_id: host });
    const deletedSale = await assign(host, { saleId: gone, itemIds: [mine.id] });
    expect(deletedSale.status).toBe(404);
    expect(deletedSale.body).toEqual({ error: 'Sale not found' });
    const unknownItem = await assign(host, { saleId: sale, itemIds: [mine.id, 888888] });
    expect(unknownItem.status).toBe(404);
    expect(unknownItem.body).toEqual({ error: 'Item not found' });
    expect(await saleOf([mine.id])).toEqual([null]);
  });

  it('answers 400 to a bad body and 401 to a visitor', async () => {
    expect((await assign(host, { saleId: 'x', itemIds: [] })).status).toBe(400);
    expect((await assign(host, { saleId: sale, itemIds: [-1] })).status).toBe(400);
    expect((await assign(host, { saleId: sale })).status).toBe(400);
    await h.api().post('/api/sales/assign-items').send({ saleId: sale, itemIds: [] }).expect(401);
  });
});
