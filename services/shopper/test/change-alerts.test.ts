import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ShopperHarness, newId, saleSnapshot } from './harness.js';

/**
 * Cancel and change alerts: shoppers who favourited a sale, or have it in a saved route plan for
 * today or later, hear when it is cancelled, deleted, or its dates or hours change. Shopper decides
 * who hears what and asks notifications for each notice (`notice.requested`, read here from its
 * outbox); the bell and the emails are notifications' tests.
 */
let h: ShopperHarness;
const host = newId();
const fan = newId();
const planner = newId();
const bystander = newId();

/** The notices shopper asked notifications to deliver to the user about the sale (the bell's entries; see notifications' tests). */
const alertsOf = async (userId: number, saleId: number) =>
  (await h.notices(userId))
    .filter((notice) => notice.saleId === saleId)
    .map(({ kind, title, message, data }) => ({ kind, title, message, changes: data.changes }));

async function followedSale(overrides: Parameters<typeof saleSnapshot>[2] = {}): Promise<ReturnType<typeof saleSnapshot>> {
  const id = newId();
  const sale = await h.sale(id, host, { title: 'Big moving sale', ...overrides });
  await h
    .api()
    .post(`/api/favorites/sales/${id}`)
    .set('authorization', await h.bearer(fan))
    .expect(201);
  // The host favourites their own sale too: they are never alerted about their own change.
  await h
    .api()
    .post(`/api/favorites/sales/${id}`)
    .set('authorization', await h.bearer(host))
    .expect(201);
  return sale;
}

beforeAll(async () => {
  h = await ShopperHarness.launch();
  await h.user(host);
  await h.user(fan);
  await h.user(planner, { premium: true });
  await h.user(bystander);
});

afterAll(async () => {
  await h?.close();
});

