import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { approximateSalePoint, routePlanSchema } from '@garage/contracts';
import { readCalendar } from './calendar-reader.js';
import { ShopperHarness, newId } from './harness.js';

/**
 * A sale whose host has not let its address show yet (issue 38): a route plan leads to its street
 * and a pin within a block, as do favourites and the sale's calendar file; the host sees it whole.
 */
let h: ShopperHarness;
const host = newId();
const member = newId();
let hidden: number;
let shown: number;

beforeAll(async () => {
  h = await ShopperHarness.launch();
  await h.user(host);
  await h.user(member, { premium: true });
  hidden = newId();
  shown = newId();
  // Springfield keeps Central time; the evening before the sale day, far ahead, and one long past.
  await h.sale(hidden, host, {
    title: 'Early birds wait',
    address: '1204 N Maple Dr',
    latitude: 39.8,
    longitude: -89.64,
    address_visible_from: '2099-05-01T18:00',
  });
  await h.sale(shown, host, {
    title: 'Open book',
    address: '9 Elm St',
    latitude: 39.76,
    longitude: -89.66,
    address_visible_from: '2020-05-01T18:00',
  });
});

afterAll(async () => {
  await h?.close();
});

describe('a sale whose address does not show yet', () => {
  it('is planned at its street and its approximate pin', async () => {
    const response = await h
      .api()
      .post('/api/route-plans')
      .set('authorization', await h.bearer(member))
      .send({
        name: 'Saturday',
        date: '2099-05-02',
        startTime: '08:00',
        start: { latitude: 39.78, longitude: -89.65 },
        saleIds: [hidden, shown],
      })
      .expect(201);
    const plan = routePlanSchema.parse(response.body);
    const moved = approximateSalePoint(hidden, 39.8, -89.64);
    expect(plan.stops.find((stop) => stop.saleId === hidden)).toMatchObject({
      address: 'N Maple Dr',
      latitude: moved.latitude,
      longitude: moved.longitude,
    });
    expect(plan.stops.find((stop) => stop.saleId === shown)).toMatchObject({ address: '9 Elm St', latitude: 39.76, longitude: -89.66 });
    const links = [...plan.directions.google, ...plan.directions.apple].join(' ');
    expect(links).not.toContain('39.8,-89.64');
  });

  it('is saved and put in a calendar with its street only, except for its host', async () => {
    await h
      .api()
      .post(`/api/favorites/sales/${hidden}`)
      .set('authorization', await h.bearer(member))
      .expect(201);
    const favorites = (
      await h
        .api()
        .get('/api/favorites')
        .set('authorization', await h.bearer(member))
        .expect(200)
    ).body;
    expect(favorites.sales.find((sale: { id: number }) => sale.id === hidden)).toMatchObject({
      address: 'N Maple Dr',
      address_visible_from: '2099-05-01T18:00',
    });

    const calendarFor = async (userId: number) =>
      readCalendar(
        (
          await h
            .api()
            .get(`/api/sales/${hidden}/calendar.ics`)
            .set('authorization', await h.bearer(userId))
            .expect(200)
        ).text,
      );
    expect(JSON.stringify(await calendarFor(member))).not.toContain('1204');
    expect(JSON.stringify(await calendarFor(member))).toContain('N Maple Dr');
    expect(JSON.stringify(await calendarFor(host))).toContain('1204 N Maple Dr');
  });
});
