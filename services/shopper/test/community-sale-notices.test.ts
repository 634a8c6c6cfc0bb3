import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { communitySaleFollowSchema, type CommunitySaleSnapshot, type NoticeRequested } from '@garage/contracts';
import { ShopperHarness, newId } from './harness.js';

/**
 * Community sales as shopper sees them: who follows one, and who is told, once, when one is
 * cancelled or moved to its rain date (every joined host, and every shopper who follows it, saved
 * one of its sales or has one in a route plan), while the sales it moved tell nobody again.
 */
let h: ShopperHarness;
const DAY = '2099-05-02';
const RAIN_DAY = '2099-05-09';
const organizer = newId();
const [hostA, hostB, hostPending, follower, saver, planner, bystander] = [newId(), newId(), newId(), newId(), newId(), newId(), newId()];

const communitySale = (id: number, overrides: Partial<CommunitySaleSnapshot> = {}): CommunitySaleSnapshot => ({
  id,
  organizerId: organizer,
  name: `Hopewell Sale Day ${id}`,
  description: null,
  latitude: 39.8,
  longitude: -89.65,
  radiusMiles: 3,
  zipCodes: [],
  days: [{ date: DAY, startTime: '08:00', endTime: '14:00' }],
  rainDate: RAIN_DAY,
  coverImageUrl: null,
  requiresApproval: true,
  status: 'scheduled',
  ...overrides,
});
const inIt = (communitySaleId: number, number: number | null) => ({
  community_sale_id: communitySaleId,
  community_sale_status: number === null ? ('pending' as const) : ('approved' as const),
  community_sale_number: number,
});
const as = async (userId: number) => ({ authorization: await h.bearer(userId) });
const communityNotices = async (userId: number): Promise<NoticeRequested[]> =>
  (await h.notices(userId)).filter((notice) => notice.kind.startsWith('community_sale_'));

beforeAll(async () => {
  h = await ShopperHarness.launch();
  for (const id of [organizer, hostA, hostB, hostPending, follower, saver, bystander]) await h.user(id);
  await h.user(planner, { premium: true });
});

afterAll(async () => {
  await h?.close();
});

describe('/api/community-sales/{id}/follow', () => {
  it('follows once (201, then 200 with the first followedAt), reads it back, and unfollows idempotently', async () => {
    const id = newId();
    await h.publishAndApply('community_sale.created', 1, communitySale(id));
    const auth = await as(follower);
    expect((await h.api().get(`/api/community-sales/${id}/follow`).set(auth).expect(200)).body).toEqual({
      communitySaleId: id,
      following: false,
      followedAt: null,
    });
    const first = communitySaleFollowSchema.parse((await h.api().post(`/api/community-sales/${id}/follow`).set(auth).expect(201)).body);
    expect(first).toEqual({ communitySaleId: id, following: true, followedAt: expect.any(String) });
    const again = (await h.api().post(`/api/community-sales/${id}/follow`).set(auth).expect(200)).body;
    expect(again).toEqual(first);
    expect((await h.api().get(`/api/community-sales/${id}/follow`).set(auth).expect(200)).body).toEqual(first);
    // Someone else's follow is theirs alone.
    expect(
      (
        await h
          .api()
          .get(`/api/community-sales/${id}/follow`)
          .set(await as(saver))
          .expect(200)
      ).body.following,
    ).toBe(false);

    await h.api().delete(`/api/community-sales/${id}/follow`).set(auth).expect(204);
    await h.api().delete(`/api/community-sales/${id}/follow`).set(auth).expect(204);
    expect((await h.api().get(`/api/community-sales/${id}/follow`).set(auth).expect(200)).body.following).toBe(false);
  });

  it('answers 401 without a token, 400 for a bad id, and a retryable 503 for one unknown here while sales cannot be asked', async () => {
    await h.api().post(`/api/community-sales/1/follow`).expect(401);
    const bad = await h
      .api()
      .post(`/api/community-sales/abc/follow`)
      .set(await as(follower))
      .expect(400);
    expect(bad.body.error).toBeDefined();
    const unknown = await h
      .api()
      .post(`/api/community-sales/${newId()}/follow`)
      .set(await as(follower))
      .expect(503);
    expect(unknown.headers['retry-after']).toBe('1');
  });
});

