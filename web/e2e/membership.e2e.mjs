/**
 * The membership's promises in the browser: a member opens Profile Settings, sees when it renews,
 * cancels (after confirming), sees "Ends on …", resumes, and sees the receipt of their payment; on
 * a phone (375 px) the same card fits the screen.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { api, audit, browserSession, createItem, createSale, eventually, HOME, registerAccount, restoreSession } from './helpers.mjs';

const longDate = (iso) => new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(iso));

/** A member who paid through the simulated provider (subscribe, then confirm). */
async function member(prefix) {
  const account = await registerAccount(prefix, { firstName: 'Rita' });
  const { paymentIntentId } = await api('POST', '/api/payments/subscribe', { token: account.token });
  const { premiumExpiresAt } = await api('POST', '/api/payments/confirm-subscription', { token: account.token, body: { paymentIntentId } });
  return { ...account, premiumExpiresAt };
}

async function cancelAndResume(page, account) {
  const card = page.getByRole('region', { name: 'Membership' });
  const renews = longDate(account.premiumExpiresAt);
  await card.getByText(`Renews on ${renews} for $1.99/year.`).waitFor();
  await card.getByText('Garage Premium membership, one year').waitFor();
  await card.getByRole('button', { name: 'Cancel and refund' }).waitFor();

  await card.getByRole('button', { name: 'Cancel membership' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel your membership?' });
  await dialog.getByText(`You stay premium until ${renews}`).waitFor();
  await dialog.getByRole('button', { name: 'Cancel membership' }).click();
  await card.getByText(`Ends on ${renews}.`, { exact: false }).waitFor();
  await page.getByText(`Your membership ends on ${renews}`).waitFor();
  assert.equal((await api('GET', '/api/payments/membership', { token: account.token })).status, 'cancelled');
  await audit(page, `membership cancelled ${page.viewportSize().width}px`);

  await card.getByRole('button', { name: 'Resume membership' }).click();
  await card.getByText(`Renews on ${renews} for $1.99/year.`).waitFor();
  await card.getByText(`Membership resumed. It renews on ${renews}.`).waitFor();
  assert.equal((await api('GET', '/api/payments/membership', { token: account.token })).status, 'active');
}

/** Whether the refused call answered `status` (the api helper throws on any failure). */
async function answers(status, call) {
  try {
    await call();
    return false;
  } catch (error) {
    return new RegExp(` answered ${status}:`).test(error.message);
  }
}

describe('membership on a desktop', () => {
  const session = browserSession(import.meta.filename, { viewport: { width: 1280, height: 900 } });
  const stamp = Date.now().toString(36);
  let account;

  session.step('Profile → Cancel membership → "Ends on …" → Resume', async (page) => {
    account = await member('membership-desktop');
    await restoreSession(page, account, '/profile');
    await page.getByRole('heading', { name: 'Membership' }).waitFor();
    await audit(page, 'membership active 1280px');
    await cancelAndResume(page, account);
  });

  session.step('Cancel and refund: premium ends everywhere within a second; the paid reservation stays and is collected', async (page) => {
    const host = await registerAccount('membership-host');
    const sale = await createSale(host, { title: `Refund Sale ${stamp}` });
    const lamp = await createItem(host, { garageSaleId: sale.id, title: `Brass Lamp ${stamp}`, price: 12 });
    const vase = await createItem(host, { garageSaleId: sale.id, title: `Glass Vase ${stamp}`, price: 4 });
    const far = await createSale(host, { title: `Far Sale ${stamp}`, city: 'Normal', zipCode: '61761' }); // 61 miles away
    await createItem(host, { garageSaleId: far.id, title: `Far Lamp ${stamp}`, price: 3 });
    const farFound = async () =>
      (
        await api(
          'GET',
          `/api/items/search?q=${encodeURIComponent(`Far Lamp ${stamp}`)}&radius=100&latitude=${HOME.latitude}&longitude=${HOME.longitude}`,
          {
            token: account.token,
          },
        )
      ).length > 0;
    await eventually(farFound, { what: 'the premium member to reach 100 miles' });
    const { reservation } = await api('POST', `/api/items/${lamp.id}/reserve`, { token: account.token });
    const paid = await api('POST', `/api/reservations/${reservation.id}/pay`, { token: account.token });
    assert.equal(paid.status, 'paid');

    const card = page.getByRole('region', { name: 'Membership' });
    await card.getByRole('button', { name: 'Cancel and refund' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel and refund your membership?' });
    await dialog.getByText('You get $1.99 back in full and premium ends now.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
    const refundedAt = Date.now();
    await card.getByText('Refunded $1.99 in full. Premium has ended.').waitFor();
    await eventually(async () => !(await farFound()), { timeoutMs: 1000, what: 'items to take the 100 miles back within a second' });
    assert.ok(Date.now() - refundedAt < 1500, 'premium ended in items within a second of the refund');
    await card.getByText(/^Refunded\. Premium ended on /).waitFor();
    await card.getByText('Refund of a Garage Premium payment (30-day money-back guarantee)').waitFor();
    await page.getByRole('link', { name: 'Learn More' }).waitFor(); // the banner offers the upgrade again
    await audit(page, 'membership refunded 1280px');

    assert.equal((await api('GET', '/api/users/me', { token: account.token })).isPremium, false);
    assert.ok(await answers(403, () => api('POST', `/api/items/${vase.id}/reserve`, { token: account.token })), 'no new reservation');
    assert.ok(
      await answers(403, () =>
        api('POST', '/api/saved-searches', { token: account.token, body: { name: 'Lamps', q: 'lamp', frequency: 'instant' } }),
      ),
      'no saved search',
    );
    const again = await api('POST', '/api/payments/membership/refund', { token: account.token });
    assert.equal(again.refund.amountCents, 199);
    const kept = await api('GET', `/api/reservations/${reservation.id}`, { token: account.token });
    assert.equal(kept.status, 'paid');
    const collected = await api('POST', `/api/reservations/${reservation.id}/collect`, {
      token: host.token,
      body: { pickupCode: paid.pickup_code },
    });
    assert.equal(collected.status, 'collected');
  });
});

describe('membership on a phone', () => {
  const session = browserSession(import.meta.filename, { viewport: { width: 375, height: 812 }, mobile: true });

  session.step('the same on a 375 px screen, without sideways scrolling', async (page) => {
    const account = await member('membership-phone');
    await restoreSession(page, account, '/profile');
    await page.getByRole('heading', { name: 'Membership' }).waitFor();
    const [scrollWidth, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(scrollWidth <= width, `the profile scrolls sideways: ${scrollWidth}px content in a ${width}px screen`);
    await audit(page, 'membership active 375px');
    await cancelAndResume(page, account);
  });
});
