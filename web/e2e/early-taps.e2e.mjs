/**
 * A slow phone shows a prerendered page before the app's code has run. What a visitor does in that
 * time must not be lost: here every script of the app is held back while the visitor taps and
 * types, then let through, and what they did happens.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { browserSession, createItem, createSale, registerAccount } from './helpers.mjs';

describe('taps and typing before the app has loaded', () => {
  // No service worker: it would answer the scripts from its cache, around the hold.
  const session = browserSession(import.meta.filename, { viewport: { width: 390, height: 844 }, mobile: true, serviceWorkers: 'block' });
  const stamp = Date.now().toString(36);
  const saleTitle = `Early Sale ${stamp}`;
  const itemTitle = `Early Lamp ${stamp}`;
  const held = [];
  let holding = false;

  /** Opens `path` with the app's scripts held back: the prerendered page only, nothing live. */
  async function openWithoutScripts(page, path) {
    holding = true;
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => document.getElementById('root')?.hasAttribute('data-prerendered'));
  }

  async function releaseScripts(page) {
    await waitForHeld(); // the page has asked for its code (after its first frame); none of it has run

    assert.equal(await page.evaluate(() => window.garageEarlyInput?.ready), false, 'the app has not taken the page over yet');
    await letThrough();
  }

  /** Requests of a page left behind are gone: continuing them fails, which is fine. */
  async function letThrough() {
    holding = false;
    for (const route of held.splice(0)) await route.continue().catch(() => undefined);
  }

  async function waitForHeld() {
    const deadline = Date.now() + 10_000;
    while (held.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(held.length > 0, "the page asked for the app's code");
  }

  session.step('a sale and an item to find', async (page) => {
    await page.context().route(/\/assets\/.*\.js$/, (route) => (holding ? held.push(route) : route.continue()));
    const host = await registerAccount('early-host');
    const sale = await createSale(host, { title: saleTitle, zipCode: '62704', address: '9 Quick St' });
    await createItem(host, { garageSaleId: sale.id, title: itemTitle, category: 'Furniture', price: 15 });
  });

  session.step('List View tapped before the code has loaded shows the list once it has', async (page) => {
    await openWithoutScripts(page, '/sales');
    const listView = page.getByRole('button', { name: 'List View' });
    await listView.tap();
    assert.equal(await listView.getAttribute('aria-pressed'), 'false', 'nothing is live yet');
    await releaseScripts(page);
    await page.getByRole('link', { name: `View sale: ${saleTitle}` }).waitFor();
    assert.equal(await listView.getAttribute('aria-pressed'), 'true');
    assert.equal(await page.locator('.leaflet-container').count(), 0, 'the list, not the map');
  });

  session.step('a search typed and sent before the code has loaded is run once it has', async (page) => {
    await openWithoutScripts(page, '/search');
    await page.getByLabel('Search for items').pressSequentially('lamp');
    await page.getByRole('button', { name: 'Search', exact: true }).tap();
    await releaseScripts(page);
    await page.getByRole('region', { name: 'Search results' }).getByRole('link', { name: itemTitle }).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('q'), 'lamp');
  });

  session.step('text typed before the code has loaded is kept, and searched for when sent after', async (page) => {
    await openWithoutScripts(page, '/search');
    await page.getByLabel('Search for items').pressSequentially(`Early Lamp ${stamp}`);
    await releaseScripts(page);
    await page.waitForFunction(() => window.garageEarlyInput?.ready === true);
    assert.equal(await page.getByLabel('Search for items').inputValue(), `Early Lamp ${stamp}`);
    await page.getByRole('button', { name: 'Search', exact: true }).tap();
    await page.getByRole('region', { name: 'Search results' }).getByRole('link', { name: itemTitle }).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('q'), `Early Lamp ${stamp}`);
  });

  session.step('the menu tapped before the code has loaded opens once it has', async (page) => {
    await openWithoutScripts(page, '/');
    await page.getByRole('button', { name: 'Menu' }).tap();
    await releaseScripts(page);
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Browse Garage Sales' }).waitFor();
  });

  session.step('a link followed before the code has loaded opens its page', async (page) => {
    await openWithoutScripts(page, '/');
    await page.getByRole('link', { name: 'Browse Garage Sales' }).first().tap();
    await page.waitForURL('**/sales');
    await letThrough();
    await page.getByRole('heading', { level: 1, name: 'Browse Garage Sales' }).waitFor();
  });
});
