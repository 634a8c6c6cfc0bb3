/** Business constants of the product spec (section 9), shared by the SPA and every service. */

export const CATEGORIES = [
  'Electronics',
  'Furniture',
  'Clothing',
  'Books',
  'Toys',
  'Sports',
  'Home & Garden',
  'Automotive',
  'Collectibles',
  'Other',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const CONDITIONS = ['new', 'like_new', 'good', 'fair', 'poor'] as const;
export type Condition = (typeof CONDITIONS)[number];
export const DEFAULT_CONDITION: Condition = 'good';
/** "like_new" is shown "Like New": underscores become spaces, words capitalised. */
export function conditionLabel(condition: string): string {
  return condition
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;
export type UsState = (typeof US_STATES)[number];

export const SALE_STATUSES = ['active', 'completed', 'cancelled'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

export const RADIUS_CHOICES = [5, 10, 25, 50] as const;
export const PREMIUM_RADIUS_CHOICES = [5, 10, 25, 50, 100] as const;
export const DEFAULT_RADIUS_MILES = 25;
export const FREE_MAX_RADIUS_MILES = 50;
export const PREMIUM_MAX_RADIUS_MILES = 100;
export const EARTH_RADIUS_MILES = 3959;
/** The most results one search answer holds (`limit` defaults to it), and how deep `offset` may page. */
export const SEARCH_PAGE_MAX = 50;
export const SEARCH_OFFSET_MAX = 1000;
/** Results the search screen asks for at a time (full rows of 1, 2 or 3 cards); "Show more" asks for the next. */
export const SEARCH_PAGE_SIZE = 24;

export const PASSWORD_MIN_LENGTH = 6;
export const DEFAULT_START_TIME = '08:00';
export const DEFAULT_END_TIME = '16:00';

export const MAX_IMAGES_PER_ITEM = 5;
export const MAX_IMAGE_BYTES = 2_097_152;
export const IMAGE_MAX_WIDTH = 800;
export const IMAGE_MAX_HEIGHT = 600;
export const IMAGE_QUALITY = 0.8;
export const ITEM_DETAIL_THUMBNAILS = 4;

export const PREMIUM_PRICE_CENTS = 199;
export const PREMIUM_CURRENCY = 'usd';
export const PREMIUM_PERIOD_MONTHS = 12;
export const MONEY_BACK_DAYS = 30;
export const SUPPORT_RESPONSE_HOURS = 24;

export const GEOLOCATION = { timeoutMs: 10_000, maximumAgeMs: 5 * 60_000, enableHighAccuracy: true } as const;
export const DEFAULT_MAP_CENTER = { latitude: 39.8283, longitude: -98.5795, zoom: 4 } as const;
export const LOCATED_MAP_ZOOM = 12;
export const POPUP_DESCRIPTION_MAX = 100;

/** Rate limits of the contract (auth section). */
export const RATE_LIMITS = {
  loginFailuresPerEmail: { limit: 10, windowSeconds: 15 * 60 },
  loginFailuresPerIp: { limit: 50, windowSeconds: 15 * 60 },
  registrationsPerIp: { limit: 20, windowSeconds: 60 * 60 },
  /** Wrong pickup codes for one reservation within the window, then collecting it is locked for `lockSeconds`. */
  pickupCodeFailuresPerReservation: { limit: 5, windowSeconds: 60 * 60, lockSeconds: 15 * 60 },
  /** Wrong pickup codes one host may enter, over all their reservations, within the window. */
  pickupCodeFailuresPerHost: { limit: 20, windowSeconds: 60 * 60 },
} as const;

/** Sales one route plan may hold: a whole community sale day (50–400 sales) fits in one plan. */
export const ROUTE_PLAN_MAX_SALES = 400;

/** How a host takes money (issue 38): shown as badges on the sale's card, and a browse filter. */
export const PAYMENT_METHODS = ['cash', 'card', 'venmo', 'paypal', 'zelle', 'cash_app'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The longest message a member may send (messages; the SPA's text boxes stop there too). */
export const MESSAGE_MAX_LENGTH = 2000;

// ---------------------------------------------------------------- scheduled markdowns (markdowns.ts)

/** A cut is a whole percentage: 1 % is the least worth telling anyone of, 90 % the most (a free-for-all is the host's own edit). */
export const MARKDOWN_MIN_PERCENT = 1;
export const MARKDOWN_MAX_PERCENT = 90;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "1 PM", "9:30 AM", "12 PM" from a wall-clock `HH:MM`. */
function clockText(time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour}${minutes === 0 ? '' : `:${String(minutes).padStart(2, '0')}`} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * How a markdown is told, on the sale's clock: "Half price from 1 PM Sunday" for 50 %, "25 % off
 * from 1 PM Sunday" otherwise. `startsAt` is `YYYY-MM-DDTHH:MM`; the weekday is its date's.
 */
export function markdownText(percentOff: number, startsAt: string): string {
  const weekday = WEEKDAYS[new Date(`${startsAt.slice(0, 10)}T12:00:00Z`).getUTCDay()];
  const cut = percentOff === 50 ? 'Half price' : `${percentOff} % off`;
  return `${cut} from ${clockText(startsAt.slice(11, 16))} ${weekday}`;
}
