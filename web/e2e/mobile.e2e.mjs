/**
 * A phone (390x844, touch): the mobile menu for visitors and members, and the main screens
 * without sideways scrolling (spec section 2: "A mobile menu exists").
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { audit, browserSession, createItem, createSale, registerAccount } from './helpers.mjs';

describe('on a phone', () => {
  const session = browserSession(import.meta.filename, { viewport: { width: 390, height: 844 }, mobile: true });
  const stamp = Date.now().toString(36);
  const saleTitle = `Phone Sale ${stamp}`;
  const itemTitle = `Mountain Bike ${stamp}`;
  let shopper;

  async function fitsTheScreen(page, screen) {
    const [scrollWidth, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(scrollWidth <= width, `${screen} scrolls sideways: ${scrollWidth}px content in a ${width}px screen`);
  }
  const mobileNav = (page) => page.getByRole('navigation', { name: 'Mobile' });

  session.step('a visitor opens the mobile menu and browses from it', async (page) => {
    const host = await registerAccount('phone-host');
    const sale = await createSale(host, { title: saleTitle, zipCode: '62712', address: '3 Pocket Pl' });
    await createItem(host, { garageSaleId: sale.id, title: itemTitle, category: 'Sports', price: 120 });
    shopper = await registerAccount('phone-shopper', { firstName: 'Mia' });

    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).isVisible(), false, 'the desktop links are hidden');
    await fitsTheScreen(page, 'landing');
    await audit(page, 'mobile landing');
    await page.getByRole('button', { name: 'Menu' }).click();
    for (const name of ['Browse Garage Sales', 'Search for Items', 'Sign In', 'Get Started'])
      await mobileNav(page).getByRole('link', { name }).waitFor();
    await audit(page, 'mobile menu');
    await mobileNav(page).getByRole('link', { name: 'Browse Garage Sales' }).click();
    await page.waitForURL('**/sales');
    await mobileNav(page).waitFor({ state: 'detached' }); // a followed link closes the menu
  });

  session.step('the sales list and a sale fit the screen', async (page) => {
    await page.getByText('Showing garage sales within 25 miles of your location.').waitFor();
    const map = page.getByRole('group', { name: 'Map of garage sales' });
    await map.waitFor();
    // The filters fold away: the results start above the fold, and the filters open on demand.
    assert.equal(await page.getByLabel('Start Date').isVisible(), false, 'the filters are folded');
    const count = await page.getByText(/garage sales? found$/).boundingBox();
    assert.ok(count && count.y + count.height < 844, 'the results start above the fold');
    await page.getByRole('button', { name: 'Show filters' }).tap();
    await page.getByLabel('Start Date').waitFor();
    await page.getByRole('button', { name: 'Hide filters' }).tap();
    await fitsTheScreen(page, 'browse map');
    // A tap on a sale's pin turns the picture into the live map, with that sale's popup open.
    await map.getByRole('button', { name: saleTitle, exact: true }).tap();
    await page.locator('.leaflet-popup').getByRole('heading', { name: saleTitle }).waitFor();
    await fitsTheScreen(page, 'browse live map');
    await page.getByRole('button', { name: 'List View' }).click();
    await page.getByRole('link', { name: `View sale: ${saleTitle}` }).waitFor();
    await fitsTheScreen(page, 'browse list');
    await audit(page, 'mobile browse list');
    await page.getByRole('link', { name: `View sale: ${saleTitle}` }).tap();
    await page.getByRole('heading', { level: 1, name: saleTitle }).waitFor();
    await page.getByRole('link', { name: itemTitle }).waitFor();
    await fitsTheScreen(page, 'sale');
    await audit(page, 'mobile sale');
  });

  session.step('signs in from the mobile menu, comes back, and finds the member links there', async (page) => {
    const salePath = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Menu' }).click();
    await mobileNav(page).getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/login');
    await fitsTheScreen(page, 'login');
    await page.getByLabel(/^Email/).fill(shopper.email);
    await page.getByLabel(/^Password/).fill(shopper.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`**${salePath}`);
    await page.getByText('3 Pocket Pl').waitFor();

    await page.getByRole('button', { name: 'Menu' }).click();
    await mobileNav(page).getByText('Signed in as').waitFor();
    for (const name of ['My Garage Sales', 'My Items', 'Host a Garage Sale', 'Profile Settings', 'Upgrade to Premium']) {
      await mobileNav(page).getByRole('link', { name }).waitFor();
    }
    await mobileNav(page).getByRole('button', { name: 'Sign Out' }).waitFor();
    await audit(page, 'mobile menu signed in');
    await mobileNav(page).getByRole('link', { name: 'Host a Garage Sale' }).click();
    await page.waitForURL('**/create-sale');
    await page.getByLabel(/^Sale Title/).waitFor();
    await fitsTheScreen(page, 'create sale');
    await audit(page, 'mobile create sale');
  });

  session.step('searches on a phone, then signs out from the menu', async (page) => {
    await page.goto('/search');
    await page.getByLabel('Search for items').fill('bike');
    await page.getByRole('button', { name: 'Search', exact: true }).tap();
    await page.getByRole('region', { name: 'Search results' }).getByRole('link', { name: itemTitle }).waitFor();
    await fitsTheScreen(page, 'search');
    await audit(page, 'mobile search');
    await page.getByRole('button', { name: 'Menu' }).click();
    await mobileNav(page).getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // The address changes before the landing's code has arrived and the page shows it (the router
    // renders the change as a transition, which also closes the menu): open it once the page is there.
    await page.getByRole('heading', { level: 1, name: 'Find amazing deals at garage sales near you' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await mobileNav(page).getByRole('link', { name: 'Sign In' }).waitFor();
  });
});
