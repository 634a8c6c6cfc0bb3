/** The API through nginx, as a client calls it, and the mail container's inbox. */
import { randomBytes } from 'node:crypto';
import { pngBuffer } from '../../../web/e2e/helpers.mjs';
import { BASE, containers, sleep } from './topology.mjs';

export async function api(method, urlPath, { token, body, base = BASE } = {}) {
  const headers = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(new URL(urlPath, base), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch((error) => {
    // "fetch failed" alone says nothing: the cause (refused, reset, …) goes into the message.
    throw new Error(`${method} ${urlPath}: ${error.message} (${error.cause?.code ?? error.cause?.message ?? 'no cause'})`);
  });
  // A body cut off after the status line ("terminated") says which call it was, and with what status.
  const text = await response.text().catch((error) => {
    throw new Error(
      `${method} ${urlPath}: ${response.status} then ${error.message} (${error.cause?.code ?? error.cause?.message ?? 'no cause'})`,
    );
  });
  if (!response.ok)
    throw Object.assign(new Error(`${method} ${urlPath} answered ${response.status}: ${text.slice(0, 300)}`), { status: response.status });
  return text ? JSON.parse(text) : undefined;
}
export const isoDay = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
export const word = () => `zq${randomBytes(4).toString('hex')}`;

export async function register(prefix) {
  const email = `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
  const { token, user } = await api('POST', '/api/auth/register', {
    body: { firstName: 'Pat', lastName: 'Tester', email, password: 'secret123' },
  });
  return { email, token, user };
}
export function newSale(account, title = `Sale ${word()}`) {
  return api('POST', '/api/sales', {
    token: account.token,
    body: {
      title,
      description: 'Tools and toys.',
      address: '100 N 5th St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      startDate: isoDay(0),
      endDate: isoDay(2),
      startTime: '00:00',
      endTime: '23:59',
    },
  });
}
export function newItem(account, saleId, title, extra = {}) {
  return api('POST', '/api/items', {
    token: account.token,
    body: { title, category: 'Other', price: 5, condition: 'good', garageSaleId: saleId, ...extra },
  });
}
export async function becomePremium(account) {
  const { paymentIntentId } = await api('POST', '/api/payments/subscribe', { token: account.token });
  await api('POST', '/api/payments/confirm-subscription', { token: account.token, body: { paymentIntentId } });
}
export async function eventually(probe, what, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s${last ? `: ${last.message}` : ''}`);
    await sleep(200);
  }
}
export async function mail() {
  const [mailpit] = containers('mailpit');
  return (await api('GET', '/api/v1/messages', { base: `http://${mailpit.ip}:8025` })).messages;
}
/** The alert emails to `email` (a new premium member also gets a receipt, which is not one). */
export async function alertMails(email) {
  return (await mail()).filter((m) => m.To.some((to) => to.Address === email) && m.Subject.startsWith('New match for '));
}

export async function uploadPhoto(account) {
  const form = new FormData();
  form.append('image', new Blob([pngBuffer(64, 48)], { type: 'image/png' }), 'photo.png');
  const response = await fetch(`${BASE}/api/upload/image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  return (await response.json()).url;
}
export async function fetchPhoto(url) {
  const response = await fetch(new URL(url, BASE));
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}
