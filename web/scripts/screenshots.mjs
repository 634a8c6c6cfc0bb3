#!/usr/bin/env node
/**
 * Walks the main screens in Chromium and saves a PNG of each, failing on any page error or
 * console error. Point it at a running product that holds the demo data (`npm start` seeds it on
 * its first start; the stack can be seeded with deploy/standalone's seedDemoData) — the README's
 * screenshots in docs/screenshots/ come from the stack topology that way:
 *
 *   BASE_URL=http://localhost:3000 OUT_DIR=docs/screenshots node web/scripts/screenshots.mjs
 */
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:3000';
const OUT_DIR = process.env.OUT_DIR ?? 'screenshots';
const EMAIL = process.env.DEMO_EMAIL ?? 'demo@garage.example';
const PASSWORD = process.env.DEMO_PASSWORD ?? 'garage-demo';
const HOME = { latitude: 30.2672, longitude: -97.7431 }; // downtown Austin, TX: the demo town

// The demo account's own sale, its first item and its route plan, found through the API rather than assumed ids.
async function getJson(path, token) {
  const response = await fetch(`${BASE_URL}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return response.json();
}
const login = await fetch(`${BASE_URL}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
});
if (!login.ok) throw new Error(`the demo account cannot sign in at ${BASE_URL} (${login.status}): seed the demo data first`);
const { token } = await login.json();
// The sale with a paid reservation waiting at its pickup desk.
let own = null;
for (const candidate of await getJson('/api/sales/my-sales', token)) {
  const reservations = await getJson(`/api/reservations/by-sale/${candidate.id}`, token);
  if (reservations.some((reservation) => reservation.status === 'paid')) own = candidate;
}
if (!own) throw new Error('the demo account hosts no sale with a paid reservation: seed the demo data first');
const sale = await getJson(`/api/sales/${own.id}`);
const item = sale.items.find((entry) => !entry.is_sold && !entry.is_reserved) ?? sale.items[0];
if (!item) throw new Error(`the sale "${sale.title}" has no items`);
const [plan] = await getJson('/api/route-plans', token);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});
const context = await browser.newContext({
  viewport: { width: 1280, height: 860 },
  geolocation: HOME,
  permissions: ['geolocation'],
  locale: 'en-US',
});
// No internet for map tiles here: answer them with nothing rather than waiting.
await context.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 204, body: '' }));
const page = await context.newPage();
const problems = [];
page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
page.on('console', (message) => {
  if (message.type() === 'error') problems.push(`console: ${message.text()}`);
});

await mkdir(OUT_DIR, { recursive: true });
async function shot(name, path, waitFor, { fullPage = true } = {}) {
  if (path) await page.goto(`${BASE_URL}${path}`);
  if (waitFor) await page.getByText(waitFor, { exact: false }).first().waitFor({ timeout: 10_000 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${OUT_DIR}/${name}.png`, fullPage });
  // WCAG 2 A/AA in a real browser, colour contrast included (jsdom cannot check it).
  const audit = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .exclude('.leaflet-control-attribution')
    .analyze();
  for (const violation of audit.violations) {
    problems.push(`axe ${name}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  }
  console.log(`saved ${name}.png (${audit.violations.length} axe violations)`);
}

await shot('01-landing', '/', 'Find amazing deals');
await shot('02-browse-map', '/sales', 'Showing garage sales within');
// The map is a picture until a pin is pressed; Leaflet then builds the live map with its popup open.
await page.getByRole('group', { name: 'Map of garage sales' }).getByRole('button').first().click();
await page.locator('.leaflet-popup').waitFor();
await page.waitForFunction(() => getComputedStyle(document.querySelector('.leaflet-popup')).opacity === '1');
await shot('03-browse-popup', null, 'View Sale', { fullPage: false });
await page.getByRole('button', { name: 'List View' }).click();
// Long lists (48 sales in the demo town): the screen, not the whole page, keeps the picture small.
await shot('04-browse-list', null, 'miles away', { fullPage: false });
await shot('05-sale-visitor', `/sales/${sale.id}`, 'Sign in to see the full address');
await shot('06-search', '/search?q=set', 'Upgrade to Reserve', { fullPage: false });
await shot('07-item-detail', `/items/${item.id}`, 'Garage Sale Details');
await shot('08-subscribe', '/subscribe', 'Upgrade Now');
await page.goto(`${BASE_URL}/my-items`);
await page.getByLabel('Email').waitFor();
await shot('09-login', null, 'Welcome back');
await page.getByLabel('Email').fill(EMAIL);
await page.getByLabel(/^Password/).fill(PASSWORD);
await page.getByRole('button', { name: 'Sign In' }).click();
await shot('10-my-items', null, 'Showing', { fullPage: false });
await shot('11-sale-owner', `/sales/${sale.id}`, 'Delete Sale');
await shot('12-create-sale', '/create-sale', 'Add Existing Items');
await shot('13-add-item', `/sales/${sale.id}/add-item`, 'Additional Details (optional)');
await shot('14-edit-item', `/items/${item.id}/edit`, 'Danger Zone');
await shot('15-profile', '/profile', 'Account Statistics');
await shot('16-my-sales', '/my-sales', sale.title);
if (plan) await shot('20-route-plan', `/plan/${plan.id}`, plan.name);
await page.setViewportSize({ width: 390, height: 800 });
await page.goto(`${BASE_URL}/search?q=camera`);
await page.getByRole('button', { name: 'Menu' }).click();
await shot('19-mobile-menu', null, 'Profile Settings', { fullPage: false });
// The morning of the sale, phone in hand: the host's pickup desk and the shopper's pickup code.
await shot('24-mobile-pickup-desk', `/sales/${sale.id}/reservations`, 'Pickup code from');
await shot('25-mobile-my-reservations', '/my-reservations', 'Pickup code:');
await page.setViewportSize({ width: 1280, height: 860 });
// The upgrade, as a new free member (the demo account is Premium; the town's data stays as seeded).
const freeEmail = `shopper-${Date.now().toString(36)}@garage.example`;
const registered = await fetch(`${BASE_URL}/api/auth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ firstName: 'Alex', lastName: 'Shopper', email: freeEmail, password: PASSWORD }),
});
if (!registered.ok) throw new Error(`cannot register a free member (${registered.status})`);
await page.goto(`${BASE_URL}/`);
await page.evaluate(() => window.localStorage.clear());
await page.goto(`${BASE_URL}/login`);
await page.getByLabel('Email').fill(freeEmail);
await page.getByLabel(/^Password/).fill(PASSWORD);
await page.getByRole('button', { name: 'Sign In' }).click();
await page.waitForURL((url) => url.pathname !== '/login');
await page.goto(`${BASE_URL}/subscribe`);
await page.getByRole('button', { name: 'Upgrade Now' }).click();
await shot('17-subscribe-test-mode', null, 'TEST MODE');
await page.getByRole('button', { name: /Complete Test Payment/ }).click();
await shot('18-premium', null, "You're Premium!");

await browser.close();
if (problems.length) {
  console.error(`Problems seen in the browser:\n${problems.join('\n')}`);
  process.exit(1);
}
