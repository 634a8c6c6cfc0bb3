/**
 * The premium planning tools (docs/api-premium.md): a heart on a sale puts it on the Saved page; a
 * shopper who upgrades in the TEST MODE step saves a search, and when another user lists a
 * matching item the bell shows it and leads to the item; a sale's calendar file; a route through
 * three sales, one of which cannot fit, with its printable page and calendar file; and a free
 * user's planner preview with the upgrade call (the server refuses the full plan).
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import {
  api,
  audit,
  browserSession,
  createItem,
  createSale,
  eventually,
  isoDay,
  registerAccount,
  restoreSession,
  uploadPng,
} from './helpers.mjs';

/** A call that may be refused (403 until the shopper service has heard of the upgrade). */
async function answers(method, urlPath, token) {
  try {
    await api(method, urlPath, { token });
    return true;
  } catch {
    return false;
  }
}

describe('premium planning tools', () => {
  const session = browserSession(import.meta.filename);
  const stamp = Date.now().toString(36);
  // A word no other item has: letters only, so the search engine keeps it as one word.
  const word = `theremin${stamp.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)])}`;
  const titles = {
    lakeside: `Lakeside Sale ${stamp}`,
    maple: `Maple Court Sale ${stamp}`,
    early: `Early Bird Sale ${stamp}`,
    item: `Vintage ${word}`,
  };
  const searchName = `Theremins ${stamp}`;
  let host;
  let shopper;
  let seller;
  const sales = {};
  let savedPlanId;

  const card = (page, title) => page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  const accountMenu = async (page, item) => {
    await page.getByRole('banner').getByRole('button', { name: /Tess/ }).click();
    await page.getByRole('menuitem', { name: item, exact: true }).click();
  };

  session.step('a shopper hearts a sale in the list and finds it on the Saved page', async (page) => {
    host = await registerAccount('tools-host', { firstName: 'Hal', lastName: 'Host' });
    sales.lakeside = await createSale(host, { title: titles.lakeside, address: '8 Shore Dr', zipCode: '62704' });
    sales.maple = await createSale(host, { title: titles.maple, address: '21 Maple Ct', zipCode: '62702' });
    // Closes half an hour after it opens: a day that starts at 9:00 cannot reach it.
    sales.early = await createSale(host, {
      title: titles.early,
      address: '3 Dawn Rd',
      zipCode: '62703',
      startTime: '08:00',
      endTime: '08:30',
    });
    shopper = await registerAccount('tools-shopper', { firstName: 'Tess', lastName: 'Shopper' });

    await restoreSession(page, shopper, '/sales');
    await page.getByText('Showing garage sales within 25 miles of your location.').waitFor();
    await page.getByRole('button', { name: 'List View' }).click();
    const heart = card(page, titles.lakeside).getByRole('button', { name: `Save sale: ${titles.lakeside}` });
    assert.equal(await heart.getAttribute('aria-pressed'), 'false');
    const saved = page.waitForResponse((response) => response.url().endsWith(`/api/favorites/sales/${sales.lakeside.id}`));
    await heart.click();
    assert.equal((await saved).status(), 201);
    const filled = card(page, titles.lakeside).getByRole('button', { name: `Saved: ${titles.lakeside}` });
    assert.equal(await filled.getAttribute('aria-pressed'), 'true');
    await audit(page, 'browse list with hearts');

    await accountMenu(page, 'Saved');
    await page.waitForURL('**/saved');
    const savedSales = page.getByRole('region', { name: 'Saved Sales (1)' });
    await savedSales.getByRole('link', { name: titles.lakeside }).waitFor();
    await page.getByRole('region', { name: 'Saved Items (0)' }).waitFor();
    await audit(page, 'saved page');
    // The sale's own page shows the same heart, filled.
    await savedSales.getByRole('link', { name: titles.lakeside }).click();
    await page.getByRole('heading', { level: 1, name: titles.lakeside }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Saved', exact: true }).getAttribute('aria-pressed'), 'true');
  });

  session.step('upgrades in the TEST MODE step and saves an item search with its place', async (page) => {
    await page.goto('/search?q=theremin');
    await page.getByRole('link', { name: 'Upgrade to save searches' }).click();
    await page.waitForURL('**/subscribe');
    await page.getByRole('button', { name: 'Upgrade Now' }).click();
    await page.getByRole('button', { name: 'Complete Test Payment ($1.99)' }).click();
    await page.getByRole('heading', { name: "You're Premium!" }).waitFor();
    // The shopper service hears of the upgrade from auth's event, a moment later.
    await eventually(() => answers('GET', '/api/saved-searches', shopper.token), { what: 'the shopper service to see the premium' });

    await page.goto(`/search?q=${word}`);
    await page.getByRole('heading', { name: 'No items found' }).waitFor();
    await page.getByText('Around your location').waitFor(); // the search holds the place now
    await page.getByRole('button', { name: 'Save this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save This Search' });
    await dialog.getByText(`“${word}” · within 25 miles`).waitFor();
    await dialog.getByLabel(/^Name/).fill('');
    await dialog.getByRole('button', { name: 'Save Search' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel(/^Name/).fill(searchName);
    assert.equal(await dialog.getByText('Name is required').count(), 0, 'the message goes once the name is typed');
    assert.equal(await dialog.getByRole('radio', { name: /Instant/ }).isChecked(), true);
    await audit(page, 'save search dialog');
    await dialog.getByRole('button', { name: 'Save Search' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Saved “${searchName}”.` })
      .waitFor();
    const [mine] = await api('GET', '/api/saved-searches', { token: shopper.token });
    assert.equal(mine.name, searchName);
    assert.equal(mine.q, word);
    assert.equal(mine.frequency, 'instant');
    assert.equal(mine.radius, 25);
    assert.ok(Math.abs(mine.latitude - 39.7817) < 0.01, 'the browser’s location is saved with the search');

    await accountMenu(page, 'Saved Searches');
    await page.waitForURL('**/saved-searches');
    const saved = page.getByRole('article').filter({ has: page.getByRole('heading', { name: searchName }) });
    await saved.getByText('0 alerts').waitFor();
    await saved.getByText('Instant').waitFor();
    await audit(page, 'saved searches');
  });

  session.step('another user lists a matching item: the bell shows 1 and leads to the item', async (page) => {
    // The upgrade's receipt is in the bell too: read it, so the bell counts the match alone.
    await eventually(
      async () => (await api('GET', '/api/alerts', { token: shopper.token })).alerts.some((alert) => alert.kind === 'membership'),
      { what: 'the receipt of the upgrade' },
    );
    await api('POST', '/api/alerts/read-all', { token: shopper.token });
    seller = await registerAccount('tools-seller', { firstName: 'Sid' });
    const sale = await createSale(seller, { title: `Music Sale ${stamp}`, address: '4 Chord St', zipCode: '62704' });
    const item = await createItem(seller, { garageSaleId: sale.id, title: titles.item, category: 'Electronics', price: 40 });
    await eventually(async () => (await api('GET', '/api/alerts/unread-count', { token: shopper.token })).unreadCount === 1, {
      what: 'the match alert',
    });
    // The bell asks every minute and whenever the window comes back into view.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    const bell = page.getByRole('banner').getByRole('button', { name: 'Alerts, 1 unread' });
    await bell.waitFor();
    await bell.click();
    const panel = page.getByRole('region', { name: 'Alerts' });
    const alert = panel.getByRole('link', { name: new RegExp(`New match for "${searchName}": ${titles.item}`) });
    await alert.waitFor();
    await panel.getByText(`${titles.item} for $40.00`).waitFor();
    await audit(page, 'alerts panel');
    await alert.click();
    await page.waitForURL(`**/items/${item.id}`);
    await page.getByRole('heading', { level: 1, name: titles.item }).waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Alerts', exact: true }).waitFor(); // read now
    await eventually(
      async () =>
        (await api('GET', '/api/dev/mail', { token: shopper.token })).messages.some(
          (mail) => mail.to.includes(shopper.email) && mail.text.includes(titles.item),
        ),
      { what: 'the instant email' },
    );
    const [search] = await api('GET', '/api/saved-searches', { token: shopper.token });
    assert.equal(search.alertCount, 1);
  });

  session.step('adds a sale to the calendar: a text/calendar file with the full address', async (page) => {
    await page.goto(`/sales/${sales.lakeside.id}`);
    await page.getByRole('heading', { level: 1, name: titles.lakeside }).waitFor();
    const answer = page.waitForResponse((response) => response.url().endsWith(`/api/sales/${sales.lakeside.id}/calendar.ics`));
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Add to calendar' }).click();
    const response = await answer;
    assert.match(response.headers()['content-type'], /^text\/calendar/);
    const body = await response.text();
    assert.match(body, /BEGIN:VEVENT/);
    assert.match(body, /LOCATION:8 Shore Dr/);
    assert.equal((await download).suggestedFilename(), `garage-sale-${sales.lakeside.id}.ics`);
    await audit(page, 'sale with planning tools');
  });

  session.step('plans a route through three sales; one cannot fit and says why', async (page) => {
    // Two from the list, one from its own page.
    await page.goto('/sales');
    await page.getByRole('button', { name: 'List View' }).click();
    for (const title of [titles.lakeside, titles.maple]) {
      await card(page, title)
        .getByRole('button', { name: `Add to plan: ${title}` })
        .click();
      await card(page, title)
        .getByRole('button', { name: `In your plan: ${title}` })
        .waitFor();
    }
    await page.goto(`/sales/${sales.early.id}`);
    await page.getByRole('button', { name: 'Add to plan' }).click();
    await page.getByRole('button', { name: 'In your plan' }).waitFor();

    await accountMenu(page, 'Route Planner');
    await page.waitForURL('**/plan');
    const picked = page.getByRole('list', { name: 'Sales in your plan' });
    for (const title of [titles.lakeside, titles.maple, titles.early]) await picked.getByRole('link', { name: title }).waitFor();
    assert.equal(await page.getByLabel('Date').inputValue(), isoDay(1));
    await page.getByRole('button', { name: 'Use my location' }).click();
    await page.getByText('Starting from your location.').waitFor();
    await page.getByLabel('Start time').fill('09:00');
    await page.getByLabel('Plan name (optional)').fill(`Tour ${stamp}`);
    await audit(page, 'route planner');
    await page.getByRole('button', { name: 'Plan My Route' }).click();
    await page.waitForURL(/\/plan\/\d+$/);
    const planId = Number(new URL(page.url()).pathname.split('/').pop());
    savedPlanId = planId;

    await page.getByRole('heading', { level: 1, name: `Tour ${stamp}` }).waitFor();
    const stops = page.getByRole('list', { name: 'Stops in driving order' }).getByRole('listitem');
    assert.equal(await stops.count(), 2);
    for (const title of [titles.lakeside, titles.maple])
      await stops
        .filter({ hasText: title })
        .getByText(/^Arrive \d+:\d\d AM$/)
        .waitFor();
    const unplanned = page.getByRole('region', { name: 'Could Not Fit (1 sale)' });
    await unplanned.getByRole('link', { name: titles.early }).waitFor();
    await unplanned.getByText('Already closed when you set out: closes at 8:30 AM, you leave at 9:00 AM', { exact: false }).waitFor();
    const google = page.getByRole('link', { name: 'Google Maps, leg 1 (opens in a new tab)' });
    assert.match(await google.getAttribute('href'), /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&origin=/);
    assert.match(
      await page.getByRole('link', { name: 'Apple Maps, leg 1 (opens in a new tab)' }).getAttribute('href'),
      /^https:\/\/maps\.apple\.com\//,
    );
    const markers = page.locator('.leaflet-marker-icon');
    await markers.first().waitFor();
    assert.deepEqual(await markers.allTextContents(), ['1', '2']);
    await page.waitForFunction(() => document.querySelectorAll('.leaflet-overlay-pane path').length > 0);
    await audit(page, 'route plan');

    const answer = page.waitForResponse((response) => response.url().endsWith(`/api/route-plans/${planId}/calendar.ics`));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download calendar (.ics)' }).click();
    assert.match((await answer).headers()['content-type'], /^text\/calendar/);
    assert.equal((await download).suggestedFilename(), `garage-route-plan-${planId}.ics`);

    await page.getByRole('link', { name: 'Printable view' }).click();
    await page.waitForURL(`**/plan/${planId}/print`);
    const rows = page.getByRole('table', { name: 'Stops in driving order' }).getByRole('row');
    await rows.nth(2).waitFor();
    assert.equal(await rows.count(), 3);
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.getByRole('banner').isVisible(), false, 'printing leaves out the site header');
    assert.equal(await page.getByRole('button', { name: 'Print' }).isVisible(), false);
    await audit(page, 'route plan print');
    await page.emulateMedia({ media: 'screen' });

    await page.goto('/plans');
    await page
      .getByRole('list', { name: 'Your route plans' })
      .getByRole('link', { name: `Tour ${stamp}`, exact: true })
      .waitFor();
  });

  session.step('a saved plan, its sales and their photos open without network', async (page) => {
    const photo = await uploadPng(host, 80, 60);
    await createItem(host, { garageSaleId: sales.lakeside.id, title: `Lantern ${stamp}`, imageUrls: [photo] });
    await page.goto(`/plan/${savedPlanId}`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    // Opened once under the service worker: the plan, its sales and their photos are kept.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `Tour ${stamp}` }).waitFor();
    await page.waitForFunction(
      async ({ ids, photo }) => {
        const kept = async (cache) => (await (await caches.open(cache)).keys()).map((request) => new URL(request.url).pathname);
        const answers = await kept('garage-api');
        return ids.every((id) => answers.includes(`/api/sales/${id}`)) && (await kept('garage-images')).includes(photo);
      },
      { ids: [sales.lakeside.id, sales.maple.id], photo },
    );
    await session.context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('heading', { level: 1, name: `Tour ${stamp}` }).waitFor();
      await page.getByRole('list', { name: 'Stops in driving order' }).getByRole('link', { name: titles.lakeside }).click();
      await page.getByRole('heading', { level: 1, name: titles.lakeside }).waitFor();
      const image = page.locator(`main img[src="${photo}"]`).first();
      await image.scrollIntoViewIfNeeded();
      await image.evaluate((element) => element.decode()); // rejects when the photo cannot be loaded
    } finally {
      await session.context.setOffline(false);
    }
  });

  session.step('a free user gets the planner’s preview with an upgrade call; the server refuses the full plan', async (page) => {
    await restoreSession(page, seller, `/sales/${sales.maple.id}`);
    await page.getByRole('heading', { level: 1, name: titles.maple }).waitFor();
    await page.getByRole('button', { name: 'Add to plan' }).click();
    await page.goto('/plan');
    await page.getByRole('radio', { name: 'A ZIP code' }).check();
    await page.getByLabel('ZIP code', { exact: true }).fill('62701');
    await page.getByRole('button', { name: 'Preview My Route' }).click();
    const preview = page.getByRole('region', { name: 'Your Route Preview' });
    await preview.getByText(/^1 of 1 sale fit on /).waitFor();
    await preview.getByRole('link', { name: 'Upgrade to See Your Route' }).waitFor();
    await audit(page, 'route planner preview');
    await assert.rejects(
      api('POST', '/api/route-plans', {
        token: seller.token,
        body: { date: isoDay(1), startTime: '09:00', start: { zipCode: '62701' }, saleIds: [sales.maple.id] },
      }),
      /answered 403: \{"error":"Premium membership required"\}/,
    );
  });
});

describe('premium planning tools on a phone', () => {
  const session = browserSession(import.meta.filename, { viewport: { width: 390, height: 844 }, mobile: true });
  const stamp = Date.now().toString(36);

  async function fitsTheScreen(page, screen) {
    const [scrollWidth, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(scrollWidth <= width, `${screen} scrolls sideways: ${scrollWidth}px content in a ${width}px screen`);
  }

  session.step('the bell, the heart, the planner and the Saved page fit a phone', async (page) => {
    const host = await registerAccount('phone-tools-host');
    const sale = await createSale(host, { title: `Porch Sale ${stamp}`, address: '6 Porch Ln', zipCode: '62704' });
    const shopper = await registerAccount('phone-tools-shopper', { firstName: 'Pia' });
    await restoreSession(page, shopper, `/sales/${sale.id}`);
    await page.getByRole('heading', { level: 1, name: `Porch Sale ${stamp}` }).waitFor();
    await page.getByRole('button', { name: 'Save sale' }).tap();
    await page.getByRole('button', { name: 'Saved', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add to plan' }).tap();
    await fitsTheScreen(page, 'sale');

    const bell = page.getByRole('banner').getByRole('button', { name: 'Alerts', exact: true });
    await bell.tap();
    await page
      .getByRole('region', { name: 'Alerts' })
      .getByText(/No alerts yet/)
      .waitFor();
    await fitsTheScreen(page, 'alerts panel');
    await audit(page, 'mobile alerts panel');
    await bell.tap();

    await page.getByRole('button', { name: 'Menu' }).tap();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Route Planner' }).tap();
    await page.waitForURL('**/plan');
    await page
      .getByRole('list', { name: 'Sales in your plan' })
      .getByRole('link', { name: `Porch Sale ${stamp}` })
      .waitFor();
    await fitsTheScreen(page, 'route planner');
    await audit(page, 'mobile route planner');

    await page.getByRole('button', { name: 'Menu' }).tap();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Saved', exact: true }).tap();
    await page
      .getByRole('region', { name: 'Saved Sales (1)' })
      .getByRole('link', { name: `Porch Sale ${stamp}` })
      .waitFor();
    await fitsTheScreen(page, 'saved');
  });
});
