import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkInResultSchema } from '@garage/contracts';
import { waitFor } from '@garage/testing';
import { CheckInsRepository } from '../src/live-status/check-ins.repository.js';
import { AT_SALE, FAR, HOST, liveStatusWorld, NEAR, saleEvents, shopper, type LiveStatusWorld } from './live-status.harness.js';

let world: LiveStatusWorld;
const HOUR = 60 * 60_000;
const bearer = async (userId: number) => ({ authorization: `Bearer ${await world.token(userId)}` });
const checkIn = async (id: number, userId: number, going: boolean, where: object = NEAR) =>
  world
    .api()
    .post(`/api/sales/${id}/check-ins`)
    .set(await bearer(userId))
    .send({ going, ...where });
/** A check-in that must be kept (201), with its answer. */
const created = async (id: number, userId: number, going: boolean, where: object = NEAR) => {
  const response = await checkIn(id, userId, going, where);
  expect(response.body).toMatchObject({ check_in: { going } });
  expect(response.status).toBe(201);
  return response;
};
const say = async (id: number, state: string) =>
  world
    .api()
    .put(`/api/sales/${id}/live-status`)
    .set(await bearer(HOST))
    .send({ state })
    .expect(200);
const read = async (id: number) => (await world.api().get(`/api/sales/${id}`).expect(200)).body;
const likelyOverEvents = (id: number) =>
  saleEvents(world).filter((e) => e.type === 'sale.updated' && e.data.id === id && e.data.live_state === 'likely_over');

/** A sale whose first day it is, at 10:00 on its clock. */
async function openSale() {
  const sale = await world.createSale();
  world.at(sale.start_date, '10:00');
  return sale;
}

beforeAll(async () => {
  world = await liveStatusWorld();
});

afterAll(async () => {
  await world?.close();
});

describe('POST /api/sales/{id}/check-ins', () => {
  it('keeps a "going" from a shopper near the sale and answers 201 with it and the confirmations', async () => {
    const sale = await openSale();
    const response = await checkIn(sale.id, shopper(1), true);
    expect(response.status).toBe(201);
    expect(checkInResultSchema.strict().parse(response.body)).toEqual(response.body);
    expect(response.body).toMatchObject({ check_in: { sale_id: sale.id, going: true }, live_state: null, confirmed_count: 1 });
    expect(response.body.confirmed_at).toBe(response.body.check_in.created_at);
    await created(sale.id, shopper(2), true, AT_SALE);
    expect(await read(sale.id)).toMatchObject({ confirmed_count: 2, live_state: null });
  });

  it('counts the confirmations since the host last spoke, and none the next day', async () => {
    const sale = await openSale();
    await created(sale.id, shopper(1), true);
    world.clock.advance(5 * 60_000);
    const said = await say(sale.id, 'open');
    expect(said.body).toMatchObject({ live_state: 'open', confirmed_count: 0 });
    expect(said.body.confirmed_at).not.toBeNull();
    world.clock.advance(5 * 60_000);
    expect((await created(sale.id, shopper(2), true)).body.confirmed_count).toBe(1);
    world.at(sale.end_date, '10:00');
    expect(await read(sale.id)).toMatchObject({ confirmed_at: null, confirmed_count: 0, live_state: null });
  });

  it('answers 400 to a shopper more than half a mile away, and that answer does not count against the hourly limit', async () => {
    const sale = await openSale();
    const far = await checkIn(sale.id, shopper(1), false, FAR);
    expect(far.status).toBe(400);
    expect(far.body.error).toBe('You are too far from this sale to check in');
    await created(sale.id, shopper(1), false);
  });

  it('answers 429 with Retry-After to a second answer within the hour, and takes one again after it', async () => {
    const sale = await openSale();
    await created(sale.id, shopper(1), true);
    world.clock.advance(20 * 60_000);
    const again = await checkIn(sale.id, shopper(1), false);
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ error: 'You already answered for this sale in the last hour' });
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(39 * 60);
    expect(retryAfter).toBeLessThanOrEqual(40 * 60);
    // Another sale is another limit.
    const other = await world.createSale();
    world.at(other.start_date, '10:21');
    await created(other.id, shopper(1), true);
    world.at(sale.start_date, '11:01');
    await created(sale.id, shopper(1), false);
    expect(await world.sales.app.get(CheckInsRepository).checkInTotals(sale.id)).toEqual({
      going: 1,
      notGoing: 1,
      byDay: [{ date: sale.start_date, going: 1, notGoing: 1 }],
    });
  });

  it('refuses the host (403), a visitor (401), outside the hours or on no day of the sale (409), and an unknown sale (404)', async () => {
    const sale = await openSale();
    const host = await checkIn(sale.id, HOST, true);
    expect(host.status).toBe(403);
    expect(host.body).toEqual({ error: 'The host cannot check in at their own sale' });
    await world
      .api()
      .post(`/api/sales/${sale.id}/check-ins`)
      .send({ going: true, ...NEAR })
      .expect(401);
    world.at(sale.start_date, '07:59');
    expect((await checkIn(sale.id, shopper(1), true)).body).toEqual({ error: 'The sale is not open now' });
    world.at(sale.start_date, '16:00');
    expect((await checkIn(sale.id, shopper(1), true)).status).toBe(409);
    const dayBefore = new Date(Date.parse(`${sale.start_date}T12:00:00Z`) - 24 * HOUR).toISOString().slice(0, 10);
    world.at(dayBefore, '10:00');
    expect((await checkIn(sale.id, shopper(1), true)).status).toBe(409);
    world.at(sale.start_date, '10:00');
    expect((await checkIn(999_999, shopper(1), true)).status).toBe(404);
    // None of those counted: the shopper may still answer.
    await created(sale.id, shopper(1), true);
  });

  it.each([
    ['no going', { latitude: NEAR.latitude, longitude: NEAR.longitude }, 'going'],
    ['going as text', { going: 'yes', ...NEAR }, 'going'],
    ['no latitude', { going: true, longitude: NEAR.longitude }, 'latitude'],
    ['latitude as text', { going: true, latitude: '34.09', longitude: NEAR.longitude }, 'latitude'],
    ['latitude past 90', { going: true, latitude: 91, longitude: NEAR.longitude }, 'latitude'],
    ['longitude past 180', { going: true, latitude: NEAR.latitude, longitude: -181 }, 'longitude'],
  ])('answers 400 to a body with %s', async (_name, body, field) => {
    const sale = await openSale();
    const response = await world
      .api()
      .post(`/api/sales/${sale.id}/check-ins`)
      .set(await bearer(shopper(1)))
      .send(body);
    expect(response.status).toBe(400);
    expect(response.body.details[0].field).toBe(field);
  });
});

