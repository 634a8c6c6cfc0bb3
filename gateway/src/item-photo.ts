import type { FastifyRequest } from 'fastify';
import type { Upstreams } from './upstreams.js';

/** The item page's address (the web app's `/items/:id`); `/items/4/edit` is another page. */
const ITEM_PAGE = /^\/items\/(\d{1,10})\/?$/;
/** Photos are stored by the media service under a content-derived name: nothing else is named. */
const PHOTO_URL = /^\/api\/images\/[\w.-]+$/;
/** The page is not held up longer than this for its hint; without one it is the plain shell. */
const LOOKUP_BUDGET_MS = 300;

/**
 * The largest thing on an item page is its main photo. The page's HTML names it (a high-priority
 * preload) so a phone fetches it alongside the app's code instead of after the code has asked for
 * the item. The item is read as a visitor reads it (`GET /api/items/{id}` on the items service,
 * no token): photos are public. Any failure, or a slow answer, only means no hint.
 */
export async function itemPagePhoto(upstreams: Upstreams, request: FastifyRequest, urlPath: string): Promise<string | null> {
  const id = ITEM_PAGE.exec(urlPath)?.[1];
  if (!id || request.url.includes('?')) return null;
  const lookup = (async () => {
    const response = await upstreams.request('items', {
      path: `/api/items/${id}`,
      method: 'GET',
      headers: { accept: 'application/json', 'x-request-id': request.id },
      retry: false,
    });
    if (response.statusCode !== 200) {
      await response.body.dump();
      return null;
    }
    const item = (await response.body.json()) as { image_urls?: unknown };
    const main = Array.isArray(item.image_urls) ? item.image_urls[0] : undefined;
    return typeof main === 'string' && PHOTO_URL.test(main) ? main : null;
  })().catch(() => null);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), LOOKUP_BUDGET_MS);
  });
  try {
    return await Promise.race([lookup, late]);
  } finally {
    clearTimeout(timer);
  }
}
