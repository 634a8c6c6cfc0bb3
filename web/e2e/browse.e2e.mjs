/**
 * Browsing sales on the map and in the list, as a visitor (city and state only, from the server
 * itself) and signed in (address, host, phone); the filters; a refused location (spec section 2,
 * contract "What a visitor may see").
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { api, audit, browserSession, createItem, createSale, eventually, isoDay, registerAccount, uploadPng } from './helpers.mjs';

describe('browsing sales', () => {
  const session = browserSession(import.meta.filename);
  const stamp = Date.now().toString(36);
  const longDescription = `Everything must go: ${'vintage records, '.repeat(8)}and a piano.`;
  const titles = {
    near: `Records Sale ${stamp}`, // 2 miles from the browser, tomorrow
    evening: `Evening Sale ${stamp}`, // 4 miles, in ten days, 18:00-21:00
    petersburg: `Petersburg Sale ${stamp}`, // 19 miles
    jacksonville: `Jacksonville Sale ${stamp}`, // 31 miles
    newYork: `Manhattan Sale ${stamp}`, // 827 miles
  };
  let host;
  let nearSale;

  // The map is a picture first: a pin per sale; a pin (or any press) turns it into the live map.
  const pin = (page, title) => page.getByRole('group', { name: 'Map of garage sales' }).getByRole('button', { name: title, exact: true });
  const card = (page, title) => page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });

  session.step('a visitor sees nearby sales on the map; a popup shows city and state only', async (page) => {
    host = await registerAccount('browse-host', { firstName: 'Rita', lastName: 'Records', phone: '(217) 555-0199' });
    nearSale = await createSale(host, {
      title: titles.near,
      description: longDescription,
      address: '12 Vinyl Way',
      city: 'Springfield',
      zipCode: '62704',
    });
    await createItem(host, {
      garageSaleId: nearSale.id,
      title: `Jazz LP ${stamp}`,
      category: 'Collectibles',
      price: 8,
      imageUrls: [await uploadPng(host)],
    });
    await createSale(host, {
      title: titles.evening,
      address: '9 Dusk Rd',
      zipCode: '62711',
      startDate: isoDay(10),
      endDate: isoDay(10),
      startTime: '18:00',
      endTime: '21:00',
    });
    await createSale(host, { title: titles.petersburg, address: '1 Main St', city: 'Petersburg', zipCode: '62675' });
    await createSale(host, { title: titles.jacksonville, address: '2 State St', city: 'Jacksonville', zipCode: '62650' });
    await createSale(host, { title: titles.newYork, address: '350 5th Ave', city: 'New York', state: 'NY', zipCode: '10001' });
    // Sales counts a sale's items from items' events (item.created), a moment after the item exists.
    await eventually(async () => (await api('GET', `/api/sales/${nearSale.id}`)).item_count === 1, { what: 'the sale’s item count' });

    // The browse screen's own request, with the location: the landing page asks /api/sales for its
    // photos too, and a tap made before the app is live loads /sales as a new page, leaving that
    // earlier answer's body unreadable.
    const answer = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/sales' && url.searchParams.has('latitude') && response.request().method() === 'GET';
    });
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Browse Garage Sales' }).click();
    await page.getByText('Showing garage sales within 25 miles of your location.').waitFor();
    // The server leaves the private fields out for a visitor; hiding them in the page is not enough.
    const sales = await (await answer).json();
    const mine = sales.filter((sale) => Object.values(titles).includes(sale.title));
    assert.ok(mine.length >= 2, 'the nearby sales are listed');
    for (const sale of mine) {
      for (const field of ['address', 'zip_code', 'phone', 'first_name', 'last_name', 'rating'])
        assert.equal(sale[field], null, `${field} of ${sale.title}`);
      assert.equal(sale.city.length > 0 && sale.state.length === 2, true);
    }

    await pin(page, titles.near).waitFor();
    await pin(page, titles.petersburg).waitFor();
    for (const far of [titles.jacksonville, titles.newYork]) assert.equal(await pin(page, far).count(), 0, `${far} is beyond 25 miles`);
    await page.getByLabel('Map legend').getByText('Your location').waitFor();
    assert.equal(await page.locator('.leaflet-container').count(), 0, 'no Leaflet until the map is reached for');
    await audit(page, 'browse map picture');

    await pin(page, titles.near).dispatchEvent('click'); // pins at one ZIP overlap: click this one
    const popup = page.locator('.leaflet-popup');
    await popup.getByRole('heading', { name: titles.near }).waitFor();
    await popup.getByText('Springfield, IL', { exact: true }).waitFor();
    await popup.getByText('Sign in to see the host and address').waitFor();
    await popup.getByText(`${longDescription.slice(0, 100).trimEnd()}...`).waitFor();
    assert.equal(await popup.getByText('12 Vinyl Way').count(), 0);
    await popup.getByText('1 item', { exact: true }).waitFor();
    // Leaflet fades a popup in; contrast is measured once it is fully shown.
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.leaflet-popup')).opacity === '1');
    await audit(page, 'browse map popup');
    // The live map holds every sale of the answer, at the same places as the picture's pins.
    await page.locator(`.leaflet-marker-icon[title="${titles.petersburg}"]`).waitFor({ state: 'attached' });
  });

  session.step('the list view as a visitor: city, state and distance, never the address', async (page) => {
    await page.getByRole('button', { name: 'List View' }).click();
    const near = card(page, titles.near);
    await near.getByText('Springfield, IL', { exact: true }).waitFor();
    await near.getByText(/^\d+\.\d miles away$/).waitFor();
    assert.equal(await page.getByText('12 Vinyl Way').count(), 0);
    assert.equal(await near.getByText('Rita Records').count(), 0);
    await audit(page, 'browse list');
  });

  session.step('filters by radius, dates and hours', async (page) => {
    await page.getByLabel('Radius').selectOption('50');
    await card(page, titles.jacksonville).waitFor();
    assert.equal(await card(page, titles.newYork).count(), 0);
    await page.getByLabel('Radius').selectOption('10');
    await card(page, titles.near).waitFor();
    await card(page, titles.petersburg).waitFor({ state: 'detached' });

    await page.getByLabel('Start Date').fill(isoDay(8));
    await page.getByLabel('End Date').fill(isoDay(12));
    await card(page, titles.evening).waitFor();
    await card(page, titles.near).waitFor({ state: 'detached' });
    await page.getByLabel('Start Time').fill('08:00');
    await page.getByLabel('End Time').fill('12:00');
    await page.getByRole('heading', { name: 'No garage sales found' }).waitFor(); // the evening sale opens at 6 PM
    await page.getByRole('link', { name: 'create a garage sale' }).waitFor();
    await audit(page, 'browse with no sales found');
    await page.getByLabel('Start Time').fill('17:00'); // ends at noon, starts at 5 PM: not asked of the server
    await page.getByText('End time must be after the start time').waitFor();
    await page.getByRole('heading', { name: 'Check the dates and times' }).waitFor();
    await page.getByLabel('End Time').fill('19:00');
    await card(page, titles.evening).waitFor();
    assert.match(page.url(), /startDate=.*startTime=17%3A00/);

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await card(page, titles.petersburg).waitFor();
    await card(page, titles.near).waitFor();
  });

  session.step('a visitor opens a sale: city and state only, with a way to sign in', async (page) => {
    await card(page, titles.near)
      .getByRole('link', { name: `View sale: ${titles.near}` })
      .click();
    await page.getByRole('heading', { level: 1, name: titles.near }).waitFor();
    await page.getByText('Springfield, IL', { exact: true }).waitFor();
    await page.getByText('Sign in to see the full address, the host and their phone number.').waitFor();
    await page.getByRole('link', { name: `Jazz LP ${stamp}` }).waitFor();
    for (const secret of ['12 Vinyl Way', '(217) 555-0199', 'Rita']) assert.equal(await page.getByText(secret).count(), 0, secret);
    assert.equal(await page.getByRole('button', { name: 'Delete Sale' }).count(), 0);
    await audit(page, 'sale as a visitor');
  });

  session.step('signs in from the sale page and comes back to the address, host and phone', async (page) => {
    const shopper = await registerAccount('browse-shopper', { firstName: 'Sam' });
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel(/^Email/).fill(shopper.email);
    await page.getByLabel(/^Password/).fill(shopper.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`**/sales/${nearSale.id}`);
    await page.getByText('12 Vinyl Way').waitFor();
    await page.getByText('Springfield, IL 62704').waitFor();
    await page.getByText('Rita Records').waitFor();
    await page.getByRole('link', { name: '(217) 555-0199' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Delete Sale' }).count(), 0, 'not the owner');
    await audit(page, 'sale signed in');
  });

  session.step('signed in, the map popup and the list name the host and the address', async (page) => {
    await page.getByRole('banner').getByRole('link', { name: 'Browse Garage Sales' }).click();
    await pin(page, titles.near).waitFor();
    await pin(page, titles.near).dispatchEvent('click');
    const popup = page.locator('.leaflet-popup');
    await popup.getByText('Host: Rita Records').waitFor();
    await popup.getByText('12 Vinyl Way, Springfield, IL 62704').waitFor();
    await page.getByRole('button', { name: 'List View' }).click();
    await card(page, titles.near).getByText('12 Vinyl Way, Springfield, IL 62704').waitFor();
  });

  session.step('an unknown sale is Sale Not Found', async (page) => {
    await page.goto('/sales/2147483000');
    await page.getByRole('heading', { level: 1, name: 'Sale Not Found' }).waitFor();
    await audit(page, 'sale not found');
  });

  session.step('without the location, a warning with Try Again, then nearby sales once allowed', async (page) => {
    const context = page.context();
    await context.clearPermissions();
    await page.goto('/sales');
    await page.getByText('Location access denied. Please enable location permissions to see nearby sales.').waitFor();
    await card(page, titles.newYork).or(pin(page, titles.newYork)).first().waitFor(); // sales everywhere instead
    await audit(page, 'browse without location');
    await context.grantPermissions(['geolocation']);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByText('Showing garage sales within 25 miles of your location.').waitFor();
    await pin(page, titles.newYork).waitFor({ state: 'detached' });
  });
});
