/**
 * Messages on a phone (375 px): a shopper asks about an item with Contact Seller; the host sees the
 * unread count in the header, opens the conversation and answers; a payment-scam answer reaches
 * the shopper with a warning; the shopper blocks the host, whose next message never reaches her.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { api, audit, browserSession, createItem, createSale, registerAccount, restoreSession } from './helpers.mjs';

describe('messages on a phone', () => {
  const session = browserSession(import.meta.filename, { viewport: { width: 375, height: 812 }, mobile: true });
  const stamp = Date.now().toString(36);
  const saleTitle = `Porch Sale ${stamp}`;
  const itemTitle = `Brass floor lamp ${stamp}`;
  let host;
  let shopper;
  let conversationId;

  async function fitsTheScreen(page, screen) {
    const [scrollWidth, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(scrollWidth <= width, `${screen} scrolls sideways: ${scrollWidth}px content in a ${width}px screen`);
  }

  session.step('a shopper asks about an item with Contact Seller', async (page) => {
    host = await registerAccount('msg-host', { firstName: 'Hal' });
    shopper = await registerAccount('msg-shopper', { firstName: 'Sue' });
    const sale = await createSale(host, { title: saleTitle });
    const item = await createItem(host, { title: itemTitle, garageSaleId: sale.id, price: 40 });
    await restoreSession(page, shopper, `/items/${item.id}`);
    await page.getByRole('heading', { level: 1, name: itemTitle }).waitFor();
    await page.getByRole('button', { name: 'Contact Seller' }).tap();
    await page.getByLabel(/Your message to the seller/).fill('Hi! Is the lamp still there? <b>Would you take $30?</b>');
    await audit(page, 'contact seller');
    await page.getByRole('button', { name: 'Send Message' }).tap();
    await page.waitForURL(/\/messages\/\d+$/);
    conversationId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { level: 1, name: saleTitle }).waitFor();
    await page.getByText('Hi! Is the lamp still there? <b>Would you take $30?</b>').waitFor(); // as typed, not markup
    await fitsTheScreen(page, 'conversation');
  });

  session.step('the host sees it in the header, reads it and answers', async (page) => {
    await restoreSession(page, host, '/');
    const link = page.getByRole('link', { name: 'Messages, 1 unread' }).first();
    await link.waitFor();
    await link.tap();
    await page.waitForURL('**/messages');
    const row = page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(saleTitle) });
    await row.getByText('1 unread').waitFor();
    await audit(page, 'messages list');
    await row.tap();
    await page.getByText('Would you take $30?', { exact: false }).waitFor();
    await page.getByLabel('Your reply').fill('It is! Zelle me first and I will hold it.');
    await page.getByRole('button', { name: 'Send', exact: true }).tap();
    await page.getByText('It is! Zelle me first and I will hold it.').waitFor();
    // Read on opening: the header's count is gone.
    await page.getByRole('link', { name: 'Messages', exact: true }).first().waitFor();
    assert.equal(await page.getByRole('note').count(), 0, 'the sender is not warned of their own message');
    await fitsTheScreen(page, 'host conversation');
  });

  session.step('the shopper is warned of the payment-scam answer, and blocks the host', async (page) => {
    await restoreSession(page, shopper, `/messages/${conversationId}`);
    await page
      .getByRole('note')
      .filter({ hasText: /scam|pay/i })
      .waitFor();
    await audit(page, 'flagged message');
    await page.getByRole('button', { name: 'Block' }).tap();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Block' }).tap();
    await page.getByText('Blocked. They can no longer write to you.').waitFor();

    await api('POST', `/api/conversations/${conversationId}/messages`, { token: host.token, body: { text: 'Still want it?' } });
    const seen = await api('GET', `/api/conversations/${conversationId}`, { token: shopper.token });
    assert.ok(!seen.messages.some((message) => message.text === 'Still want it?'), 'a blocked member’s message never reaches her');
  });
});
