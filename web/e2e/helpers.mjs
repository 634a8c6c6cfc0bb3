/**
 * What every browser journey shares: Chromium as Debian installs it, a session per journey file
 * with a screenshot of the page when a step fails, an axe-core audit of each screen, and a few
 * calls to the real API for the data a journey needs but is not about.
 *
 * Run through `npm test` (deploy/e2e/run.mjs starts an isolated stack and sets BASE_URL), or by
 * hand against a running product: `BASE_URL=http://localhost:3000 npm run e2e -w @garage/web`.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, it } from 'node:test';
import { deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from 'playwright-core';

export const BASE_URL = process.env.BASE_URL ?? 'http://localhost:3000';
/** Failure screenshots (and, with E2E_SCREENSHOTS set, one of every audited screen). */
const RESULTS_DIR = process.env.E2E_RESULTS_DIR ?? path.resolve('test-results/e2e');
const SCREENSHOTS_DIR = process.env.E2E_SCREENSHOTS;

/** Springfield, IL: where the browser says it is. Sales near it are "nearby". */
export const HOME = { latitude: 39.7817, longitude: -89.6501, zipCode: '62701', city: 'Springfield', state: 'IL' };

/** Chromium as installed by Debian (never `npx playwright install`), with no traffic of its own. */
export async function launch({ viewport = { width: 1280, height: 900 }, mobile = false, serviceWorkers = 'allow' } = {}) {
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
    baseURL: BASE_URL,
    locale: 'en-US',
    timezoneId: Intl.DateTimeFormat().resolvedOptions().timeZone,
    viewport,
    ...(mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    geolocation: { latitude: HOME.latitude, longitude: HOME.longitude },
    permissions: ['geolocation'],
    serviceWorkers,
  });
  context.setDefaultTimeout(10_000);
  // No internet here: map tiles get an empty answer at once instead of a slow failure.
  await context.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 204, body: '' }));
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // A refused request is also logged by Chromium; the journeys check those answers themselves.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(`console: ${message.text()}`);
  });
  return { browser, context, page, errors };
}

function slug(text) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

/**
 * One browser for a journey file, opened before its first step and closed after the last; no
 * uncaught page error may happen meanwhile. `session.step` is `it` plus a full-page screenshot to
 * test-results/e2e/ when the step fails. `expectedConsoleErrors` are console messages the
 * journey provokes on purpose (the SPA logs some failures, per the spec).
 */
export function browserSession(file, options = {}) {
  const name = path.basename(file).replace(/\.e2e\.mjs$/, '');
  const session = { page: null, context: null, errors: [] };
  before(async () => {
    Object.assign(session, await launch(options));
  });
  after(async () => {
    await session.browser?.close();
    const expected = options.expectedConsoleErrors ?? [];
    const unexpected = session.errors.filter((error) => !expected.some((pattern) => pattern.test(error)));
    assert.deepEqual(unexpected, [], 'no uncaught page errors or console errors');
  });
  // The steps of a journey build on each other: after a failure the rest would only fail with it.
  let failed = null;
  session.step = (title, fn) =>
    it(title, async (t) => {
      if (failed) return t.skip(`an earlier step failed: ${failed}`);
      try {
        await fn(session.page);
      } catch (error) {
        failed = title;
        if (session.page && !session.page.isClosed()) {
          mkdirSync(RESULTS_DIR, { recursive: true });
          const file = path.join(RESULTS_DIR, `${name}--${slug(title)}.png`);
          await session.page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
          error.message += `\n  at ${session.page.url()}\n  screenshot: ${file}`;
        }
        throw error;
      }
    });
  return session;
}

/**
 * axe-core on the screen as it is now (WCAG 2.1 A and AA, colour contrast included): a serious or
 * critical violation fails the step. The map's attribution belongs to OpenStreetMap's own styling.
 */
