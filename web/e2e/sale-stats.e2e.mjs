/**
 * What the listing did, on the host's phone (375 px): shoppers and visitors look at the sale and an
 * item, one saves it; the host's own sale page shows the counts, the bar per day and each item's
 * views, and the host's own looks count for nothing.
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

/** A read of the API as a particular browser would make it (visitors are told apart by it). */
async function look(urlPath, userAgent, token) {
  const headers = { 'user-agent': userAgent, accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(new URL(urlPath, BASE_URL), { headers });
  assert.equal(response.status, 200, `GET ${urlPath}`);
  await response.arrayBuffer();
}

describe('the host reads the stats of a sale on a phone', () => {
  const session = browserSession(import.meta.filename, { viewport: { width: 375, height: 812 }, mobile: true });
  const stamp = Date.now().toString(36);
  let host;
  let sale;

  session.step('shoppers look at the sale and an item, one saves it', async () => {
    host = await registerAccount('stats-host');
    sale = await createSale(host, { title: `Stats Sale ${stamp}` });
    const bike = await createItem(host, { garageSaleId: sale.id, title: `Bike ${stamp}`, price: 40 });
    await createItem(host, { garageSaleId: sale.id, title: `Kettle ${stamp}`, price: 4 });
    const shopper = await registerAccount('stats-shopper');
    await look(`/api/sales/${sale.id}`, 'Mozilla/5.0 (iPhone) Safari/604.1');
    await look(`/api/sales/${sale.id}`, 'Mozilla/5.0 (iPhone) Safari/604.1');
    await look(`/api/sales/${sale.id}`, 'Mozilla/5.0 (Android) Chrome/140.0', shopper.token);
    await look(`/api/items/${bike.id}`, 'Mozilla/5.0 (Android) Chrome/140.0', shopper.token);
    await api('POST', `/api/favorites/sales/${sale.id}`, { token: shopper.token });
    await eventually(async () => (await api('GET', `/api/sales/${sale.id}/stats`, { token: host.token })).views === 3, {
      what: 'the three views counted',
    });
  });

  session.step('the host’s sale page shows the counts, the chart and the item’s views, and fits the screen', async (page) => {
    await restoreSession(page, host, `/sales/${sale.id}`);
    const panel = page.getByRole('region', { name: 'Stats' });
    await panel.getByRole('img', { name: /Views per day/ }).waitFor();
    const figure = async (label) =>
      (await panel.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd').textContent())?.trim();
    // The host's own visit to this page is not a view.
    assert.equal(await figure('Views'), '3');
    assert.equal(await figure('Unique viewers'), '2');
    assert.equal(await figure('Saves'), '1');
    await panel
      .getByRole('listitem')
      .filter({ hasText: `Bike ${stamp}` })
      .waitFor();
    await panel.scrollIntoViewIfNeeded();
    await assertFitsViewport(page, 'the sale page with its stats');
    await audit(page, 'sale stats on a phone');
    const chart = await panel.getByRole('img', { name: /Views per day/ }).boundingBox();
    assert.ok(chart && chart.width >= 280 && chart.width <= 375, `the chart takes the panel's width: ${JSON.stringify(chart)}`);
  });
});
