import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { saleSchema, zonedTimeToUtc } from '@garage/contracts';
import { waitFor } from '@garage/testing';
import { communitySaleForm, saleForm } from './harness.js';
import { HOST, LA, liveStatusWorld, OTHER, saleEvents, type LiveStatusWorld } from './live-status.harness.js';

let world: LiveStatusWorld;
const bearer = async (userId: number) => ({ authorization: `Bearer ${await world.token(userId)}` });
const say = async (id: number, state: unknown, userId = HOST) =>
  world
    .api()
    .put(`/api/sales/${id}/live-status`)
    .set(await bearer(userId))
    .send({ state });
const read = async (id: number, userId?: number) =>
  (
    await world
      .api()
      .get(`/api/sales/${id}`)
      .set(userId ? await bearer(userId) : {})
      .expect(200)
  ).body;

beforeAll(async () => {
  world = await liveStatusWorld();
});

afterAll(async () => {
  await world?.close();
});

describe('PUT /api/sales/{id}/live-status', () => {
  it('lets the host say "winding down" on a day of the sale: the sale shows it, its version grows and sale.updated says why', async () => {
    const sale = await world.createSale();
    world.at(sale.start_date, '14:30');
    const response = await say(sale.id, 'winding_down');
    expect(response.status).toBe(200);
    expect(saleSchema.strict().parse(response.body)).toEqual(response.body);
    const saidAt = zonedTimeToUtc(sale.start_date, '14:30', LA).getTime();
    expect(response.body).toMatchObject({
      id: sale.id,
      status: 'active',
      live_state: 'winding_down',
      confirmed_at: null,
      confirmed_count: 0,
    });
    expect(Math.abs(Date.parse(response.body.live_state_at) - saidAt)).toBeLessThan(60_000);

    const event = await waitFor(() =>
      saleEvents(world).find((e) => e.type === 'sale.updated' && e.data.id === sale.id && e.data.live_state === 'winding_down'),
    );
    expect(event.version).toBe(2);
    expect(event.data.cause).toEqual({ change: 'live_state' });
    expect(event.data.live_state_at).toBe(response.body.live_state_at);

    // Every sale object says the same: the detail (visitors too), the host's list and browse.
    expect((await read(sale.id)).live_state).toBe('winding_down');
    const mine = await world
      .api()
      .get('/api/sales/my-sales')
      .set(await bearer(HOST))
      .expect(200);
    expect(mine.body.find((s: { id: number }) => s.id === sale.id).live_state).toBe('winding_down');
    const browse = await world.api().get(`/api/sales?startDate=${sale.start_date}&endDate=${sale.start_date}`).expect(200);
    expect(browse.body.find((s: { id: number }) => s.id === sale.id)).toMatchObject({ live_state: 'winding_down' });
  });

  it('keeps a said state only for the sale-clock day it was said: the next day of a two-day sale starts with none', async () => {
    const sale = await world.createSale();
    world.at(sale.start_date, '23:30');
    expect((await say(sale.id, 'closed_early')).status).toBe(200);
    world.at(sale.end_date, '00:30');
    const next = await read(sale.id);
    expect(next).toMatchObject({ live_state: null, live_state_at: null });
    expect((await say(sale.id, 'open')).body.live_state).toBe('open');
  });

  it('answers 404 to another member, 401 to a visitor, for an unknown sale and an id that is not one 404/400', async () => {
    const sale = await world.createSale();
    world.at(sale.start_date, '09:00');
    const other = await say(sale.id, 'open', OTHER);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ error: 'Sale not found' });
    await world.api().put(`/api/sales/${sale.id}/live-status`).send({ state: 'open' }).expect(401);
    expect((await say(999_999, 'open')).status).toBe(404);
    expect(
      (
        await world
          .api()
          .put('/api/sales/abc/live-status')
          .set(await bearer(HOST))
          .send({ state: 'open' })
      ).status,
    ).toBe(400);
    expect((await read(sale.id)).live_state).toBeNull();
  });

  it.each([['ended'], ['likely_over'], ['OPEN'], [''], [null], [7]])('answers 400 with {error} to the state %p', async (state) => {
    const sale = await world.createSale();
    world.at(sale.start_date, '09:00');
    const response = await say(sale.id, state);
    expect(response.status).toBe(400);
    expect(typeof response.body.error).toBe('string');
  });

  it('answers 400 to a body without a state', async () => {
    const sale = await world.createSale();
    world.at(sale.start_date, '09:00');
    const response = await world
      .api()
      .put(`/api/sales/${sale.id}/live-status`)
      .set(await bearer(HOST))
      .send({});
    expect(response.status).toBe(400);
    expect(response.body.details[0].field).toBe('state');
  });

  it('answers 409 on a day the sale is not on (its clock, not UTC) and for a cancelled sale, changing nothing', async () => {
    const sale = await world.createSale();
    // 23:30 the evening before in Los Angeles is already the sale's first day in UTC.
    world.at(sale.start_date, '00:00');
    world.clock.advance(-30 * 60_000);
    const before = await say(sale.id, 'open');
    expect(before.status).toBe(409);
    expect(before.body).toEqual({ error: 'The sale is not on today' });
    world.at(sale.end_date, '23:59');
    world.clock.advance(2 * 60_000);
    expect((await say(sale.id, 'open')).status).toBe(409);

    const cancelled = await world.createSale();
    await world
      .api()
      .put(`/api/sales/${cancelled.id}`)
      .set(await bearer(HOST))
      .send({ ...saleForm({ startDate: cancelled.start_date, endDate: cancelled.end_date }), status: 'cancelled' })
      .expect(200);
    world.at(cancelled.start_date, '10:00');
    expect((await say(cancelled.id, 'open')).status).toBe(409);
    expect((await read(cancelled.id)).live_state).toBeNull();
  });
});

