/**
 * Item search with each filter, and an item's page, as a visitor and signed in (spec section 2,
 * contract: search results and the nested sale follow the visitor rules).
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { audit, browserSession, createItem, createSale, isoDay, registerAccount, restoreSession, uploadPng } from './helpers.mjs';

describe('searching items', () => {
  const session = browserSession(import.meta.filename);
  const stamp = Date.now().toString(36);
  const titles = {
    floor: `Brass Floor Lamp ${stamp}`, // Home & Garden, $25, good, 3 photos
    desk: `LED Desk Lamp ${stamp}`, // Electronics, $8, new
    reading: `Reading Lamp ${stamp}`, // Home & Garden, $60, fair
    standalone: `Standalone Lamp ${stamp}`, // in no sale: never in search
    far: `Jacksonville Lamp ${stamp}`, // 31 miles away
  };
  const saleTitle = `Rochester Lamp Sale ${stamp}`;
  let floorLamp;

  const result = (page, title) => page.getByRole('region', { name: 'Search results' }).getByRole('article').filter({ hasText: title });
  /** Fills the form and submits it; resolves once the results of this very search are shown. */
  async function search(page, fields) {
    for (const [label, value] of Object.entries(fields)) {
      const field = page.getByLabel(label, { exact: true });
      if ((await field.evaluate((element) => element.tagName)) === 'SELECT') await field.selectOption(value);
      else await field.fill(value);
    }
    const before = page.url();
    const blank = (await page.getByLabel('Search for items').inputValue()).trim() === '';
    const answered = blank ? null : page.waitForResponse((response) => new URL(response.url()).pathname === '/api/items/search');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.href !== before);
    await answered;
    await page.getByText('Searching items...').waitFor({ state: 'detached' });
  }
  async function expectResults(page, present, absent) {
    for (const title of present) await result(page, title).waitFor();
    for (const title of absent) assert.equal(await result(page, title).count(), 0, `${title} should not be found`);
  }

  session.step('a visitor starts with an empty search, then finds items by another form of a word', async (page) => {
    const host = await registerAccount('lamp-host', { firstName: 'Gina', lastName: 'Lumen' });
    const sale = await createSale(host, {
      title: saleTitle,
      address: '5 Light St',
      city: 'Rochester',
      zipCode: '62563',
      startDate: isoDay(1),
      endDate: isoDay(3),
    });
    const photos = [await uploadPng(host, 80, 60), await uploadPng(host, 60, 80), await uploadPng(host, 50, 50)];
    floorLamp = await createItem(host, {
      garageSaleId: sale.id,
      title: titles.floor,
      description: 'A tall brass floor lamp with a linen shade.',
      category: 'Home & Garden',
      price: 25,
      originalPrice: 40,
      condition: 'good',
      brand: 'Stiffel',
      dimensions: '62 in tall',
      weight: '12 lbs',
      imageUrls: photos,
    });
    await createItem(host, { garageSaleId: sale.id, title: titles.desk, category: 'Electronics', price: 8, condition: 'new' });
    await createItem(host, { garageSaleId: sale.id, title: titles.reading, category: 'Home & Garden', price: 60, condition: 'fair' });
    await createItem(host, { title: titles.standalone, category: 'Home & Garden', price: 1 });
    const farSale = await createSale(host, { title: `Jacksonville Sale ${stamp}`, city: 'Jacksonville', zipCode: '62650' });
    await createItem(host, { garageSaleId: farSale.id, title: titles.far, category: 'Home & Garden', price: 15 });

    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Search for Items' }).click();
    await page.getByRole('heading', { name: 'Start Searching' }).waitFor();
    await audit(page, 'search start');
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/items/search');
    await search(page, { 'Search for items': 'lamps' });
    await expectResults(page, [titles.floor, titles.desk, titles.reading], [titles.standalone, titles.far]);
    const results = await (await answer).json(); // what the server itself sends a visitor
    const floor = results.find((item) => item.title === titles.floor);
    assert.equal(floor.first_name, null, 'a visitor gets no seller name');
    assert.equal(floor.sale.address, null, 'nor the sale’s address');

    const card = result(page, titles.floor);
    await card.getByText(/^Rochester, IL · Starts /).waitFor();
    await card.getByRole('link', { name: saleTitle }).waitFor();
    await card.getByText('Sign in to see the seller').waitFor();
    await card.getByRole('link', { name: 'Upgrade to Reserve' }).waitFor();
    await card.getByText('$25.00').waitFor();
    await page.waitForFunction(
      (alt) => [...document.images].some((img) => img.alt === alt && img.complete && img.naturalWidth > 0),
      titles.floor,
    );
    await audit(page, 'search results');
  });

  session.step('each filter narrows the results: category, max price, condition, radius', async (page) => {
    await search(page, { Category: 'Electronics' });
    await expectResults(page, [titles.desk], [titles.floor, titles.reading]);
    assert.match(page.url(), /category=Electronics/);

    await search(page, { Category: '', 'Max Price ($)': '30' });
    await expectResults(page, [titles.floor, titles.desk], [titles.reading]);

    await search(page, { 'Max Price ($)': '', Condition: 'fair' });
    await expectResults(page, [titles.reading], [titles.floor, titles.desk]);

    await search(page, { Condition: '', Radius: '50' });
    await expectResults(page, [titles.far, titles.floor], [titles.standalone]);
    await search(page, { Radius: '5' }); // Rochester is 6 miles away
    await expectResults(page, [], [titles.floor, titles.desk, titles.reading, titles.far]);

    await search(page, { Radius: '25', 'Search for items': `zebra${stamp}` });
    await page.getByRole('heading', { name: 'No items found' }).waitFor();
    await audit(page, 'search without results');
    await search(page, { 'Search for items': '   ' });
    await page.getByRole('heading', { name: 'Start Searching' }).waitFor();
  });

  session.step('an item’s page for a visitor: photos, prices, status and the sale without its address', async (page) => {
    await search(page, { 'Search for items': 'brass lamp' });
    await result(page, titles.floor).getByRole('link', { name: titles.floor }).click();
    await page.waitForURL(`**/items/${floorLamp.id}`);
    await page.getByRole('heading', { level: 1, name: titles.floor }).waitFor();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await breadcrumb.getByRole('link', { name: 'Sales' }).waitFor();
    await breadcrumb.getByRole('link', { name: saleTitle }).waitFor();
    await page.getByRole('img', { name: `${titles.floor}, photo 1 of 3` }).waitFor();
    await page.getByRole('button', { name: 'Show photo 3' }).click();
    await page.getByRole('img', { name: `${titles.floor}, photo 3 of 3` }).waitFor();
    await page.getByText('Original price $40.00').waitFor();
    await page.getByText('Available', { exact: true }).waitFor();
    for (const text of ['Home & Garden', 'Good', 'Stiffel', '62 in tall', '12 lbs', 'A tall brass floor lamp with a linen shade.']) {
      await page.getByText(text, { exact: true }).first().waitFor();
    }
    const box = page.getByRole('region', { name: 'Garage Sale Details' });
    await box.getByText('8:00 AM - 4:00 PM').waitFor();
    await box.getByText(/ - /).first().waitFor(); // a three-day sale shows a date range
    await box.getByText('Rochester, IL', { exact: true }).waitFor();
    await box.getByText('Sign in to see the full address and the seller.').waitFor();
    assert.equal(await box.getByText('5 Light St').count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Contact Seller' }).count(), 0);
    await audit(page, 'item as a visitor');
  });

  session.step('signed in: results name the seller; the item page shows the address and Contact Seller', async (page) => {
    const shopper = await registerAccount('lamp-shopper');
    await restoreSession(page, shopper, '/search?q=lamps');
    await result(page, titles.floor).getByText('Seller: Gina Lumen').waitFor();
    await result(page, titles.floor).getByRole('link', { name: titles.floor }).click();
    const box = page.getByRole('region', { name: 'Garage Sale Details' });
    await box.getByText('5 Light St, Rochester, IL').waitFor();
    await box.getByText('Gina Lumen').waitFor();
    await page.getByRole('button', { name: 'Contact Seller' }).click();
    await page.getByLabel(/Your message to the seller/).waitFor();
    await audit(page, 'item signed in');
  });
});
