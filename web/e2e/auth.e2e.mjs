/**
 * Accounts: the public pages, registering (the form's rules, then the server's), signing out and
 * in, and coming back to the page that asked for a sign-in (spec sections 2, 4, 5, 8).
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { audit, browserSession, PASSWORD, registerAccount, uniqueEmail } from './helpers.mjs';

describe('accounts', () => {
  const session = browserSession(import.meta.filename);
  const email = uniqueEmail('eve');

  session.step('a visitor sees the landing page, the public pages and a not-found page', async (page) => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Get Started' }).first().waitFor();
    await audit(page, 'landing');
    for (const [path, heading] of [
      ['/help', /How/],
      ['/privacy', /Privacy/],
      ['/terms', /Terms/],
      ['/no-such-page', 'Page Not Found'],
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await audit(page, path.slice(1));
    }
  });

  session.step('registers: the form checks its rules, the server refuses a taken email, then the user lands home', async (page) => {
    const taken = await registerAccount('taken');
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await page.waitForURL('**/register');
    await audit(page, 'register');
    await page.getByLabel(/^First Name/).fill('Eve');
    await page.getByLabel(/^Last Name/).fill('Tester');
    await page.getByLabel(/^Email/).fill(taken.email.toUpperCase()); // emails compare case-insensitively
    await page.getByLabel(/^Password/).fill('short');
    await page.getByLabel(/^Confirm Password/).fill('different');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await page.getByText('Passwords do not match').waitFor();
    await audit(page, 'register with errors');

    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel(/^Confirm Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Email already registered').waitFor();

    await page.getByLabel(/^Email/).fill(email);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: /Eve/ }).waitFor();
    await page.getByRole('link', { name: 'My Garage Sales' }).waitFor();
  });

  session.step('signs out from the account menu', async (page) => {
    await page.getByRole('button', { name: /Eve/ }).click();
    await page.getByRole('menu', { name: 'Account' }).waitFor();
    await audit(page, 'account menu');
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    assert.equal(await page.getByRole('link', { name: 'My Garage Sales' }).count(), 0);
  });

  session.step('a wrong password is refused in the server’s words; the password can be shown', async (page) => {
    await page.goto('/login');
    await audit(page, 'login');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill('not-my-password');
    await page.getByRole('button', { name: 'Show password' }).click();
    assert.equal(await page.getByLabel(/^Password/).getAttribute('type'), 'text');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email or password').waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');
  });

  session.step('a signed-in-only page sends the visitor to sign in, then back to it', async (page) => {
    await page.goto('/my-items');
    await page.waitForURL('**/login');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/my-items');
    await page.getByRole('heading', { name: 'No items yet' }).waitFor();
  });

  session.step('signing in from the header comes back to the page the visitor was on', async (page) => {
    await page.getByRole('button', { name: /Eve/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.goto('/search?q=lamp');
    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/search' && url.search === '?q=lamp');
    await page.getByRole('button', { name: /Eve/ }).waitFor();
  });

  session.step('a refused token ends the session; signing in again returns to the page', async (page) => {
    await page.evaluate(() => localStorage.setItem('token', 'not-a-valid-token'));
    await page.goto('/profile');
    await page.getByText('Your session has ended').waitFor();
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: 'Account Statistics' }).waitFor();
  });
});