describe('live_state "ended"', () => {
  it('reads "ended" past the hours for the rest of that day on the sale\'s clock, whatever was said, and none the next morning', async () => {
    const sale = await world.createSale();
    world.at(sale.start_date, '15:00');
    await say(sale.id, 'open');
    world.at(sale.start_date, '16:00');
    const ended = await read(sale.id);
    expect(ended.live_state).toBe('ended');
    expect(ended.live_state_at).toBe(zonedTimeToUtc(sale.start_date, '16:00', LA).toISOString());
    world.at(sale.start_date, '23:59');
    expect((await read(sale.id)).live_state).toBe('ended');
    world.at(sale.end_date, '07:00');
    expect((await read(sale.id)).live_state).toBeNull();
    // The snapshot never carries "ended": only what was stored.
    const events = saleEvents(world).filter((e) => e.data.id === sale.id);
    expect(events.map((e) => e.data.live_state as string | null | undefined)).not.toContain('ended');
  });

  it('reads each sale in its own zone: at 17:00 in New York a New York sale has ended and a Los Angeles one (14:00) has not', async () => {
    const la = await world.createSale();
    const ny = await world.createSale({ city: 'New York', state: 'NY', zipCode: '10001' });
    world.at(la.start_date, '17:00', 'America/New_York');
    expect((await read(ny.id)).live_state).toBe('ended');
    expect((await read(la.id)).live_state).toBeNull();
    world.at(la.start_date, '16:30');
    expect((await read(la.id)).live_state).toBe('ended');
  });
});

describe('the community sale page', () => {
  it('shows the live state of each sale in its numbered list, at once after the host says it', async () => {
    const sale = await world.createSale();
    const community = (
      await world
        .api()
        .post('/api/community-sales')
        .set(await bearer(OTHER))
        .send(communitySaleForm())
        .expect(201)
    ).body;
    await world
      .api()
      .post(`/api/community-sales/${community.id}/sales`)
      .set(await bearer(HOST))
      .send({ saleId: sale.id })
      .expect(201);
    world.at(sale.start_date, '09:00');
    const listed = async () =>
      (await world.api().get(`/api/community-sales/${community.id}/sales`).expect(200)).body.find(
        (entry: { sale: { id: number } }) => entry.sale.id === sale.id,
      ).sale;
    expect((await listed()).live_state).toBeNull();
    await say(sale.id, 'closed_early');
    expect(await listed()).toMatchObject({ live_state: 'closed_early', confirmed_count: 0 });
  });
});
