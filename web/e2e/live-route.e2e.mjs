/**
 * A route day and a host's word, on phones (375 px): a shopper has two sales in today's plan and
 * her route page open. One host taps "Winding down" on her own phone; the shopper, back in the app,
 * sees the stop change ("Winding down · just now"), finds it on the item she searched for too, and
 * re-plans the rest of the day from where the browser says she is.
 *
 * "Today" is the sales' own day (route-day-helpers.mjs).
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import {
  api,
  assertFitsViewport,
  audit,
  BASE_URL,
  browserSession,
  createItem,
  createSale,
  eventually,
  registerAccount,
  restoreSession,
} from './helpers.mjs';
import { clockIn, placeForToday, premium, todaysSale } from './route-day-helpers.mjs';

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** What a phone's browser does when its owner comes back to it: the page becomes visible again. */
async function backInTheApp(page) {
  await page.evaluate(() => {
    const become = (state) => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    };
    become('hidden');
    become('visible');
  });
}

describe('a host winds down while a shopper follows her route, on phones', () => {
  const session = browserSession(import.meta.filename, { viewport: PHONE.viewport, mobile: true });
  const place = placeForToday();
  /** Where the shopper's phone says she is: near the plan's start, not at it. */
  const here = { latitude: place.latitude + 0.004, longitude: place.longitude + 0.004 };
  const stamp = Date.now().toString(36);
  const sale = (title, address) => todaysSale(place, title, address);
  let host;
  let shopper;
  let winding;
  let other;
  let plan;
  let hostPhone;

  session.step('a shopper has two sales in today’s plan and her route page open', async (page) => {
    await page.context().setGeolocation(here);
    host = await registerAccount('live-route-host', { firstName: 'Hana', lastName: 'Host' });
    const otherHost = await registerAccount('live-route-other', { firstName: 'Omar', lastName: 'Host' });
    winding = await createSale(host, sale(`Porch Sale ${stamp}`, '12 Elm St'));
    other = await createSale(otherHost, sale(`Block Sale ${stamp}`, '40 Church St'));
    await createItem(host, { garageSaleId: winding.id, title: `Banjo ${stamp}`, category: 'Other', price: 35 });
    shopper = await premium(await registerAccount('live-route-shopper', { firstName: 'Sam', lastName: 'Shopper' }));
    plan = await api('POST', '/api/route-plans', {
      token: shopper.token,
      body: {
        name: `Today ${stamp}`,
        date: clockIn(place.zone).date,
        startTime: clockIn(place.zone).time,
        start: { latitude: place.latitude, longitude: place.longitude },
        saleIds: [winding.id, other.id],
        minutesPerStop: 15,
      },
    });
    assert.deepEqual(plan.stops.map((stop) => stop.saleId).sort(), [winding.id, other.id].sort());

    await restoreSession(page, shopper, `/plan/${plan.id}`);
    await page.getByRole('heading', { level: 1, name: `Today ${stamp}` }).waitFor();
    const stops = page.getByRole('list', { name: 'Stops in driving order' });
    await stops.getByRole('listitem').filter({ hasText: winding.title }).waitFor();
    assert.equal(await stops.getByTestId('live-state').count(), 0, 'nothing said of either sale yet');
  });

  session.step('the host taps "Winding down" on her phone', async () => {
    const context = await session.browser.newContext({
      baseURL: BASE_URL,
      locale: 'en-US',
      timezoneId: Intl.DateTimeFormat().resolvedOptions().timeZone,
      ...PHONE,
    });
    await context.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 204, body: '' }));
    hostPhone = await context.newPage();
    hostPhone.on('pageerror', (error) => session.errors.push(`host pageerror: ${error.message}`));
    await restoreSession(hostPhone, host, `/sales/${winding.id}`);
    const buttons = hostPhone.getByRole('group', { name: 'Live status' });
    await buttons.getByRole('button', { name: 'Winding down' }).tap();
    await hostPhone.getByText('Winding down · just now').first().waitFor();
    await audit(hostPhone, 'host taps winding down, 375px');
    await eventually(
      async () =>
        (await api('GET', `/api/route-plans/${plan.id}`, { token: shopper.token })).stops.some((stop) => stop.liveState === 'winding_down'),
      { what: 'the plan to read the stop as winding down' },
    );
    await context.close();
  });

  session.step('back in the app, the shopper sees the stop winding down, on her route and in search', async (page) => {
    await backInTheApp(page);
    const stops = page.getByRole('list', { name: 'Stops in driving order' });
    const stop = stops.getByRole('listitem').filter({ hasText: winding.title });
    await stop.getByText('Winding down · just now').waitFor();
    const still = stops.getByRole('listitem').filter({ hasText: other.title });
    assert.equal(await still.getByTestId('live-state').count(), 0, 'the other stop says nothing');
    await audit(page, 'route stop winding down, 375px');
    await assertFitsViewport(page, 'route stop winding down');

    await page.goto(`/search?q=${encodeURIComponent(`Banjo ${stamp}`)}`);
    const card = page.locator('article').filter({ hasText: `Banjo ${stamp}` });
    await card.getByText('Winding down · just now').waitFor();
    await audit(page, 'search result winding down, 375px');
    await assertFitsViewport(page, 'search result winding down');
  });

  session.step('she re-plans the rest of the day from where she is', async (page) => {
    await page.goto(`/plan/${plan.id}`);
    await page.getByRole('heading', { level: 1, name: `Today ${stamp}` }).waitFor();
    const [sent] = await Promise.all([
      page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith(`/api/route-plans/${plan.id}/replan`)),
      page.getByRole('button', { name: 'Re-plan from here' }).click(),
    ]);
    await page.getByRole('heading', { name: /Re-planned from here at/ }).waitFor();
    // From where the phone says she is, not from the plan's start.
    assert.deepEqual(sent.postDataJSON(), { latitude: here.latitude, longitude: here.longitude });
    const replanned = await (await sent.response()).json();
    assert.deepEqual([replanned.start.latitude, replanned.start.longitude], [here.latitude, here.longitude]);
    assert.equal(replanned.replannedFrom, plan.id);
    const stops = page.getByRole('list', { name: 'Stops in driving order' });
    const titles = (await stops.getByRole('heading', { level: 3 }).allTextContents()).map((text) => text.replace(/^Stop \d+: /, ''));
    assert.deepEqual(titles.sort(), [winding.title, other.title].sort(), 'both sales are still on');
    await stops.getByRole('listitem').filter({ hasText: winding.title }).getByText('Winding down · just now').waitFor();
    await audit(page, 'route re-planned with a stop winding down, 375px');
    await assertFitsViewport(page, 'route re-planned with a stop winding down');
  });
});
