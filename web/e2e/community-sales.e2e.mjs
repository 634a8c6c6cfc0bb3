/**
 * A community sale on a phone (issue 37): an organiser creates one in the form, two hosts join
 * (one from their sale's page, one through the API with many sales), the organiser approves on
 * the page, and a premium shopper opens the page, filters by a category and plans the 30 sales it
 * leaves into one route, which opens with its 30 stops.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import {
  api,
  assertFitsViewport,
  audit,
  browserSession,
  createItem,
  createSale,
  eventually,
  HOME,
  isoDay,
  registerAccount,
  restoreSession,
} from './helpers.mjs';

/** How many of host B's sales have furniture (the plan's stops, with host A's one) and how many only books. */
const FURNITURE_SALES = 29;
const BOOK_SALES = 4;

describe('community sale on a phone', () => {
  const session = browserSession(import.meta.filename, { viewport: { width: 375, height: 812 }, mobile: true });
  const stamp = Date.now().toString(36);
  const name = `Springfield Sale Day ${stamp}`;
  let organizer;
  let hostA;
  let hostB;
  let saleA;
  let communitySaleId;

  const mobileMenu = async (page, link) => {
    await page.getByRole('button', { name: 'Menu' }).tap();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: link }).tap();
  };

  session.step('an organiser creates a community sale in the form', async (page) => {
    organizer = await registerAccount('cs-organizer', { firstName: 'Olga', lastName: 'Organiser' });
    await restoreSession(page, organizer, '/');
    await mobileMenu(page, 'Organise a Community Sale');
    await page.waitForURL('**/organize');
    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel('Description').fill('Maps at the library.');
    await page.getByLabel('Latitude').fill(String(HOME.latitude));
    await page.getByLabel('Longitude').fill(String(HOME.longitude));
    await page.getByLabel(/Radius/).fill('10');
    await page.getByLabel('Day 1', { exact: true }).fill(isoDay(1));
    await page.getByLabel('Opens').fill('08:00');
    await page.getByLabel('Closes').fill('16:00');
    await page.getByLabel('Rain date (optional)').fill(isoDay(8));
    await page.getByRole('checkbox', { name: /approval/ }).check();
    await assertFitsViewport(page, 'community sale form');
    await audit(page, 'mobile community sale form');
    await page.getByRole('button', { name: 'Create Community Sale' }).tap();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    communitySaleId = Number(new URL(page.url()).pathname.split('/').pop());
    assert.ok(communitySaleId > 0, page.url());
  });

  session.step('a host joins from their sale page; another joins with many sales', async (page) => {
    hostA = await registerAccount('cs-host-a', { firstName: 'Ada', lastName: 'Host' });
    saleA = await createSale(hostA, { title: `Ada's Porch Sale ${stamp}`, address: '1 Porch Ln' });
    await createItem(hostA, { title: `Oak chair ${stamp}`, category: 'Furniture', garageSaleId: saleA.id });
    await restoreSession(page, hostA, `/sales/${saleA.id}`);
    const offer = page.getByRole('region', { name: 'Join a community sale nearby' });
    await offer.getByRole('button', { name: `Join ${name}` }).tap();
    await offer.getByText('Waiting for approval').waitFor();

    hostB = await registerAccount('cs-host-b', { firstName: 'Ben', lastName: 'Host' });
    for (let i = 0; i < FURNITURE_SALES + BOOK_SALES; i++) {
      const furniture = i < FURNITURE_SALES;
      const sale = await createSale(hostB, { title: `Ben's Sale ${i + 1} ${stamp}`, address: `${100 + i} Elm St` });
      await createItem(hostB, {
        title: `${furniture ? 'Table' : 'Novel'} ${i} ${stamp}`,
        category: furniture ? 'Furniture' : 'Books',
        garageSaleId: sale.id,
      });
      await api('POST', `/api/community-sales/${communitySaleId}/sales`, { token: hostB.token, body: { saleId: sale.id } });
    }
  });

  session.step('the organiser approves on the page', async (page) => {
    await restoreSession(page, organizer, `/community-sales/${communitySaleId}`);
    const waiting = page.getByRole('list', { name: 'Waiting for approval' });
    await waiting.getByRole('button', { name: `Approve Ada's Porch Sale ${stamp}` }).tap();
    await waiting.getByRole('button', { name: `Approve Ada's Porch Sale ${stamp}` }).waitFor({ state: 'detached' });
    // Host B's many sales are approved as a script would; the page shows them with their numbers.
    const entries = await api('GET', `/api/community-sales/${communitySaleId}/sales`, { token: organizer.token });
    for (const entry of entries.filter((candidate) => candidate.status === 'pending')) {
      await api('POST', `/api/community-sales/${communitySaleId}/sales/${entry.sale.id}/approve`, { token: organizer.token });
    }
    await page.reload();
    await page.getByText(`Showing ${FURNITURE_SALES + BOOK_SALES + 1} of ${FURNITURE_SALES + BOOK_SALES + 1} sales`).waitFor();
  });

  session.step('a premium shopper filters by a category and plans a 30-stop route', async (page) => {
    const shopper = await registerAccount('cs-shopper', { firstName: 'Sam', lastName: 'Shopper' });
    const { paymentIntentId } = await api('POST', '/api/payments/subscribe', { token: shopper.token });
    await api('POST', '/api/payments/confirm-subscription', { token: shopper.token, body: { paymentIntentId } });
    await restoreSession(page, shopper, `/community-sales/${communitySaleId}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const list = page.getByRole('list', { name: 'Numbered sales' });
    await list.getByRole('listitem').first().waitFor();
    await assertFitsViewport(page, 'community sale page');
    await audit(page, 'mobile community sale page');
    await page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'Furniture' }).tap();
    await page.getByText(`Showing ${FURNITURE_SALES + 1} of ${FURNITURE_SALES + BOOK_SALES + 1} sales`).waitFor();
    assert.equal(await list.getByRole('listitem').count(), FURNITURE_SALES + 1);

    // The shopper service hears of the upgrade and of the approvals from events, a moment later.
    await eventually(
      async () => {
        try {
          const preview = await api('POST', '/api/route-plans/preview', {
            token: shopper.token,
            body: {
              date: isoDay(1),
              startTime: '08:00',
              start: { latitude: HOME.latitude, longitude: HOME.longitude },
              communitySaleId,
              filters: { categories: ['Furniture'] },
              minutesPerStop: 10,
            },
          });
          return preview.summary.requested === FURNITURE_SALES + 1 && preview.plan;
        } catch {
          return false;
        }
      },
      { timeoutMs: 20_000, what: 'the shopper service to know the premium and the community sale' },
    );

    // Thirty stops in a day of eight hours: ten minutes at each.
    await page.getByLabel('Minutes per stop').fill('10');
    await page.getByRole('button', { name: 'Plan My Route' }).tap();
    await page.waitForURL('**/plan/*');
    const stops = page.getByRole('list', { name: 'Stops in driving order' });
    await stops.getByRole('listitem').first().waitFor({ timeout: 20_000 });
    assert.equal(await stops.getByRole('listitem').count(), FURNITURE_SALES + 1);
    await assertFitsViewport(page, 'community sale route');
  });
});
