/**
 * Offers on two phones (375 px), each open at once: a shopper offers less than an item's price;
 * the host, on the Offers screen, counters; the shopper sees the counter arrive without reloading
 * and accepts it; the host sees the accept the same way; the shopper pays the agreed price in My
 * Reservations and gets a pickup code; the host collects the item with it (issue 39).
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import { api, audit, BASE_URL, browserSession, createItem, createSale, registerAccount, restoreSession } from './helpers.mjs';

const PHONE = { viewport: { width: 375, height: 812 }, mobile: true };

describe('offers on two phones', () => {
  const session = browserSession(import.meta.filename, PHONE);
  const stamp = Date.now().toString(36);
  const saleTitle = `Barn Sale ${stamp}`;
  const itemTitle = `Oak rocking chair ${stamp}`;
  /** The host's phone, open beside the shopper's (`session.page`) for the whole journey. */
  let hostContext;
  let hostPage;
  const hostErrors = [];
  let host;
  let shopper;
  let sale;
  let pickupCode;

  before(async () => {
    hostContext = await session.browser.newContext({
      baseURL: BASE_URL,
      locale: 'en-US',
      viewport: PHONE.viewport,
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    hostContext.setDefaultTimeout(10_000);
    hostPage = await hostContext.newPage();
    hostPage.on('pageerror', (error) => hostErrors.push(`pageerror: ${error.message}`));
    hostPage.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        hostErrors.push(`console: ${message.text()}`);
    });
  });

  after(async () => {
    await hostContext?.close();
    assert.deepEqual(hostErrors, [], 'no uncaught page errors or console errors on the host’s phone');
  });

  async function fitsTheScreen(page, screen) {
    const [scrollWidth, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(scrollWidth <= width, `${screen} scrolls sideways: ${scrollWidth}px content in a ${width}px screen`);
  }

  const card = (page) => page.getByRole('article', { name: `Offer on ${itemTitle}` });

  session.step('a premium shopper offers less than the price from the item page', async (page) => {
    host = await registerAccount('offer-host', { firstName: 'Hana', lastName: 'Host' });
    shopper = await registerAccount('offer-shopper', { firstName: 'Sam', lastName: 'Shopper' });
    const { paymentIntentId } = await api('POST', '/api/payments/subscribe', { token: shopper.token });
    await api('POST', '/api/payments/confirm-subscription', { token: shopper.token, body: { paymentIntentId } });
    sale = await createSale(host, { title: saleTitle });
    const item = await createItem(host, { garageSaleId: sale.id, title: itemTitle, category: 'Furniture', price: 40 });

    await restoreSession(page, shopper, `/items/${item.id}`);
    await page.getByRole('heading', { level: 1, name: itemTitle }).waitFor();
    await page.getByRole('button', { name: 'Make an offer' }).tap();
    await page.getByLabel('Your offer ($)').fill('25');
    await audit(page, 'make an offer');
    await page.getByRole('button', { name: 'Send offer' }).tap();
    await page.getByText('Offer sent: $25.00').waitFor();
    await fitsTheScreen(page, 'item page with an offer');
    await page.getByRole('link', { name: 'See your offers' }).tap();
    await page.waitForURL('**/offers');
    await card(page).getByText('Waiting for the seller').waitFor();
  });

  session.step('the host counters from the Offers screen; the shopper sees it without reloading', async (page) => {
    await restoreSession(hostPage, host, '/offers?tab=host');
    const offer = card(hostPage);
    await offer.getByText('Waiting for your answer').waitFor();
    await audit(hostPage, 'offers (host)');
    await offer.getByRole('button', { name: 'Counter' }).tap();
    await offer.getByLabel('Your price ($)').fill('32');
    await offer.getByRole('button', { name: 'Send counter' }).tap();
    await offer.getByText('Countered: waiting for the shopper').waitFor();
    await fitsTheScreen(hostPage, 'host offers');

    // The shopper's phone has stayed on /offers all along: the live stream brings the counter.
    await card(page).getByText('Countered: your answer').waitFor({ timeout: 15_000 });
    await card(page).getByRole('button', { name: 'Accept $32.00' }).waitFor();
    await audit(page, 'offers (countered)');
  });

  session.step('the shopper accepts the counter; the host sees it without reloading; both see it in their conversation', async (page) => {
    await card(page).getByRole('button', { name: 'Accept $32.00' }).tap();
    await card(page).getByRole('link', { name: 'Pay $32.00 in My Reservations' }).waitFor();
    await card(hostPage).getByText('Accepted').waitFor({ timeout: 15_000 });
    await card(hostPage).getByRole('link', { name: 'Collect with their pickup code' }).waitFor();

    // The offer's story in the conversation of the shopper, the sale and the item.
    await hostPage.goto('/messages');
    await hostPage
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(saleTitle) })
      .tap();
    const thread = hostPage.getByRole('list', { name: 'Messages' });
    await thread.getByText(`Offered $25.00 for "${itemTitle}".`).waitFor();
    await thread.getByText(`Countered at $32.00 for "${itemTitle}".`).waitFor();
    await thread.getByText(/^Accepted \$32\.00 for/).waitFor();
    await fitsTheScreen(hostPage, 'conversation with offers');
  });

  session.step('the shopper pays the agreed price and gets a pickup code', async (page) => {
    await card(page).getByRole('link', { name: 'Pay $32.00 in My Reservations' }).tap();
    await page.waitForURL('**/my-reservations');
    const reservation = page.getByRole('article', { name: itemTitle, exact: true });
    await reservation.getByRole('button', { name: 'Pay $32.00' }).tap();
    await reservation.getByText('Paid — ready for pickup').waitFor();
    pickupCode = (await reservation.locator('strong.font-mono').textContent())?.trim();
    assert.match(pickupCode ?? '', /^[A-Z2-9]{6}$/);
    // The Offers screen shows the same code.
    await page.goto('/offers');
    await card(page).getByText(pickupCode).waitFor();
  });

  session.step('the host collects the item with the pickup code (on a wide screen too)', async () => {
    await hostPage.setViewportSize({ width: 1280, height: 900 });
    await hostPage.goto('/offers?tab=host');
    await card(hostPage).getByText('Accepted').waitFor();
    await audit(hostPage, 'offers (host, wide)');
    await fitsTheScreen(hostPage, 'host offers at 1280 px');
    await card(hostPage).getByRole('link', { name: 'Collect with their pickup code' }).tap();
    await hostPage.waitForURL(`**/sales/${sale.id}/reservations`);
    const row = hostPage.getByRole('article', { name: itemTitle, exact: true });
    await row.getByText('$32.00').waitFor();
    await row.getByLabel('Pickup code from Sam Shopper').fill(pickupCode);
    await row.getByRole('button', { name: 'Collected' }).tap();
    await row.getByText('Handed over').waitFor();
    const items = await api('GET', '/api/items/my-items?includeAll=true', { token: host.token });
    assert.equal(items.find((item) => item.title === itemTitle)?.is_sold, true);
  });
});
