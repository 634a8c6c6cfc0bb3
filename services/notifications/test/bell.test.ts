import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@garage/testing';
import { NotificationsHarness, newId } from './harness.js';

/**
 * The bell and the dev mail page, fed the way production feeds them: shopper matches an item
 * against a saved search and asks for the notice, which reaches notifications through the broker.
 */
let h: NotificationsHarness;
const host = newId();
const searcher = newId();

async function savedSearch(body: Record<string, unknown>, userId = searcher): Promise<number> {
  const response = await h
    .shopperApi()
    .post('/api/saved-searches')
    .set('authorization', await h.bearer(userId))
    .send({ name: 'Search', ...body });
  if (response.status !== 201) throw new Error(`saved search: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.id;
}

/** A fresh active sale of the host with one item in it; returns the item id. */
async function listed(item: { title: string; price?: number }): Promise<number> {
  const saleId = newId();
  await h.sale(saleId, host);
  const itemId = newId();
  await h.item(itemId, host, saleId, item);
  return itemId;
}

beforeAll(async () => {
  h = await NotificationsHarness.launch({}, { withShopper: true });
  await h.user(host);
  await h.user(searcher, { premium: true });
});

afterAll(async () => {
  await h?.close();
});

describe('the bell', () => {
  it('lists alerts newest first with the unread count, marks one or all read, pages with before', async () => {
    const reader = newId();
    await h.user(reader, { premium: true });
    const bearer = await h.bearer(reader);
    await savedSearch({ q: 'harp' }, reader);
    const items = [
      await listed({ title: 'Harp', price: 250 }),
      await listed({ title: 'Small harp' }),
      await listed({ title: 'Harp strings' }),
    ];
    await h.alertsOf(reader, 3);

    const list = await h.api().get('/api/alerts').set('authorization', bearer).expect(200);
    expect(list.body.unreadCount).toBe(3);
    expect(list.body.alerts.map((alert: { itemId: number }) => alert.itemId)).toEqual([...items].reverse());
    expect(list.body.alerts[2]).toMatchObject({
      kind: 'match',
      title: 'New match for "Search": Harp',
      message: expect.stringContaining('Harp for $250.00 at Sale'),
      link: `/items/${items[0]}`,
      read: false,
      readAt: null,
      changes: [],
    });
    expect((await h.api().get('/api/alerts/unread-count').set('authorization', bearer).expect(200)).body).toEqual({ unreadCount: 3 });

    const first = list.body.alerts[0].id;
    const read = await h.api().post(`/api/alerts/${first}/read`).set('authorization', bearer).expect(200);
    expect(read.body).toMatchObject({ id: first, read: true, readAt: expect.any(String) });
    expect((await h.api().get('/api/alerts/unread-count').set('authorization', bearer)).body.unreadCount).toBe(2);
    expect((await h.api().get('/api/alerts?unread=true').set('authorization', bearer)).body.alerts).toHaveLength(2);

    const page = await h.api().get('/api/alerts?limit=2').set('authorization', bearer).expect(200);
    expect(page.body.alerts).toHaveLength(2);
    const next = await h.api().get(`/api/alerts?limit=2&before=${page.body.nextBefore}`).set('authorization', bearer).expect(200);
    expect(next.body.alerts.map((alert: { itemId: number }) => alert.itemId)).toEqual([items[0]]);
    expect(next.body.nextBefore).toBeNull();

    expect((await h.api().post('/api/alerts/read-all').set('authorization', bearer).expect(200)).body).toEqual({
      updated: 2,
      unreadCount: 0,
    });
  });

  it("keeps alerts private: 404 on someone else's, 401 for a visitor, 400 for a bad query", async () => {
    await savedSearch({ q: 'lute' });
    await listed({ title: 'Lute' });
    const [someone] = await h.alertsOf(searcher);
    const stranger = await h.bearer(newId());
    expect((await h.api().post(`/api/alerts/${someone!.id}/read`).set('authorization', stranger).expect(404)).body).toEqual({
      error: 'Alert not found',
    });
    const [still] = await h.query(`SELECT read_at FROM alerts WHERE id = $1`, [someone!.id]);
    expect(still!.read_at).toBeNull();
    await h.api().get('/api/alerts').expect(401);
    await h.api().get('/api/alerts?limit=1000').set('authorization', stranger).expect(400);
  });
});

describe('followed sales in the bell', () => {
  it('shows a cancelled sale with its link, a deleted one without', async () => {
    const fan = newId();
    await h.user(fan);
    const sale = await h.sale(newId(), host, { title: 'Porch sale' });
    await h.follow(fan, sale.id);
    await h.publishAndApply('sale.updated', 2, { ...sale, status: 'cancelled' });
    await h.publishAndApply('sale.deleted', 3, { id: sale.id, user_id: host });
    await h.alertsOf(fan, 2);
    const bell = await h
      .api()
      .get('/api/alerts')
      .set('authorization', await h.bearer(fan))
      .expect(200);
    expect(bell.body.alerts.map((alert: { kind: string; link: string | null }) => [alert.kind, alert.link])).toEqual([
      ['sale_deleted', null],
      ['sale_cancelled', `/sales/${sale.id}`],
    ]);
  });
});

describe('the local notifier (standalone)', () => {
  it('keeps what it "sent" for the dev mail page, newest first', async () => {
    const mailer = newId();
    await h.user(mailer, { premium: true });
    await savedSearch({ name: 'Drums', q: 'drum kit' }, mailer);
    const item = await listed({ title: 'Drum kit' });
    const own = await h.bearer(mailer);
    const page = await waitFor(async () => {
      const response = await h.api().get('/api/dev/mail').set('authorization', own).expect(200);
      return response.body.messages.find((message: { to: string }) => message.to === `user${mailer}@example.com`);
    });
    // Mail carries unsubscribe links: a visitor gets nothing, another member not this one.
    expect((await h.api().get('/api/dev/mail').expect(401)).body).toEqual({ error: 'Authentication required' });
    const other = await h
      .api()
      .get('/api/dev/mail')
      .set('authorization', await h.bearer(newId()))
      .expect(200);
    expect(other.body.messages.filter((message: { to: string }) => message.to === `user${mailer}@example.com`)).toEqual([]);
    expect(page).toMatchObject({
      subject: 'New match for "Drums": Drum kit',
      from: 'Garage <alerts@garage.local>',
      sentAt: expect.any(String),
    });
    expect(page.text).toContain(`https://garage.test/items/${item}`);
    expect(page.text).toContain('https://garage.test/api/saved-searches/unsubscribe?token=s.');
  });
});
