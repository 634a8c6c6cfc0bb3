/**
 * Live status on a phone (375 px): the host taps "Winding down" on the sale's day; a shopper at
 * the sale sees it with how long ago, answers "Still going?", and is told when she already has.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { api, audit, browserSession, createSale, registerAccount, restoreSession } from './helpers.mjs';

/** Today on the sale's clock (62701 is Springfield, Illinois: Central time). */
function chicagoToday() {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
  return parts;
}

describe('live status on a phone', () => {
  const session = browserSession(import.meta.filename, { viewport: { width: 375, height: 812 }, mobile: true });
  const stamp = Date.now().toString(36);
  const saleTitle = `Live Sale ${stamp}`;
  let host;
  let shopper;
  let sale;

  async function fitsTheScreen(page, screen) {
    const [scrollWidth, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(scrollWidth <= width, `${screen} scrolls sideways: ${scrollWidth}px content in a ${width}px screen`);
  }

  session.step('the host taps "Winding down" on the day of the sale', async (page) => {
    host = await registerAccount('live-host', { firstName: 'Hana' });
    shopper = await registerAccount('live-shopper', { firstName: 'Sol' });
    const today = chicagoToday();
    sale = await createSale(host, { title: saleTitle, startDate: today, endDate: today, startTime: '00:00', endTime: '23:59' });
    assert.equal(sale.time_zone, 'America/Chicago');
    await restoreSession(page, host, `/sales/${sale.id}`);
    const buttons = page.getByRole('group', { name: 'Live status' });
    await buttons.waitFor();
    for (const name of ['Open now', 'Winding down', 'Closed early']) {
      const box = await buttons.getByRole('button', { name }).boundingBox();
      assert.ok(box && box.height >= 44, `"${name}" is a thumb-sized target`);
    }
    await buttons.getByRole('button', { name: 'Winding down' }).tap();
    await page.getByText('Winding down · just now').first().waitFor();
    assert.equal(await buttons.getByRole('button', { name: 'Winding down' }).getAttribute('aria-pressed'), 'true');
    await fitsTheScreen(page, 'host sale page');
    await audit(page, 'live status host');
    assert.equal((await api('GET', `/api/sales/${sale.id}`)).live_state, 'winding_down');
  });

  session.step('a shopper at the sale sees it, answers "Still going?" and is told she already answered', async (page) => {
    await session.context.setGeolocation({ latitude: sale.latitude, longitude: sale.longitude });
    await restoreSession(page, shopper, `/sales/${sale.id}`);
    await page.getByText('Winding down · just now').first().waitFor();
    assert.equal(await page.getByRole('group', { name: 'Live status' }).count(), 0, 'no host buttons for a shopper');
    await page.getByRole('button', { name: 'Yes, it’s on' }).tap();
    await page.getByText('Thanks, your answer helps other shoppers.').waitFor();
    await page.getByText('Confirmed just now by 1 shopper').waitFor();
    await page.getByRole('button', { name: 'No, it’s over' }).tap();
    await page.getByRole('alert').filter({ hasText: 'You already answered for this sale in the last hour' }).waitFor();
    await fitsTheScreen(page, 'shopper sale page');
    await audit(page, 'live status shopper');
  });

  session.step('the sales list shows the state on the sale card', async (page) => {
    await page.goto('/sales');
    await page.getByRole('button', { name: 'List View' }).click();
    const card = page.locator('article').filter({ hasText: saleTitle });
    await card.getByText(/^Winding down · /).waitFor();
    await fitsTheScreen(page, 'sales list');
  });
});
