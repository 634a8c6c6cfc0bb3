/**
 * The host's kit on a phone (375x812, touch): payment methods and "Address visible from" on the sale
 * form, the payment badge and filter on browse, and the yard sign and price stickers opened from the
 * host's sale page (issue 38).
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { audit, createItem, createSale, browserSession, isoDay, registerAccount, restoreSession } from './helpers.mjs';

describe('the host’s kit on a phone', () => {
  const session = browserSession(import.meta.filename, { viewport: { width: 375, height: 812 }, mobile: true });
  const stamp = Date.now().toString(36);
  let host;
  let sale;

  async function fitsTheScreen(page, screen) {
    const [scrollWidth, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(scrollWidth <= width, `${screen} scrolls sideways: ${scrollWidth}px content in a ${width}px screen`);
  }

  session.step('the host sets payment methods and when the address shows', async (page) => {
    host = await registerAccount('kit-host');
    sale = await createSale(host, { title: `Kit Sale ${stamp}`, startDate: isoDay(2), endDate: isoDay(2) });
    await createItem(host, { garageSaleId: sale.id, title: `Kit Lamp ${stamp}`, price: 12.5 });
    await restoreSession(page, host, `/sales/${sale.id}/edit`);
    await page.getByRole('heading', { name: 'Payment & Address' }).waitFor();
    await page.getByRole('checkbox', { name: 'Venmo' }).tap();
    await page.getByRole('checkbox', { name: 'Cash', exact: true }).tap();
    await page.getByLabel('Address visible from').fill(`${isoDay(1)}T18:00`);
    await fitsTheScreen(page, 'sale form');
    await audit(page, 'sale form with the host kit');
    await page.getByRole('button', { name: 'Update Garage Sale' }).tap();
    await page.waitForURL(`**/sales/${sale.id}`);
    const badges = page.getByRole('list', { name: 'Payment accepted' });
    await badges.getByText('Venmo').waitFor();
    await badges.getByText('Cash', { exact: true }).waitFor();
  });

  session.step('the host opens the yard sign and the price stickers from the sale page', async (page) => {
    await page.getByRole('button', { name: 'Print Yard Sign' }).waitFor();
    await fitsTheScreen(page, 'host sale page');
    await audit(page, 'host sale page with print buttons');
    for (const name of ['Print Yard Sign', 'Print Price Stickers']) {
      const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name }).tap()]);
      await tab.waitForURL(/^blob:/);
      await tab.close();
    }
  });

  session.step('a shopper filters browse by payment and sees the badge', async (page) => {
    const shopper = await registerAccount('kit-shopper');
    await restoreSession(page, shopper, '/sales?paymentMethod=venmo');
    await page.getByRole('button', { name: 'List View' }).tap();
    const card = page.getByRole('article').filter({ hasText: `Kit Sale ${stamp}` });
    await card.getByRole('list', { name: 'Payment accepted' }).getByText('Venmo').waitFor();
    await fitsTheScreen(page, 'browse by payment');
    await audit(page, 'browse filtered by payment');
    await page.goto('/sales?paymentMethod=zelle');
    await page.getByRole('button', { name: 'List View' }).tap();
    await page
      .getByText(/garage sales? found$/)
      .first()
      .waitFor();
    assert.equal(
      await page
        .getByRole('article')
        .filter({ hasText: `Kit Sale ${stamp}` })
        .count(),
      0,
      'a Zelle filter leaves it out',
    );
  });
});
