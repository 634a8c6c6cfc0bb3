import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { usToday } from '@garage/contracts';
import type { Logger } from '@garage/service-kit';
import { comingSaturday, demoCommunitySale, demoCommunitySaleEntries } from './demo-community-sale.js';
import { CATALOGUE } from './demo-catalogue.js';
import { DEMO_CENTER, demoSales, PEOPLE, SHOPPERS, type DemoSale } from './demo-town.js';

export interface DemoAccount {
  email: string;
  password: string;
}

const PASSWORD = 'garage-demo';
const DEMO: DemoAccount = { email: PEOPLE[0]!.email, password: PASSWORD };
/** The drawings the items' photos are made from (their sources and licences: LICENSES.md there). */
const PICTURES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../demo-photos');

interface Session {
  token: string;
  user: { id: number; isPremium: boolean };
}

interface CreatedSale {
  id: number;
  host: number;
  plan: DemoSale;
  items: Array<{ id: number; title: string; price: number }>;
}

/**
 * Seeds the demo town on the first start, through the public API (the same validation, events and
 * image processing as any user's data): Austin's sales over this week and the next, hosts rated by
 * collected pickups, a demo account with a sale, reservations both ways, a favourite, a saved
 * search and a route plan, and the weekend's community sale of 150 sales that the demo account
 * organises. A marker file keeps it from running twice.
 */
export async function seedDemoData(baseUrl: string, dataDir: string, logger: Logger): Promise<DemoAccount | null> {
  const marker = path.join(dataDir, 'demo-seeded');
  if (existsSync(marker)) return DEMO;
  const api = client(baseUrl);
  const started = Date.now();
  try {
    const people: Session[] = [];
    for (const person of PEOPLE) people.push((await api('POST', '/api/auth/register', { ...person, password: PASSWORD })) as Session);
    // Premium: the demo account (its route plan and saved search) and the shoppers (reserving).
    for (const index of [0, ...SHOPPERS]) people[index] = await becomePremium(api, people[index]!, PEOPLE[index]!.email);

    const photos = await uploadPictures(baseUrl, people[0]!.token);
    const today = usToday(new Date());
    const sales = await inBatches(demoSales(), 3, (sale) => createSale(api, people[sale.host]!.token, sale, today, photos));

    await seedPickups(api, people, sales);
    await seedDemoShopper(api, people, sales, today);
    const communitySaleStarted = Date.now();
    await seedCommunitySale(api, people, today, photos);
    logger.info(
      { seconds: (Date.now() - started) / 1000, communitySaleSeconds: (Date.now() - communitySaleStarted) / 1000 },
      'demo data seeded',
    );
    writeFileSync(marker, new Date().toISOString());
    return DEMO;
  } catch (error) {
    logger.warn({ err: String(error) }, 'demo data not seeded');
    return null;
  }
}

type Api = (method: string, url: string, body?: unknown, token?: string) => Promise<unknown>;

function client(baseUrl: string): Api {
  return async (method, url, body, token) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw Object.assign(new Error(`${method} ${url}: ${response.status} ${text}`), { status: response.status });
    return text ? JSON.parse(text) : null;
  };
}

/** Premium reaches the other services by event, a moment after the payment: asked again until it has. */
async function patiently<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if ((error as { status?: number }).status !== 403 || attempt >= 60) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function becomePremium(api: Api, session: Session, email: string): Promise<Session> {
  const { paymentIntentId } = (await api('POST', '/api/payments/subscribe', {}, session.token)) as { paymentIntentId: string };
  await api('POST', '/api/payments/confirm-subscription', { paymentIntentId }, session.token);
  return patiently(async () => {
    const fresh = (await api('POST', '/api/auth/login', { email, password: PASSWORD })) as Session;
    if (!fresh.user.isPremium) throw Object.assign(new Error(`${email} is not premium yet`), { status: 403 });
    return fresh;
  });
}

async function inBatches<T, R>(list: T[], size: number, run: (entry: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let at = 0; at < list.length; at += size) results.push(...(await Promise.all(list.slice(at, at + size).map(run))));
  return results;
}

