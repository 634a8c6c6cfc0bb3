import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { wallClockAt } from '@garage/contracts';
import { routeOf } from '@garage/gateway';
import { UNAVAILABLE } from '@garage/service-kit';
import { readCalendar } from './calendar-reader.js';
import { ShopperHarness, newId } from './harness.js';

/** "Add to calendar" on a sale: `GET /api/sales/{id}/calendar.ics`, public, in the sale's own time zone. */
let h: ShopperHarness;
const host = newId();

const calendarOf = (saleId: number, bearer?: string) => {
  const call = h.api().get(`/api/sales/${saleId}/calendar.ics`);
  return bearer ? call.set('authorization', bearer) : call;
};

beforeAll(async () => {
  h = await ShopperHarness.launch();
  await h.user(host);
});

afterAll(async () => {
  await h?.close();
});

describe('GET /api/sales/{id}/calendar.ics', () => {
  it("is a calendar file to download, one event at the sale's hours in its zone; a visitor sees the city and state only", async () => {
    const sale = await h.sale(newId(), host, {
      title: 'Moving sale',
      start_date: '2099-05-02',
      end_date: '2099-05-02',
      start_time: '08:00',
      end_time: '12:30',
    });
    const response = await calendarOf(sale.id).expect(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="garage-sale-${sale.id}.ics"`);
    const [event, ...others] = readCalendar(response.text);
    expect(others).toEqual([]);
    expect(event!.properties).toMatchObject({ SUMMARY: 'Moving sale', LOCATION: 'Springfield, IL', UID: `sale-${sale.id}@garage` });
    expect(event!.properties.DESCRIPTION).toContain(`https://garage.test/sales/${sale.id}`);
    expect(event!.params.DTSTART!.TZID).toBe('America/Chicago');
    // 08:00 and 12:30 central daylight time (UTC−5).
    expect(event!.start.toISOString()).toBe('2099-05-02T13:00:00.000Z');
    expect(event!.end.toISOString()).toBe('2099-05-02T17:30:00.000Z');
    expect(event!.properties.RRULE).toBeUndefined();
    expect(response.text).not.toContain('12 Oak St');
  });

  it('gives a signed-in user the street address', async () => {
    const sale = await h.sale(newId(), host);
    const [event] = readCalendar((await calendarOf(sale.id, await h.bearer(newId())).expect(200)).text);
    expect(event!.properties.LOCATION).toBe('12 Oak St, Springfield, IL 62701');
  });

  it('makes a multi-day sale a daily event with the daily hours, right across the change to summer time', async () => {
    // US summer time starts on Sunday 8 March 2099: 08:00 is 14:00 UTC on the 7th, 13:00 UTC after.
    const sale = await h.sale(newId(), host, { start_date: '2099-03-07', end_date: '2099-03-09', start_time: '08:00', end_time: '16:00' });
    const [event] = readCalendar((await calendarOf(sale.id).expect(200)).text);
    expect(event!.properties.RRULE).toMatch(/^FREQ=DAILY;UNTIL=/);
    expect(event!.occurrences.map((at) => at.toISOString())).toEqual([
      '2099-03-07T14:00:00.000Z',
      '2099-03-08T13:00:00.000Z',
      '2099-03-09T13:00:00.000Z',
    ]);
    for (const at of event!.occurrences) expect(wallClockAt(at, 'America/Chicago').minute).toBe(8 * 60);
    // Each occurrence lasts the daily hours, not the whole sale.
    expect(event!.end.getTime() - event!.start.getTime()).toBe(8 * 3600_000);
  });

  it("takes the zone from the sale's place: the Florida panhandle is Central, Miami Eastern, Los Angeles Pacific", async () => {
    const places = [
      [30.42, -87.22, 'America/Chicago'],
      [25.76, -80.19, 'America/New_York'],
      [34.05, -118.24, 'America/Los_Angeles'],
    ] as const;
    for (const [latitude, longitude, zone] of places) {
      const sale = await h.sale(newId(), host, { latitude, longitude });
      const [event] = readCalendar((await calendarOf(sale.id).expect(200)).text);
      expect(event!.params.DTSTART!.TZID).toBe(zone);
      expect(wallClockAt(event!.start, zone)).toEqual({ date: '2099-05-02', minute: 8 * 60 });
    }
  });

  it('answers 404 for a deleted sale, a retryable 503 for one unknown here while the sales service cannot be asked, and 400 for a bad id, as JSON', async () => {
    // The sales service is not running here; with it answering, an id it has not either is a 404
    // (deploy/standalone, owners.test.ts).
    const unknown = await calendarOf(999_999).expect(503);
    expect(unknown.headers['retry-after']).toBe('1');
    expect(unknown.body).toEqual({ error: UNAVAILABLE });
    const sale = await h.sale(newId(), host);
    await h.publishAndApply('sale.deleted', 2, { id: sale.id, user_id: host });
    await calendarOf(sale.id).expect(404);
    const bad = await h.api().get('/api/sales/abc/calendar.ics').expect(400);
    expect(bad.headers['content-type']).toMatch(/^application\/json/);
  });

  it('is routed to the shopper by the gateway, while the rest of /api/sales stays with sales', () => {
    expect(routeOf('/api/sales/12/calendar.ics')).toBe('shopper');
    expect(routeOf('/api/sales/12')).toBe('sales');
    expect(routeOf('/api/sales/my-sales')).toBe('sales');
    expect(routeOf('/api/sales/12/calendar.ics/x')).toBe('sales');
    expect(routeOf('/api/favorites/sales/3')).toBe('shopper');
    expect(routeOf('/api/route-plans/3/calendar.ics')).toBe('shopper');
  });
});
