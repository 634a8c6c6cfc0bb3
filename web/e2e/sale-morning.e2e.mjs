/**
 * The morning of a sale, on a phone (375 px) and on a desktop (1280 px): a shopper reserves and
 * sees the confirmation where they tapped, pays, finds My Reservations in one tap (from the phone
 * menu on a phone) and still has the pickup code, the address and the hours without network; the
 * host's pickup desk keeps its code field and "Collected" button on screen. A page opened afresh
 * starts at the top, and no page has an element wider than the screen.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import {
  api,
  assertFitsViewport,
  assertInViewport,
  audit,
  browserSession,
  createItem,
  createSale,
  eventually,
  registerAccount,
  restoreSession,
  uploadPng,
} from './helpers.mjs';

const SCREENS = [
  { name: 'phone', options: { viewport: { width: 375, height: 812 }, mobile: true } },
  { name: 'desktop', options: { viewport: { width: 1280, height: 900 } } },
];

for (const { name: screen, options } of SCREENS) {
  describe(`the morning of a sale on a ${screen}`, () => {
    const session = browserSession(import.meta.filename, options);
    const stamp = `${screen}-${Date.now().toString(36)}`;
    const saleTitle = `Driveway Sale ${stamp}`;
    const lampTitle = `Brass Lamp ${stamp}`;
    let host;
    let shopper;
    let sale;
    let lamp;
    let pickupCode;

    async function premium(account) {
      const { paymentIntentId } = await api('POST', '/api/payments/subscribe', { token: account.token });
      await api('POST', '/api/payments/confirm-subscription', { token: account.token, body: { paymentIntentId } });
      const user = await eventually(
        async () => {
          const me = await api('GET', '/api/users/me', { token: account.token });
          return me.isPremium ? me : null;
        },
        { what: 'the premium membership' },
      );
      return { ...account, user };
    }

    session.step('a shopper reserves from search and sees the confirmation where they tapped', async (page) => {
      host = await registerAccount('desk-host', { firstName: 'Hana', lastName: 'Host' });
      sale = await createSale(host, { title: saleTitle, address: '42 Maple Ave' });
      const photo = await uploadPng(host, 120, 90);
      lamp = await createItem(host, { garageSaleId: sale.id, title: lampTitle, category: 'Home & Garden', price: 15, imageUrls: [photo] });
      shopper = await premium(await registerAccount('desk-shopper', { firstName: 'Sam', lastName: 'Shopper' }));

      await restoreSession(page, shopper, `/search?q=${encodeURIComponent(lampTitle)}`);
      const result = page.getByRole('region', { name: 'Search results' }).getByRole('article').filter({ hasText: lampTitle });
      const reserve = result.getByRole('button', { name: 'Reserve Item' });
      await reserve.scrollIntoViewIfNeeded();
      await reserve.click();
      const confirmation = result.getByText(`Reserved: ${lampTitle}`);
      await confirmation.waitFor();
      await assertInViewport(page, confirmation, 'the reserve confirmation');
      await assertInViewport(page, result.getByRole('link', { name: 'Pay now in My Reservations' }), 'the way to pay');
      await assertFitsViewport(page, 'search with a reservation');
    });

    session.step(
      `My Reservations is one tap away${screen === 'phone' ? ', in the phone menu too' : ''}, and paying shows the code`,
      async (page) => {
        await page.goto(`/sales/${sale.id}`);
        await page.getByRole('heading', { level: 1, name: saleTitle }).waitFor();
        if (screen === 'phone') {
          await page.getByRole('button', { name: 'Menu' }).click();
          await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'My Reservations' }).click();
        } else {
          await page.getByRole('banner').getByRole('link', { name: 'My Reservations' }).click();
        }
        await page.waitForURL('**/my-reservations');
        // The header's own link is there at every width: one tap from any screen.
        assert.ok(
          await page.getByRole('banner').getByRole('link', { name: 'My Reservations' }).first().isVisible(),
          'the header links My Reservations',
        );
        const card = page.getByRole('article', { name: lampTitle });
        await card.getByRole('button', { name: 'Pay $15.00' }).click();
        const code = card.getByLabel(/^Pickup code /);
        await code.waitFor();
        pickupCode = (await code.textContent()).trim();
        assert.match(pickupCode, /^[A-Z2-9]{6}$/);
        await assertFitsViewport(page, 'My Reservations');
        await audit(page, `my reservations (${screen})`);
      },
    );

    session.step('the paid pickup code, the address and the hours open without network', async (page) => {
      await page.evaluate(() => navigator.serviceWorker.ready);
      // Opened once under the service worker: the list is kept for the road.
      await page.reload();
      const card = page.getByRole('article', { name: lampTitle });
      await card.getByLabel(/^Pickup code /).waitFor();
      await page.waitForFunction(async () => {
        const kept = await (await caches.open('garage-api')).keys();
        return kept.some((request) => new URL(request.url).pathname === '/api/reservations/mine');
      });
      await session.context.setOffline(true);
      try {
        await page.reload();
        await card.getByLabel(/^Pickup code /).waitFor();
        assert.equal((await card.getByLabel(/^Pickup code /).textContent()).trim(), pickupCode);
        await card.getByText('42 Maple Ave, Springfield, IL').waitFor();
        await card.getByText(/8:00 AM - 4:00 PM/).waitFor();
        await card
          .locator('img')
          .first()
          .evaluate((image) => image.decode()); // rejects when the photo cannot be loaded
      } finally {
        await session.context.setOffline(false);
      }
    });

    session.step('the host’s pickup desk keeps the code field and Collected on screen', async (page) => {
      await restoreSession(page, host, `/sales/${sale.id}/reservations`);
      await page.getByRole('heading', { level: 1, name: saleTitle }).waitFor();
      const card = page.getByRole('article', { name: lampTitle });
      await card.getByText('Sam Shopper', { exact: true }).waitFor();
      await card.getByText('$15.00').waitFor();
      await card.getByText('Paid — ready for pickup').waitFor();
      assert.ok(await card.locator('img').first().isVisible(), 'the item’s photo is on the card');
      const field = card.getByLabel('Pickup code from Sam Shopper');
      const collected = card.getByRole('button', { name: 'Collected' });
      await assertInViewport(page, field, 'the pickup code field');
      await assertInViewport(page, collected, 'the Collected button');
      // Letters and digits: the keyboard opens on capitals; a phone may offer the code itself.
      assert.equal(await field.getAttribute('autocapitalize'), 'characters');
      assert.equal(await field.getAttribute('autocomplete'), 'one-time-code');
      const box = await field.boundingBox();
      assert.ok(box.height >= 44, `the code field is large enough to tap (${box.height}px)`);
      await assertFitsViewport(page, 'pickup desk');
      await audit(page, `pickup desk (${screen})`);

      const wrong = pickupCode === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ';
      await field.fill(wrong.toLowerCase());
      assert.equal(await field.inputValue(), wrong, 'typed in capitals');
      await collected.click();
      await card.getByRole('alert').waitFor();
      await field.fill(pickupCode);
      await collected.click();
      await card.getByText('Handed over').waitFor();
    });

    session.step('a page opened afresh starts at the top', async (page) => {
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      // Scrolled once the app has taken over the prerendered page (its own restoration runs then).
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() => {
        window.scrollTo(0, 600);
        return window.scrollY > 300;
      });
      // A new load of the address, as from the address bar: not where the last page was left.
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForTimeout(300);
      assert.equal(await page.evaluate(() => window.scrollY), 0);
    });

    session.step('no page has an element wider than the screen', async (page) => {
      const paths = [
        '/',
        '/sales',
        `/sales/${sale.id}`,
        `/items/${lamp.id}`,
        '/search?q=lamp',
        '/my-reservations',
        `/sales/${sale.id}/reservations`,
        '/my-sales',
        '/my-items',
        '/create-sale',
        `/sales/${sale.id}/edit`,
        `/sales/${sale.id}/add-item`,
        '/create-item',
        `/items/${lamp.id}/edit`,
        '/profile',
        '/saved',
        '/saved-searches',
        '/plan',
        '/plans',
        '/alerts',
        '/subscribe',
        '/help',
        '/privacy',
        '/terms',
        '/no-such-page',
        '/sales/999999999',
      ];
      for (const path of paths) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        await assertFitsViewport(page, path);
      }
      await page.evaluate(() => localStorage.clear());
      for (const path of ['/login', '/register']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await assertFitsViewport(page, path);
      }
    });
  });
}