/** Each drawing once, as a product shot (the thing on a soft backdrop with its shadow), uploaded like any photo. */
async function uploadPictures(baseUrl: string, token: string): Promise<Map<string, string>> {
  const names = [...new Set(CATALOGUE.map((item) => item.picture))];
  const tints = ['#e8eef7', '#f3ece2', '#e6f2ea', '#f5e9ee', '#eeeaf6', '#f6f1dc'];
  const urls = await inBatches(names, 4, async (name) => {
    const jpeg = await productShot(readFileSync(path.join(PICTURES_DIR, `${name}.svg`)), tints[names.indexOf(name) % tints.length]!);
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `${name}.jpg`);
    const response = await fetch(`${baseUrl}/api/upload/image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (!response.ok) throw new Error(`upload ${name}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { url: string }).url;
  });
  return new Map(names.map((name, at) => [name, urls[at]!]));
}

async function productShot(svg: Buffer, tint: string): Promise<Buffer> {
  const drawn = await sharp(svg, { density: 300 }).resize(560, 420, { fit: 'inside' }).png().toBuffer();
  // The drawings come with margins of their own: trimmed, each thing fills its photo alike.
  const trimmed = await sharp(drawn)
    .trim()
    .toBuffer()
    .catch(() => drawn);
  const thing = await sharp(trimmed).resize(560, 400, { fit: 'inside' }).png().toBuffer();
  const { width = 560, height = 400 } = await sharp(thing).metadata();
  const left = Math.round((800 - width) / 2);
  const top = Math.max(40, 500 - height);
  const backdrop = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <defs>
      <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${tint}"/></linearGradient>
      <radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="800" height="600" fill="url(#wall)"/>
    <ellipse cx="400" cy="${top + height}" rx="${Math.max(120, Math.round(width * 0.55))}" ry="26" fill="url(#shadow)"/>
  </svg>`;
  return sharp(Buffer.from(backdrop))
    .composite([{ input: thing, left, top }])
    .jpeg({ quality: 82 })
    .toBuffer();
}

async function createSale(api: Api, token: string, sale: DemoSale, today: string, photos: Map<string, string>): Promise<CreatedSale> {
  const created = (await api(
    'POST',
    '/api/sales',
    {
      title: sale.title,
      description: sale.description,
      address: sale.address,
      city: sale.city,
      state: 'TX',
      zipCode: sale.zipCode,
      startDate: addDays(today, sale.startInDays),
      endDate: addDays(today, sale.startInDays + sale.days - 1),
      startTime: sale.startTime,
      endTime: sale.endTime,
    },
    token,
  )) as { id: number };
  const items = [];
  for (const item of sale.items) {
    const made = (await api(
      'POST',
      '/api/items',
      {
        garageSaleId: created.id,
        title: item.title,
        description: item.description,
        category: item.category,
        price: item.price,
        originalPrice: item.originalPrice ?? null,
        condition: item.condition,
        brand: item.brand ?? null,
        imageUrls: [photos.get(item.picture)!],
      },
      token,
    )) as { id: number };
    items.push({ id: made.id, title: item.title, price: item.price });
  }
  return { id: created.id, host: sale.host, plan: sale, items };
}

/** Reserve and pay as `shopper`: the reservation, with its pickup code. */
async function reserveAndPay(api: Api, shopper: Session, itemId: number): Promise<{ id: number; code: string }> {
  const reserved = (await patiently(() => api('POST', `/api/items/${itemId}/reserve`, undefined, shopper.token))) as {
    reservation: { id: number };
  };
  const paid = (await api('POST', `/api/reservations/${reserved.reservation.id}/pay`, undefined, shopper.token)) as {
    id: number;
    pickup_code: string | null;
  };
  if (!paid.pickup_code) throw new Error(`reservation ${paid.id} has no pickup code after paying`);
  return { id: paid.id, code: paid.pickup_code };
}

const REVIEWS: Array<[number, string]> = [
  [5, 'Everything was ready at the door, exactly as described.'],
  [5, 'Friendly host, easy pickup, fair prices.'],
  [4, 'Good sale; the item had a few more scratches than the photo showed.'],
  [5, 'Held it for me all morning. Thank you!'],
  [4, 'Quick handover, would buy again.'],
];

/**
 * Hosts earn their ratings the real way: shoppers reserve, pay, collect with their code, then rate.
 * The demo account's own sale keeps one paid reservation to hand over at its pickup desk.
 */
async function seedPickups(api: Api, people: Session[], sales: CreatedSale[]): Promise<void> {
  const reservable = (host: number) =>
    sales.filter((sale) => sale.host === host).flatMap((sale) => sale.items.filter((item) => item.price > 0 && item.price < 1000));
  let review = 0;
  for (const host of [0, 1, 2, 3]) {
    const items = reservable(host);
    const pickups = host === 0 ? 1 : 3 - (host % 2);
    for (let at = 0; at < pickups; at += 1) {
      const shopper = people[SHOPPERS[at % SHOPPERS.length]!]!;
      const { id, code } = await reserveAndPay(api, shopper, items[at + 1]!.id);
      await api('POST', `/api/reservations/${id}/collect`, { pickupCode: code }, people[host]!.token);
      const [stars, text] = REVIEWS[review++ % REVIEWS.length]!;
      await api('POST', `/api/reservations/${id}/rating`, { stars, review: text }, shopper.token);
    }
  }
  // At the demo account's pickup desk: one paid reservation waiting for its shopper.
  await reserveAndPay(api, people[SHOPPERS[0]!]!, reservable(0)[0]!.id);
}

/** The demo account as a shopper: a paid reservation, a favourite, a saved search and a route plan. */
async function seedDemoShopper(api: Api, people: Session[], sales: CreatedSale[], today: string): Promise<void> {
  const demo = people[0]!;
  const others = sales.filter((sale) => sale.host !== 0);
  const marcus = others.find((sale) => sale.host === 1)!;
  await reserveAndPay(api, demo, marcus.items[marcus.items.length - 1]!.id);
  await api('POST', `/api/favorites/sales/${others[1]!.id}`, undefined, demo.token);
  await api('POST', `/api/favorites/items/${others[2]!.items[0]!.id}`, undefined, demo.token);
  await patiently(() =>
    api(
      'POST',
      '/api/saved-searches',
      { name: 'Bikes around downtown', q: 'bike', latitude: DEMO_CENTER.latitude, longitude: DEMO_CENTER.longitude, radius: 25 },
      demo.token,
    ),
  );
  // The busiest morning of the coming week: up to five sales open from early on.
  const open = (sale: CreatedSale, day: number) =>
    sale.plan.startInDays <= day &&
    day < sale.plan.startInDays + sale.plan.days &&
    sale.plan.startTime <= '10:00' &&
    sale.plan.endTime >= '13:00';
  const day = [1, 2, 3, 4, 5, 6, 7].reduce((best, candidate) =>
    others.filter((sale) => open(sale, candidate)).length > others.filter((sale) => open(sale, best)).length ? candidate : best,
  );
  const stops = others.filter((sale) => open(sale, day)).slice(0, 5);
  await patiently(() =>
    api(
      'POST',
      '/api/route-plans',
      {
        name: `${new Date(`${addDays(today, day)}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' })} morning loop`,
        date: addDays(today, day),
        startTime: '08:00',
        start: { zipCode: DEMO_CENTER.zipCode },
        saleIds: stops.map((sale) => sale.id),
      },
      demo.token,
    ),
  );
}