describe('cancel and change alerts', () => {
  it('alerts the followers (not the host, not others) when a sale is cancelled, once', async () => {
    const sale = await followedSale();
    const cancel = await h.publishAndApply('sale.updated', 2, { ...sale, status: 'cancelled' });
    // The same message again, and a later update of the cancelled sale: still one alert.
    await h.publish(cancel.type, cancel.version, cancel.data, cancel.id);
    await h.publishAndApply('sale.updated', 3, { ...sale, status: 'cancelled', description: 'Sorry!' });
    expect(await alertsOf(fan, sale.id)).toEqual([
      {
        kind: 'sale_cancelled',
        title: 'Cancelled: Big moving sale',
        message: 'The garage sale "Big moving sale" in Springfield, IL has been cancelled by its host.',
        changes: [],
      },
    ]);
    expect(await alertsOf(host, sale.id)).toEqual([]);
    expect(await alertsOf(bystander, sale.id)).toEqual([]);
    expect((await h.notices(fan)).find((notice) => notice.saleId === sale.id)).toMatchObject({
      key: `sale:${sale.id}:v2:sale_cancelled`,
      delivery: 'instant',
      savedSearchId: null,
      itemId: null,
    });
  });

  it('says which dates changed, from → to', async () => {
    const sale = await followedSale();
    await h.publishAndApply('sale.updated', 2, { ...sale, start_date: '2099-05-09', end_date: '2099-05-10' });
    expect(await alertsOf(fan, sale.id)).toEqual([
      {
        kind: 'sale_changed',
        title: 'New dates or hours: Big moving sale',
        message: 'Dates changed from May 2, 2099 – May 3, 2099 to May 9, 2099 – May 10, 2099. (Big moving sale, Springfield, IL)',
        changes: [
          { field: 'start_date', from: '2099-05-02', to: '2099-05-09' },
          { field: 'end_date', from: '2099-05-03', to: '2099-05-10' },
        ],
      },
    ]);
  });

  it('says which hours changed, from → to', async () => {
    const sale = await followedSale();
    await h.publishAndApply('sale.updated', 2, { ...sale, start_time: '09:00', end_time: '15:30' });
    const [alert] = await alertsOf(fan, sale.id);
    expect(alert).toMatchObject({
      kind: 'sale_changed',
      message: 'Hours changed from 8:00 AM – 12:00 PM to 9:00 AM – 3:30 PM. (Big moving sale, Springfield, IL)',
    });
    expect(alert!.changes).toEqual([
      { field: 'start_time', from: '08:00', to: '09:00' },
      { field: 'end_time', from: '12:00', to: '15:30' },
    ]);
  });

  it('stays quiet when only the title, description or place change, or the sale completes', async () => {
    const sale = await followedSale();
    await h.publishAndApply('sale.updated', 2, { ...sale, title: 'Bigger moving sale', description: 'More stuff', address: '14 Oak St' });
    await h.publishAndApply('sale.updated', 3, { ...sale, title: 'Bigger moving sale', status: 'completed' });
    expect(await alertsOf(fan, sale.id)).toEqual([]);
  });

  it('ignores a stale update that arrives after a newer one', async () => {
    const sale = await followedSale();
    await h.publishAndApply('sale.updated', 3, { ...sale, title: 'Newest' });
    await h.publishAndApply('sale.updated', 2, { ...sale, start_date: '2099-06-01', end_date: '2099-06-01' });
    expect(await alertsOf(fan, sale.id)).toEqual([]);
  });

  it('alerts once when the sale is deleted, drops it from the Saved page, and a late update brings nothing back', async () => {
    const sale = await followedSale();
    await h.publishAndApply('sale.deleted', 2, { id: sale.id, user_id: host });
    await h.publishAndApply('sale.deleted', 2, { id: sale.id, user_id: host });
    await h.publishAndApply('sale.updated', 3, { ...sale, status: 'cancelled' });
    expect(await alertsOf(fan, sale.id)).toEqual([
      {
        kind: 'sale_deleted',
        title: 'Removed: Big moving sale',
        message: 'The garage sale "Big moving sale" in Springfield, IL was deleted by its host.',
        changes: [],
      },
    ]);
    expect(
      (
        await h
          .api()
          .get('/api/favorites/ids')
          .set('authorization', await h.bearer(fan))
      ).body.saleIds,
    ).not.toContain(sale.id);
  });

  it('alerts the shoppers who have the sale in a saved route plan for today or later, not in a past one', async () => {
    const sale = await h.sale(newId(), host, { title: 'Planned sale' });
    const created = await h
      .api()
      .post('/api/route-plans')
      .set('authorization', await h.bearer(planner))
      .send({ date: '2099-05-02', startTime: '08:00', start: { latitude: 39.78, longitude: -89.6 }, saleIds: [sale.id] })
      .expect(201);
    expect(created.body.stops).toHaveLength(1);
    // A plan for a day gone by (written directly: the API refuses past dates).
    const oldPlanner = newId();
    const [old] = await h.query<{ id: number }>(
      `INSERT INTO route_plans (user_id, plan_date, plan) VALUES ($1, '2001-01-01', '{}') RETURNING id`,
      [oldPlanner],
    );
    await h.query(`INSERT INTO route_plan_sales (plan_id, sale_id) VALUES ($1, $2)`, [old!.id, sale.id]);

    await h.publishAndApply('sale.updated', 2, { ...sale, end_time: '11:00' });
    expect(await alertsOf(planner, sale.id)).toEqual([expect.objectContaining({ kind: 'sale_changed' })]);
    expect(await alertsOf(oldPlanner, sale.id)).toEqual([]);

    // A follower twice over (a favourite and a plan) hears it once.
    await h
      .api()
      .post(`/api/favorites/sales/${sale.id}`)
      .set('authorization', await h.bearer(planner))
      .expect(201);
    await h.publishAndApply('sale.updated', 3, { ...sale, end_time: '11:00', status: 'cancelled' });
    expect((await alertsOf(planner, sale.id)).map((alert) => alert.kind)).toEqual(['sale_changed', 'sale_cancelled']);
  });
});
