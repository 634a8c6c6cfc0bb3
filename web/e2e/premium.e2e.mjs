/**
 * Premium and the profile: a free shopper is asked to upgrade, pays in the simulated provider's
 * TEST MODE step, becomes premium (auth applies the payment a moment after the confirmation),
 * reserves an item, and updates the profile (spec sections 1, 2, 4).
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { api, audit, browserSession, createItem, createSale, eventually, HOME, registerAccount, restoreSession } from './helpers.mjs';

describe('premium and profile', () => {
  const session = browserSession(import.meta.filename);
  const stamp = Date.now().toString(36);
  const camera = `Vintage Camera ${stamp}`;
  let shopper;

  const result = (page, title) => page.getByRole('region', { name: 'Search results' }).getByRole('article').filter({ hasText: title });
  const farCamera = `Box Camera ${stamp}`;
  const farCameraFound = async (account) =>
    (
      await api('GET', `/api/items/search?q=camera&radius=100&latitude=${HOME.latitude}&longitude=${HOME.longitude}`, {
        token: account.token,
      })
    ).some((item) => item.title === farCamera);
  const longDate = (iso) => new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(iso));

  session.step('a free shopper is offered an upgrade instead of a reservation', async (page) => {
    const host = await registerAccount('camera-host');
    const sale = await createSale(host, { title: `Camera Sale ${stamp}`, zipCode: '62707' });
    await createItem(host, { garageSaleId: sale.id, title: camera, category: 'Electronics', price: 35 });
    const normal = await createSale(host, { title: `Normal Sale ${stamp}`, city: 'Normal', zipCode: '61761' }); // 61 miles away
    await createItem(host, { garageSaleId: normal.id, title: farCamera, category: 'Electronics', price: 20 });
    shopper = await registerAccount('premium-shopper', { firstName: 'Paula', lastName: 'Shopper' });
    // A free user asking for 100 miles is clamped to 50: the camera 61 miles away stays out of reach.
    assert.deepEqual(await farCameraFound(shopper), false);
    await restoreSession(page, shopper, '/search?q=camera');
    await result(page, camera).getByRole('link', { name: 'Upgrade to Reserve' }).click();
    await page.waitForURL('**/subscribe');
    await page.getByRole('heading', { name: 'Premium Membership' }).waitFor();
    await page.getByText('$1.99', { exact: true }).waitFor();
    await page.getByText('Can I cancel anytime?').waitFor();
    await audit(page, 'subscribe');
  });

  session.step('upgrades through the TEST MODE payment step and is premium at once', async (page) => {
    await page.getByRole('button', { name: 'Upgrade Now' }).click();
    await page.getByText('TEST MODE').waitFor();
    await page.getByText(/No card is collected/).waitFor();
    await audit(page, 'subscribe payment step');
    await page.getByRole('button', { name: 'Complete Test Payment ($1.99)' }).click();
    await page.getByRole('heading', { name: "You're Premium!" }).waitFor();
    await page.getByText('Payment received. Welcome to Premium!').waitFor();
    const me = await api('GET', '/api/users/me', { token: shopper.token });
    assert.equal(me.isPremium, true);
    const days = (new Date(me.premiumExpiresAt).getTime() - Date.now()) / 86_400_000;
    assert.ok(days > 364 && days < 367, `one year of premium, got ${days} days`);
    await page.getByText(`Your membership is active until ${longDate(me.premiumExpiresAt)}.`).waitFor();
    await audit(page, 'premium');

    const menuButton = page.getByRole('button', { name: /Paula/ });
    await menuButton.getByText('Premium').waitFor();
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Profile Settings' }).waitFor();
    assert.equal(await page.getByRole('menuitem', { name: 'Upgrade to Premium' }).count(), 0);
    await page.keyboard.press('Escape');
  });

  session.step('searches up to 100 miles and reserves an item; the search then shows it reserved', async (page) => {
    // Items learns of the upgrade from auth's user.premium_activated, a moment after auth applied it.
    await eventually(() => farCameraFound(shopper), { what: 'items to see the premium radius' });
    await page.getByRole('link', { name: 'Search and Reserve Items' }).click();
    await page.getByLabel('Search for items').fill('camera');
    await page.getByLabel('Radius').selectOption('100');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await result(page, farCamera).waitFor();
    await result(page, camera).getByRole('button', { name: 'Reserve Item' }).click();
    // The confirmation takes the button's place: no second reserve from this card.
    await result(page, camera).getByText(`Reserved: ${camera}`).waitFor();
    assert.equal(await result(page, camera).getByRole('button', { name: 'Reserve Item' }).count(), 0);
    await result(page, camera).getByText('Reserved', { exact: true }).first().waitFor();
    await result(page, camera).getByRole('link', { name: camera }).click();
    await page.getByRole('heading', { level: 1, name: camera }).waitFor();
    await page.getByText('Reserved', { exact: true }).waitFor();
  });

  session.step('the profile: premium banner and statistics; a blank name is refused; the update shows at once', async (page) => {
    await page.getByRole('button', { name: /Paula/ }).click();
    await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
    await page.waitForURL('**/profile');
    const me = await api('GET', '/api/users/me', { token: shopper.token });
    await page.getByText(`Your membership renews on ${longDate(me.premiumExpiresAt)}`).waitFor();
    const statistics = page.getByRole('region', { name: 'Account Statistics' });
    await statistics.getByText('Premium', { exact: true }).waitFor(); // account type
    await statistics.getByText('N/A', { exact: true }).waitFor(); // no rating yet
    await statistics.getByText('0 reviews').waitFor();
    const email = page.getByLabel('Email');
    assert.equal(await email.inputValue(), shopper.email);
    assert.equal(await email.getAttribute('readonly'), '');
    await page.getByText('Email cannot be changed. Contact support if you need to update this.').waitFor();
    await audit(page, 'profile');

    await page.getByLabel(/^First Name/).fill('  ');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByLabel(/^First Name/).fill('Paulina');
    await page.getByLabel(/^Last Name/).fill('Premium');
    await page.getByLabel('Phone').fill('(217) 555-0142');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    await page.getByRole('button', { name: /Paulina/ }).waitFor();
    await page.reload();
    assert.equal(await page.getByLabel(/^Last Name/).inputValue(), 'Premium');
    assert.equal(await page.getByLabel('Phone').inputValue(), '(217) 555-0142');
    const updated = await api('GET', '/api/users/me', { token: shopper.token });
    assert.deepEqual([updated.firstName, updated.lastName, updated.phone], ['Paulina', 'Premium', '(217) 555-0142']);
  });
});
