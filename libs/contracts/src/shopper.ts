import { z } from 'zod';
import { CATEGORIES, CONDITIONS, SALE_STATUSES } from './constants.js';
import { cappedRadius } from './geo.js';
import { idSchema, money, plainString, requiredText } from './common.js';
import { itemSchema } from './items.js';
import { saleSchema } from './sales.js';

/**
 * The shopper's calls (docs/api-premium.md): favourites, saved searches with alerts, cancel and
 * change alerts and calendar files (route plans: route-plans.ts). New resources are camelCase like the user object;
 * the sale and item cards inside them keep the snake_case of the sale and item objects.
 */

export const PREMIUM_REQUIRED = 'Premium membership required';

export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily'] as const;
export type SavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number];
/** Saved searches one account may keep. */
export const MAX_SAVED_SEARCHES = 50;

/**
 * `reservation`: a reservation of the user's lapsed, was cancelled or was refunded. `membership`: a
 * premium receipt, renewal reminder, failed renewal or cancellation. Both are always emailed: they
 * are about the member's money. `community_sale_cancelled` and `community_sale_moved` (to its rain
 * date): one notice about the community sale to each joined host and each shopper who follows it,
 * saved one of its sales or has one in a route plan. `sale_dropped_out`: a sale in the member's plan
 * for today, saved or followed closed early, was cancelled or is likely over that day (once per
 * member, sale and day). `sale_likely_over`: to a host, shoppers report the sale over; confirm it.
 * `offer`: the other side moved on one of the member's offers (emailed unless they turned `offerEmails` off).
 */
export const ALERT_KINDS = [
  'match',
  'sale_cancelled',
  'sale_deleted',
  'sale_changed',
  'reservation',
  'membership',
  'community_sale_cancelled',
  'community_sale_moved',
  'sale_dropped_out',
  'sale_likely_over',
  'message',
  'price_drop',
  'offer',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

// ---------------------------------------------------------------- favourites

/** A favourite sale: the sale object of the contract plus when it was saved. */
export const favoriteSaleSchema = saleSchema.extend({ saved_at: z.string() });
export type FavoriteSale = z.infer<typeof favoriteSaleSchema>;

/** A favourite item: what an item card shows, with its sale's place and time (null for a standalone item). */
export const favoriteItemSchema = itemSchema
  .pick({
    id: true,
    user_id: true,
    title: true,
    description: true,
    category: true,
    price: true,
    original_price: true,
    condition: true,
    brand: true,
    image_urls: true,
    is_reserved: true,
    is_sold: true,
    garage_sale_id: true,
    sale_title: true,
  })
  .extend({
    sale_status: z.enum(SALE_STATUSES).nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    start_time: z.string().nullable(),
    end_time: z.string().nullable(),
    saved_at: z.string(),
  });
export type FavoriteItem = z.infer<typeof favoriteItemSchema>;

/** GET /api/favorites: newest saved first. */
export const favoritesSchema = z.object({ sales: z.array(favoriteSaleSchema), items: z.array(favoriteItemSchema) });
export type Favorites = z.infer<typeof favoritesSchema>;

/** GET /api/favorites/ids: what the hearts on cards need, in one small call. */
export const favoriteIdsSchema = z.object({ saleIds: z.array(z.number().int()), itemIds: z.array(z.number().int()) });
export type FavoriteIds = z.infer<typeof favoriteIdsSchema>;

/** POST /api/favorites/sales/{id} and /items/{id}. */
export const favoriteSavedSchema = z.object({
  saleId: z.number().int().optional(),
  itemId: z.number().int().optional(),
  savedAt: z.string(),
});
export type FavoriteSaved = z.infer<typeof favoriteSavedSchema>;

// ---------------------------------------------------------------- saved searches

const optionalBodyNumber = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label} must be a number` })
    .finite(`${label} must be a number`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`)
    .nullish()
    .transform((value) => value ?? null);

/**
 * POST and PUT /api/saved-searches: the item search of the moment (words, filters, place, radius)
 * with a name and how often to email. The radius counts only with a place: it defaults to 25
 * miles and a larger one is clamped to 100 (saved searches are a premium feature).
 */