describe('ghost detection', () => {
  it('makes the sale likely_over at the third "not going" from distinct shoppers within an hour, until the host says otherwise', async () => {
    const sale = await openSale();
    await created(sale.id, shopper(1), false);
    // The same shopper twice is one report (and the hourly limit refuses the second anyway).
    expect((await checkIn(sale.id, shopper(1), false)).status).toBe(429);
    const second = await created(sale.id, shopper(2), false);
    expect(second.body.live_state).toBeNull();
    const third = await created(sale.id, shopper(3), false);
    expect(third.body.live_state).toBe('likely_over');
    expect((await read(sale.id)).live_state).toBe('likely_over');
    const [event] = await waitFor(() => (likelyOverEvents(sale.id).length > 0 ? likelyOverEvents(sale.id) : undefined));
    expect(event!.data.cause).toEqual({ change: 'live_state' });
    expect(event!.version).toBe(2);
    // A fourth report changes nothing more: one event.
    await created(sale.id, shopper(4), false);

    // The host's answer overrides, and reports from before it no longer count.
    world.clock.advance(60_000);
    expect((await say(sale.id, 'open')).body.live_state).toBe('open');
    world.clock.advance(60_000);
    expect((await created(sale.id, shopper(5), false)).body.live_state).toBe('open');
    await created(sale.id, shopper(6), false);
    expect((await created(sale.id, shopper(7), false)).body.live_state).toBe('likely_over');
    await waitFor(() => (likelyOverEvents(sale.id).length === 2 ? true : undefined));
    expect(likelyOverEvents(sale.id)).toHaveLength(2);
  });

  it('does not count reports older than an hour, nor override a host who closed early', async () => {
    const sale = await openSale();
    await created(sale.id, shopper(1), false);
    await created(sale.id, shopper(2), false);
    world.clock.advance(HOUR + 60_000);
    expect((await created(sale.id, shopper(3), false)).body.live_state).toBeNull();

    const closed = await openSale();
    await say(closed.id, 'closed_early');
    for (const n of [1, 2, 3]) await created(closed.id, shopper(n), false);
    expect((await read(closed.id)).live_state).toBe('closed_early');
  });

  it('counts concurrent reports one after the other: one likely_over, one event, no error', async () => {
    const sale = await openSale();
    const responses = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => checkIn(sale.id, shopper(n), false)));
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect((await read(sale.id)).live_state).toBe('likely_over');
    await waitFor(() => (likelyOverEvents(sale.id).length > 0 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(likelyOverEvents(sale.id)).toHaveLength(1);

    // One shopper answering five times at once: one kept, four refused by the limit.
    const other = await openSale();
    const same = await Promise.all([1, 2, 3, 4, 5].map(() => checkIn(other.id, shopper(9), true)));
    expect(same.map((r) => r.status).sort()).toEqual([201, 429, 429, 429, 429]);
    expect((await read(other.id)).confirmed_count).toBe(1);
  });
});
