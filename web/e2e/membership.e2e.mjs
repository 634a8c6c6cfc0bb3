/**
 * The membership's promises in the browser: a member opens Profile Settings, sees when it renews,
 * cancels (after confirming), sees "Ends on …", resumes, and sees the receipt of their payment; on
 * a phone (375 px) the same card fits the screen.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { api, audit, browserSession, registerAccount, restoreSession } from './helpers.mjs';

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

describe('membership on a desktop', () => {
  const session = browserSession(import.meta.filename, { viewport: { width: 1280, height: 900 } });

  session.step('Profile → Cancel membership → "Ends on …" → Resume', async (page) => {
    const account = await member('membership-desktop');
    await restoreSession(page, account, '/profile');
    await page.getByRole('heading', { name: 'Membership' }).waitFor();
    await audit(page, 'membership active 1280px');
    await cancelAndResume(page, account);
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
