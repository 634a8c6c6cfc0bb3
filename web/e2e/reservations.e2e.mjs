/**
 * Paid reservations: a premium shopper reserves an item from search, pays in the simulated
 * provider's pay step and gets a pickup code; the host checks the code on the sale's Reservations
 * page and marks the item collected (it is sold); the shopper then rates the host, whose rating
 * follows (issue 14).
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
  registerAccount,
  restoreSession,
  assertInViewport,
} from './helpers.mjs';

describe('paid reservations', () => {
  const session = browserSession(import.meta.filename);
  const stamp = Date.now().toString(36);
  const lamp = `Brass Lamp ${stamp}`;
  const saleTitle = `Lamp Sale ${stamp}`;
  let host;
  let shopper;
  let pickupCode;

  session.step('a premium shopper reserves an item from search and is offered the pay step', async (page) => {
    host = await registerAccount('lamp-host', { firstName: 'Hana', lastName: 'Host' });
    const sale = await createSale(host, { title: saleTitle });
    await createItem(host, { garageSaleId: sale.id, title: lamp, category: 'Furniture', price: 18.5 });
    shopper = await registerAccount('lamp-shopper', { firstName: 'Sam', lastName: 'Shopper' });
    const { paymentIntentId } = await api('POST', '/api/payments/subscribe', { token: shopper.token });
    await api('POST', '/api/payments/confirm-subscription', { token: shopper.token, body: { paymentIntentId } });

    await restoreSession(page, shopper, `/search?q=${encodeURIComponent(lamp)}`);
    const result = page.getByRole('region', { name: 'Search results' }).getByRole('article').filter({ hasText: lamp });
    await result.getByRole('button', { name: 'Reserve Item' }).click();
    // The confirmation takes the button's place, on screen where the tap was.
    const confirmation = result.getByText(`Reserved: ${lamp}`);
    await confirmation.waitFor();
    await assertInViewport(page, confirmation);
    await page.getByRole('link', { name: 'Pay now in My Reservations' }).click();
    await page.waitForURL('**/my-reservations');
  });

  session.step('pays and gets a pickup code, with the sale address, hours and calendar file', async (page) => {
    const card = page.getByRole('article', { name: lamp });
    await card.getByText('Awaiting payment').waitFor();
    await card.getByText('100 N 5th St, Springfield, IL').waitFor();
    await card.getByText('8:00 AM - 4:00 PM').waitFor();
    await audit(page, 'my reservations (pending)');
    await card.getByRole('button', { name: 'Pay $18.50' }).click();
    await card.getByText('Paid — ready for pickup').waitFor();
    pickupCode = (await card.locator('strong.font-mono').textContent())?.trim();
    assert.match(pickupCode ?? '', /^[A-Z2-9]{6}$/);
    await card.getByRole('link', { name: /Add to calendar/i }).waitFor();
    await audit(page, 'my reservations (paid)');
  });

  session.step('the host checks the code on the sale’s Reservations page and marks it collected', async (page) => {
    await restoreSession(page, host, '/my-sales');
    await page.getByRole('link', { name: `Reservations of ${saleTitle}` }).click();
    await page.waitForURL('**/reservations');
    // A card per reservation, titled with the item.
    const row = page.getByRole('article', { name: lamp });
    await row.getByText('Sam Shopper', { exact: true }).waitFor();
    await row.getByText('$18.50').waitFor();
    await audit(page, 'host reservations');
    const code = row.getByLabel('Pickup code from Sam Shopper');
    await code.fill(pickupCode === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');
    await row.getByRole('button', { name: 'Collected' }).click();
    await row.getByText('Pickup code does not match').waitFor();
    await code.fill(pickupCode.toLowerCase());
    await row.getByRole('button', { name: 'Collected' }).click();
    await row.getByText('Handed over').waitFor();
    const items = await api('GET', '/api/items/my-items?includeAll=true', { token: host.token });
    assert.equal(items.find((item) => item.title === lamp)?.is_sold, true);
  });

  session.step('the shopper rates the host once; the host’s rating follows', async (page) => {
    await restoreSession(page, shopper, '/my-reservations');
    const card = page.getByRole('article', { name: lamp });
    await card.getByText('Collected').waitFor();
    const form = card.getByRole('form', { name: 'Rate the host' });
    await form.getByLabel('5 stars').check({ force: true });
    await form.getByLabel('Review (optional)').fill('Lovely lamp, easy pickup');
    await form.getByRole('button', { name: 'Submit rating' }).click();
    await card.getByText('Thanks for rating the host.').waitFor();
    const me = await eventually(
      async () => {
        const user = await api('GET', '/api/users/me', { token: host.token });
        return user.ratingCount === 1 ? user : null;
      },
      { what: "the host's rating" },
    );
    assert.equal(me.rating, 5);
  });
});