describe('a community sale cancelled', () => {
  const id = newId();
  const [saleA, saleB, salePending, unrelated] = [newId(), newId(), newId(), newId()];

  beforeAll(async () => {
    await h.publishAndApply('community_sale.created', 1, communitySale(id));
    await h.sale(saleA, hostA, { title: 'Maple St', ...inIt(id, 1) });
    await h.sale(saleB, hostB, { title: 'Oak St', ...inIt(id, 2) });
    await h.sale(salePending, hostPending, { title: 'Elm St', ...inIt(id, null) });
    await h.sale(unrelated, hostB, { title: 'Pine St' });
    await h
      .api()
      .post(`/api/community-sales/${id}/follow`)
      .set(await as(follower))
      .expect(201);
    // Host A follows it too, and saves one of its sales: still one notice.
    await h
      .api()
      .post(`/api/community-sales/${id}/follow`)
      .set(await as(hostA))
      .expect(201);
    await h
      .api()
      .post(`/api/favorites/sales/${saleB}`)
      .set(await as(hostA))
      .expect(201);
    await h
      .api()
      .post(`/api/favorites/sales/${saleB}`)
      .set(await as(saver))
      .expect(201);
    await h
      .api()
      .post(`/api/favorites/sales/${unrelated}`)
      .set(await as(bystander))
      .expect(201);
    await h
      .api()
      .post('/api/route-plans')
      .set(await as(planner))
      .send({ date: DAY, startTime: '08:00', start: { latitude: 39.78, longitude: -89.65 }, saleIds: [saleA, unrelated] })
      .expect(201);
  });

  it('tells each joined host, follower, saver and planner once, in the app and by email, and nobody else', async () => {
    const cancelled = { ...communitySale(id, { status: 'cancelled' }), saleIds: [saleA, saleB, salePending] };
    const event = await h.publishAndApply('community_sale.cancelled', 2, cancelled);
    // The same message again (the relay published it twice) tells nobody twice.
    await h.publish('community_sale.cancelled', 2, cancelled, event.id);
    await h.publishAndApply('community_sale.updated', 3, communitySale(id, { status: 'cancelled', name: 'Renamed' }));

    for (const [userId, host] of [
      [hostA, true],
      [hostB, true],
      [hostPending, true],
      [follower, false],
      [saver, false],
      [planner, false],
    ] as const) {
      const notices = await communityNotices(userId);
      expect({ userId, notices: notices.length }).toEqual({ userId, notices: 1 });
      expect(notices[0]).toMatchObject({
        kind: 'community_sale_cancelled',
        key: `community-sale:${id}:cancelled`,
        title: `Cancelled: Hopewell Sale Day ${id}`,
        communitySaleId: id,
        saleId: null,
        delivery: 'instant',
        data: { host },
      });
      expect(notices[0]!.message).toContain('May 2, 2099');
      expect(notices[0]!.message.includes('Your sale in it stays as you left it')).toBe(host);
    }
    expect(await communityNotices(organizer)).toEqual([]);
    expect(await communityNotices(bystander)).toEqual([]);
    const [{ name }] = await h.query(`SELECT name FROM community_sales WHERE id = $1`, [id]);
    expect(name).toBe('Renamed');
  });
});

describe('a community sale moved to its rain date', () => {
  const id = newId();
  const [moving, other] = [newId(), newId()];
  const movedDay = { date: RAIN_DAY, startTime: '08:00', endTime: '14:00' };

  it('tells the people of its sales once about the community sale, not once more for each sale it moved', async () => {
    await h.publishAndApply('community_sale.created', 1, communitySale(id));
    await h.sale(moving, hostA, { title: 'Birch St', start_date: DAY, end_date: DAY, ...inIt(id, 1) });
    await h.sale(other, hostB, { title: 'Cedar St', start_date: DAY, end_date: DAY });
    for (const saleId of [moving, other])
      await h
        .api()
        .post(`/api/favorites/sales/${saleId}`)
        .set(await as(saver))
        .expect([200, 201]);
    const before = (await h.notices(saver)).length;

    // As the sales service sends a move: each sale's snapshot with its cause, then the community sale's.
    await h.publishAndApply('sale.updated', 2, {
      ...(await h.sale(moving, hostA, { title: 'Birch St', start_date: DAY, end_date: DAY, ...inIt(id, 1) }, 1)),
      start_date: RAIN_DAY,
      end_date: RAIN_DAY,
      cause: { communitySaleId: id, change: 'moved_to_rain_date' },
    });
    await h.publishAndApply('community_sale.moved_to_rain_date', 2, {
      ...communitySale(id, { days: [movedDay], rainDate: null }),
      saleIds: [moving],
      previousDays: [{ date: DAY, startTime: '08:00', endTime: '14:00' }],
    });
    // A host moving their own sale still tells its savers, as before.
    await h.sale(other, hostB, { title: 'Cedar St', start_date: RAIN_DAY, end_date: RAIN_DAY }, 2);

    const told = (await h.notices(saver)).slice(before);
    expect(told.map((notice) => [notice.kind, notice.saleId ?? notice.communitySaleId])).toEqual([
      ['community_sale_moved', id],
      ['sale_changed', other],
    ]);
    expect(told[0]).toMatchObject({
      key: `community-sale:${id}:moved:${RAIN_DAY}`,
      title: `Moved to its rain date: Hopewell Sale Day ${id}`,
    });
    expect(told[0]!.message).toBe(
      `The community sale "Hopewell Sale Day ${id}" moved from May 2, 2099 (8:00 AM – 2:00 PM) to its rain date, May 9, 2099 (8:00 AM – 2:00 PM). Its sales moved with it.`,
    );
    const host = (await communityNotices(hostA)).filter((notice) => notice.communitySaleId === id);
    expect(host).toHaveLength(1);
    expect(host[0]!.message).toContain('Your sale in it moved to that date too; you may leave the community sale instead.');
    const [kept] = await h.query(`SELECT to_char(start_date, 'YYYY-MM-DD') AS start_date, community_sale_number FROM sales WHERE id = $1`, [
      moving,
    ]);
    expect(kept).toEqual({ start_date: RAIN_DAY, community_sale_number: 1 });
  });
});
