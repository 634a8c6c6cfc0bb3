/** 1 and 2: the browser and API journeys through nginx, and what must survive a restart. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { alertMails, api, becomePremium, eventually, fetchPhoto, newItem, newSale, register, uploadPhoto, word } from './client.mjs';
import { check } from './report.mjs';
import { BASE, containers, docker, root } from './topology.mjs';

/** The phone journeys (web/e2e) run through nginx, in this order. */
export const JOURNEYS = [
  'auth',
  'hosting',
  'search',
  'premium',
  'reservations',
  'community-sales',
  'live-status',
  'route-day',
  'live-route',
  'messages',
  'offers',
];

export function browserJourneys() {
  const files = JOURNEYS.map((name) => path.join(root, `web/e2e/${name}.e2e.mjs`));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=dot', ...files], {
      cwd: root,
      env: { ...process.env, BASE_URL: BASE, E2E_RESULTS_DIR: path.join(root, 'test-results/compose-e2e') },
      stdio: 'inherit',
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), 15 * 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}

export async function apiJourney() {
  const seller = await register('seller');
  const shopper = await register('shopper');
  await becomePremium(shopper);
  const me = await eventually(async () => {
    const user = await api('GET', '/api/users/me', { token: shopper.token });
    return user.isPremium && user;
  }, 'the membership reaching the user');
  check(me.isPremium === true, 'premium through the simulated provider');
  const alertWord = word();
  // The shopper service learns of the membership by its event.
  await eventually(
    () =>
      api('POST', '/api/saved-searches', {
        token: shopper.token,
        body: { name: 'Alert', q: alertWord, frequency: 'instant', emailEnabled: true },
      }),
    'a saved search of the new premium member',
  );
  const sale = await newSale(seller);
  const photo = await uploadPhoto(seller);
  const item = await eventually(() => newItem(seller, sale.id, `Brass lamp ${alertWord}`, { imageUrls: [photo] }), 'the item create');
  const found = await eventually(
    async () => (await api('GET', `/api/items/search?q=${alertWord}`)).some((r) => r.id === item.id),
    'search finding the item',
  );
  check(found, 'search finds the new item through nginx');
  const image = await fetchPhoto(photo);
  check(
    image.status === 200 && /^image\//.test(image.type ?? ''),
    `the photo is served (${image.status} ${image.type}, ${image.bytes.length} bytes)`,
  );
  const [minio] = containers('minio');
  const stored = docker('exec', minio.id, 'sh', '-c', 'ls -R /data | grep -vc meta.json');
  check(Number(stored) > 0, `the photo is stored in the S3 container's volume (${stored} entries under /data)`);
  const emails = await eventually(
    async () => {
      const found = await alertMails(shopper.email);
      return found.length > 0 && found;
    },
    'the alert email',
    30_000,
  );
  check(emails.length === 1, `the alert email reached the mail container once ("${emails[0]?.Subject}")`);
  const reserved = await api('POST', `/api/items/${item.id}/reserve`, { token: shopper.token });
  check(reserved.is_reserved === true, 'a premium shopper reserves the item');
  return { seller, sale, item, photo, photoBytes: image.bytes };
}

export async function stillThere(kept, when) {
  const login = await eventually(
    () => api('POST', '/api/auth/login', { body: { email: kept.seller.email, password: 'secret123' } }),
    'login',
    60_000,
  );
  const sale = await eventually(() => api('GET', `/api/sales/${kept.sale.id}`), 'the sale', 30_000);
  const item = await eventually(() => api('GET', `/api/items/${kept.item.id}`), 'the item', 30_000);
  const photo = await fetchPhoto(kept.photo);
  check(
    login.user.id === kept.seller.user.id &&
      sale.title === kept.sale.title &&
      item.title === kept.item.title &&
      photo.bytes.equals(kept.photoBytes),
    `${when}: the user signs in, the sale, the item and its photo are all there`,
  );
}