export async function audit(page, screen) {
  if (SCREENSHOTS_DIR) {
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${slug(screen)}.png`), fullPage: true });
  }
  // The screen at rest: a colour still in transition (a button just enabled fades from its disabled
  // shade) is not what anyone reads, and axe would measure it mid-way.
  await page.evaluate(async () => {
    // Two frames first, so a change React has just rendered has started its transition.
    for (let frame = 0; frame < 2; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
    await Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
  });
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('.leaflet-control-attribution')
    .analyze();
  const blocking = result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  assert.deepEqual(blocking, [], `axe on ${screen}`);
}

/** A calendar day `offset` days from today, as the browser (same machine) counts days. */
export function isoDay(offset) {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

export function uniqueEmail(prefix) {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
}

/** A call to the real API (for set-up and for checking what the server itself sends). */
export async function api(method, urlPath, { token, body } = {}) {
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(new URL(urlPath, BASE_URL), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const data = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw new Error(`${method} ${urlPath} answered ${response.status}: ${text}`);
  return data;
}

export const PASSWORD = 'secret123';

/** A new account through the API: `{email, password, token, user}`. */
export async function registerAccount(prefix, extra = {}) {
  const email = uniqueEmail(prefix);
  const { token, user } = await api('POST', '/api/auth/register', {
    body: { firstName: 'Pat', lastName: 'Tester', email, password: PASSWORD, ...extra },
  });
  return { email, password: PASSWORD, token, user };
}

/** A sale through the API, by default near HOME from tomorrow for two days. */
export function createSale(account, overrides = {}) {
  return api('POST', '/api/sales', {
    token: account.token,
    body: {
      title: `Sale ${randomBytes(2).toString('hex')}`,
      description: 'Tools, toys and kitchenware.',
      address: '100 N 5th St',
      city: HOME.city,
      state: HOME.state,
      zipCode: HOME.zipCode,
      startDate: isoDay(1),
      endDate: isoDay(2),
      startTime: '08:00',
      endTime: '16:00',
      ...overrides,
    },
  });
}

/**
 * An item through the API. Right after its sale is created the items service may not know the sale
 * yet and answers 503 "Try again in a moment"; as the answer asks, this tries again (for up to 10 s).
 */
export async function createItem(account, overrides = {}) {
  const body = { title: `Item ${randomBytes(2).toString('hex')}`, category: 'Other', price: 5, condition: 'good', ...overrides };
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      return await api('POST', '/api/items', { token: account.token, body });
    } catch (error) {
      if (!/ answered 503:/.test(error.message) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * Signs the browser in as `account` the way a returning visitor is: a stored session, confirmed
 * by the SPA with GET /api/users/me. (Signing in through the form is a journey of its own.)
 */
export async function restoreSession(page, account, landOn = '/') {
  await page.goto('/help');
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, account);
  await page.goto(landOn);
}

/** Polls `probe` until it returns something truthy (for what the services do a moment later). */
export async function eventually(probe, { timeoutMs = 10_000, what = 'condition' } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A real PNG (a colour gradient) of the given size, to exercise the in-browser shrinker. */
export function pngBuffer(width, height) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      raw[row + 1 + x * 3] = (x * 7) % 256;
      raw[row + 2 + x * 3] = (y * 5) % 256;
      raw[row + 3 + x * 3] = ((x + y) * 3) % 256;
    }
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buffer) => {
    let c = 0xffffffff;
    for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Uploads a small PNG as `account` (for items set up through the API): the stored image's URL. */
export async function uploadPng(account, width = 64, height = 48) {
  const form = new FormData();
  form.append('image', new Blob([pngBuffer(width, height)], { type: 'image/png' }), 'photo.png');
  const response = await fetch(new URL('/api/upload/image', BASE_URL), {
    method: 'POST',
    headers: { Authorization: `Bearer ${account.token}` },
    body: form,
  });
  assert.equal(response.status, 201, await response.clone().text());
  return (await response.json()).url;
}

/** The element is wholly on screen, in the viewport as it is scrolled now (not merely somewhere on the page). */
export async function assertInViewport(page, locator, what = 'element') {
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize();
  assert.ok(box, `${what} is rendered`);
  assert.ok(
    box.x >= 0 && box.y >= 0 && box.x + box.width <= width + 1 && box.y + box.height <= height + 1,
    `${what} is in view: ${JSON.stringify(box)} in a ${width}x${height} viewport`,
  );
}

/**
 * No element is wider than the viewport, and the page does not scroll sideways. The map's panes
 * are larger than the screen by design (Leaflet clips them), so what is inside the map is left out.
 */
export async function assertFitsViewport(page, screen) {
  const wide = await page.evaluate(() => {
    const width = window.innerWidth;
    const found = [];
    if (document.documentElement.scrollWidth > width) found.push(`the page scrolls sideways (${document.documentElement.scrollWidth}px)`);
    for (const element of document.body.querySelectorAll('*')) {
      if (element.closest('.leaflet-container')) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width > width + 1) {
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${String(element.className).split(' ').slice(0, 3).join('.')}`;
        found.push(`${name} is ${Math.round(rect.width)}px wide`);
      }
      if (found.length >= 5) break;
    }
    return found;
  });
  assert.deepEqual(wide, [], `${screen} fits a ${page.viewportSize().width}px screen`);
}