/**
 * The demo account organises the town's community sale; 150 sales of the other hosts are created,
 * each with one item, and join it, eight at a time (their numbers follow the order they joined in).
 */
async function seedCommunitySale(api: Api, people: Session[], today: string, photos: Map<string, string>): Promise<void> {
  const communitySale = (await api('POST', '/api/community-sales', demoCommunitySale(today), people[0]!.token)) as { id: number };
  const saturday = comingSaturday(today);
  const entries = demoCommunitySaleEntries();
  await inBatches(entries, 8, async (entry) => {
    const token = people[entry.host]!.token;
    const sale = (await api(
      'POST',
      '/api/sales',
      {
        title: entry.title,
        description: `Part of the neighbourhoods' sale weekend. ${entry.item.title} and more.`,
        address: entry.address,
        city: 'Austin',
        state: 'TX',
        zipCode: entry.zipCode,
        startDate: addDays(saturday, entry.firstDay),
        endDate: addDays(saturday, entry.firstDay + entry.days - 1),
        startTime: entry.startTime,
        endTime: entry.endTime,
      },
      token,
    )) as { id: number };
    const { item } = entry;
    await api(
      'POST',
      '/api/items',
      {
        garageSaleId: sale.id,
        title: item.title,
        description: item.description,
        category: item.category,
        price: item.price,
        originalPrice: item.originalPrice ?? null,
        condition: item.condition,
        brand: item.brand ?? null,
        imageUrls: [photos.get(item.picture)!],
      },
      token,
    );
    await api('POST', `/api/community-sales/${communitySale.id}/sales`, { saleId: sale.id }, token);
  });
}

function addDays(date: string, days: number): string {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}
