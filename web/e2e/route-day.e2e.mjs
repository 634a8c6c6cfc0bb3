/**
 * The day of a route, on a phone (375 px): a shopper has two sales in today's plan; one host cancels
 * hers. Opened that day, the plan shows the stop as "Cancelled" and no longer leads there; "Re-plan
 * from here" plans the rest of the day from where the browser says the shopper is, and the new plan
 * goes only to the sale still on.
 *
 * "Today" is the sales' own day (route-day-helpers.mjs).
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { api, assertFitsViewport, audit, browserSession, createSale, eventually, registerAccount, restoreSession } from './helpers.mjs';
import { clockIn, placeForToday, premium, todaysSale } from './route-day-helpers.mjs';

describe('a route on the day a sale is cancelled, on a phone', () => {
  const session = browserSession(import.meta.filename, { viewport: { width: 375, height: 812 }, mobile: true });
  const place = placeForToday();
  const stamp = Date.now().toString(36);
  const sale = (title, address) => todaysSale(place, title, address);
  let host;
  let cancelled;
  let stillOn;
  let plan;

  session.step('a shopper plans today; one host cancels her sale', async (page) => {
    await page.context().setGeolocation({ latitude: place.latitude + 0.004, longitude: place.longitude + 0.004 });
    host = await registerAccount('route-day-host', { firstName: 'Hana', lastName: 'Host' });
    const other = await registerAccount('route-day-other', { firstName: 'Omar', lastName: 'Host' });
    cancelled = await createSale(host, sale(`Cul-de-sac Sale ${stamp}`, '12 Elm St'));
    stillOn = await createSale(other, sale(`Church Rummage ${stamp}`, '40 Church St'));
    const shopper = await premium(await registerAccount('route-day-shopper', { firstName: 'Sam', lastName: 'Shopper' }));
    plan = await api('POST', '/api/route-plans', {
      token: shopper.token,
      body: {
        name: `Today ${stamp}`,
        date: clockIn(place.zone).date,
        startTime: clockIn(place.zone).time,
        start: { latitude: place.latitude, longitude: place.longitude },
        saleIds: [cancelled.id, stillOn.id],
        minutesPerStop: 15,
      },
    });
    assert.deepEqual(plan.stops.map((stop) => stop.saleId).sort(), [cancelled.id, stillOn.id].sort());

    await api('PUT', `/api/sales/${cancelled.id}`, {
      token: host.token,
      body: { ...sale(cancelled.title, '12 Elm St'), status: 'cancelled' },
    });
    await eventually(
      async () =>
        (await api('GET', `/api/route-plans/${plan.id}`, { token: shopper.token })).stops.some((stop) => stop.droppedOut === 'cancelled'),
      { what: 'the cancelled stop dropped out of the plan' },
    );
    await restoreSession(page, shopper, `/plan/${plan.id}`);
  });

  session.step('the plan shows the cancelled stop and re-plans the rest of the day from here', async (page) => {
    await page.getByRole('heading', { level: 1, name: `Today ${stamp}` }).waitFor();
    const stops = page.getByRole('list', { name: 'Stops in driving order' });
    const gone = stops.getByRole('listitem').filter({ hasText: cancelled.title });
    await gone.getByText('Cancelled', { exact: true }).waitFor();
    await page.getByText("A stop has dropped out of today's route.", { exact: false }).waitFor();
    await audit(page, 'route plan with a cancelled stop, 375px');
    await assertFitsViewport(page, 'route plan with a cancelled stop');

    await page.getByRole('button', { name: 'Re-plan from here' }).click();
    await page.getByRole('heading', { name: /Re-planned from here at/ }).waitFor();
    const newStops = page.getByRole('list', { name: 'Stops in driving order' });
    assert.deepEqual(await newStops.getByRole('heading', { level: 3 }).allTextContents(), [`Stop 1: ${stillOn.title}`]);
    await page.getByRole('heading', { name: /Could Not Fit/ }).waitFor();
    await audit(page, 'route re-planned from here, 375px');
    await assertFitsViewport(page, 'route re-planned from here');
    await page.getByRole('button', { name: 'Show the saved plan' }).click();
    await gone.getByText('Cancelled', { exact: true }).waitFor();
  });
});