export const savedSearchBodySchema = z
  .object({
    name: requiredText('Name', 100),
    q: requiredText('Search text', 200),
    category: z
      .enum(CATEGORIES, { message: 'Choose a category from the list' })
      .nullish()
      .transform((value) => value ?? null),
    maxPrice: money('Max price')
      .nullish()
      .transform((value) => value ?? null),
    condition: z
      .enum(CONDITIONS, { message: 'Choose a condition from the list' })
      .nullish()
      .transform((value) => value ?? null),
    latitude: optionalBodyNumber('Latitude', -90, 90),
    longitude: optionalBodyNumber('Longitude', -180, 180),
    radius: z
      .number({ message: 'Radius must be a number' })
      .finite('Radius must be a number')
      .positive('Radius must be more than 0')
      .nullish()
      .transform((value) => value ?? null),
    frequency: z.enum(SAVED_SEARCH_FREQUENCIES, { message: 'Frequency must be instant or daily' }).default('instant'),
    emailEnabled: z.boolean({ message: 'emailEnabled must be true or false' }).default(true),
  })
  .superRefine((body, ctx) => {
    if ((body.latitude === null) !== (body.longitude === null)) {
      ctx.addIssue({
        code: 'custom',
        path: [body.latitude === null ? 'latitude' : 'longitude'],
        message: 'Latitude and longitude go together',
      });
    }
  })
  .transform((body) => ({
    ...body,
    // Saved searches are a premium feature, so the premium cap applies.
    radius: body.latitude === null ? null : cappedRadius(body.radius, true),
  }));
export type SavedSearchBody = z.infer<typeof savedSearchBodySchema>;

export const savedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  q: z.string(),
  category: z.enum(CATEGORIES).nullable(),
  maxPrice: z.number().nullable(),
  condition: z.enum(CONDITIONS).nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  radius: z.number().nullable(),
  frequency: z.enum(SAVED_SEARCH_FREQUENCIES),
  emailEnabled: z.boolean(),
  alertCount: z.number().int(),
  lastAlertAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/** GET and POST /api/saved-searches/unsubscribe?token=… (the one-click link of every email). */
export const unsubscribeQuerySchema = z.object({
  token: plainString('token', { message: 'token is required' }).trim().min(1, 'token is required').max(300, 'token is too long'),
});
export const unsubscribeResultSchema = z.object({ unsubscribed: z.literal(true), what: z.string() });
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

// ---------------------------------------------------------------- alerts

/** What changed on a sale, field by field (`sale_changed`). */
export const saleChangeSchema = z.object({
  field: z.enum(['start_date', 'end_date', 'start_time', 'end_time']),
  from: z.string(),
  to: z.string(),
});
export type SaleChange = z.infer<typeof saleChangeSchema>;

export const alertSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ALERT_KINDS),
  title: z.string(),
  message: z.string(),
  /**
   * Where the bell's entry leads in the SPA: `/items/{id}`, `/sales/{id}`, `/community-sales/{id}` or
   * `/my-reservations` (null once that is gone).
   */
  link: z.string().nullable(),
  savedSearchId: z.number().int().nullable(),
  itemId: z.number().int().nullable(),
  saleId: z.number().int().nullable(),
  communitySaleId: z.number().int().nullable(),
  /** `sale_changed` only: each changed field, from → to. */
  changes: z.array(saleChangeSchema),
  read: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertsQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .default(50),
  /** The id of the last alert of the previous page: the next page is older. */
  before: idSchema.optional(),
  unread: z.enum(['true', 'false']).optional(),
});
export type AlertsQuery = z.infer<typeof alertsQuerySchema>;

export const alertListSchema = z.object({
  alerts: z.array(alertSchema),
  unreadCount: z.number().int(),
  nextBefore: z.number().int().nullable(),
});
export type AlertList = z.infer<typeof alertListSchema>;
export const unreadCountSchema = z.object({ unreadCount: z.number().int() });
export const readAllResultSchema = z.object({ updated: z.number().int(), unreadCount: z.number().int() });

/**
 * GET /api/alerts/settings: which alerts are also emailed. `saleUpdateEmails` (on unless turned
 * off): a sale saved, planned or followed is cancelled or changes its dates or hours, a community
 * sale followed is cancelled or moved, a price drops. `dropOutEmails` (off unless asked for): a sale
 * in today's plan, saved or followed closes early, is cancelled on the day or is likely over.
 * `offerEmails` (on unless turned off): the other side answers an offer (a new offer, a counter, an
 * accept, a decline).
 */
export const alertSettingsSchema = z.object({
  saleUpdateEmails: z.boolean({ message: 'saleUpdateEmails must be true or false' }),
  dropOutEmails: z.boolean({ message: 'dropOutEmails must be true or false' }),
  offerEmails: z.boolean({ message: 'offerEmails must be true or false' }),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;
/** PUT /api/alerts/settings: the settings to change; one left out keeps its value. */
export const alertSettingsUpdateSchema = alertSettingsSchema
  .partial()
  .refine((settings) => Object.values(settings).some((value) => value !== undefined), {
    message: 'Give saleUpdateEmails, dropOutEmails or offerEmails',
  });
export type AlertSettingsUpdate = z.infer<typeof alertSettingsUpdateSchema>;
