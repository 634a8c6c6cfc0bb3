// The searches both item-search benchmarks send: words people type, sometimes a filter, and for
// radius searches a place near a US city, drawn at random so no two consecutive requests are alike.
import { CATEGORIES, CONDITIONS, SEARCH_PAGE_SIZE } from '@garage/contracts';
import { CITIES } from './places.mjs';

const any = (list) => list[Math.floor(Math.random() * list.length)];

/** What a browser sends along with every search: it takes a compressed answer. */
export const SEARCH_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/** Results asked per search: the search screen's first page unless LIMIT says otherwise (50 is the API's most). */
export const SEARCH_LIMIT = Number(process.env.LIMIT ?? SEARCH_PAGE_SIZE);

/** A realistic search: words, sometimes a category, a price cap or a condition; with a place if `radius`. */
export function searchPath(radius) {
  const query = new URLSearchParams({ q: any(SEARCHES), limit: String(SEARCH_LIMIT) });
  if (Math.random() < 0.2) query.set('category', any(CATEGORIES));
  if (Math.random() < 0.3) query.set('maxPrice', String(any([10, 25, 50, 100, 250])));
  if (Math.random() < 0.15) query.set('condition', any(CONDITIONS));
  if (radius) {
    const [, , latitude, longitude] = any(CITIES);
    query.set('latitude', (latitude + (Math.random() - 0.5) * 0.2).toFixed(4));
    query.set('longitude', (longitude + (Math.random() - 0.5) * 0.2).toFixed(4));
    query.set('radius', String(any([5, 10, 25, 25, 50])));
  }
  return `/api/items/search?${query}`;
}

// Words people type into a garage-sale search, from one word to three.
export const SEARCHES = [
  'lamp',
  'lamps',
  'floor lamp',
  'dining table',
  'rocking chair',
  'vintage',
  'antique clock',
  'oak dresser',
  'bike',
  'mountain bike',
  'golf clubs',
  'lego',
  'lego set',
  'board game',
  'dollhouse',
  'record player',
  'vinyl records',
  'sony tv',
  'kitchenaid mixer',
  'power drill',
  'lawn mower',
  'winter coat',
  'leather jacket',
  'boots',
  'cookbook',
  'comic books',
  'baseball cards',
  'kayak',
  'camping tent',
  'treadmill',
  'sewing machine',
  'guitar',
  'crib',
  'baby stroller',
  'christmas decorations',
  'mid-century chair',
  'cast iron skillet',
  'pyrex',
  'tires',
  'car seat',
  'patio set',
  'weber grill',
  'mirror',
  'rug',
  'coffee table',
  'bookshelf',
  'desk',
  'sofa',
  'futon',
  'camera',
  'vintage leather jacket',
  'kids bike',
  'wooden toys',
  'fishing rod',
  'ladder',
  'chair -broken',
];
