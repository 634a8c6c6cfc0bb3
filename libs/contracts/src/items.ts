import { z } from 'zod';
import {
  CATEGORIES,
  CONDITIONS,
  DEFAULT_CONDITION,
  MAX_IMAGES_PER_ITEM,
  SALE_STATUSES,
  SEARCH_OFFSET_MAX,
  SEARCH_PAGE_MAX,
} from './constants.js';
import { dateSchema, idSchema, money, optionalText, plainString, requiredText, timeSchema } from './common.js';
import { latitudeQuery, longitudeQuery, radiusQuery } from './sales.js';
import { saleLiveShape } from './live-status.js';

export const imageUrlSchema = plainString('Image URL')
  .trim()
  .max(1000, 'Image URL is too long')
  .regex(/^(https?:\/\/|\/)\S+$/, 'Image URL must be an http(s) URL or a path on this site');

const itemShape = {
  garageSaleId: idSchema.nullish().transform((value) => value ?? null),
  title: requiredText('Title', 200),
  description: optionalText('Description', 5000, { multiline: true }),
  category: z.enum(CATEGORIES, { message: 'Choose a category from the list' }),
  price: money('Price'),
  originalPrice: money('Original price')
    .nullish()
    .transform((value) => value ?? null),
  condition: z.enum(CONDITIONS, { message: 'Choose a condition from the list' }).default(DEFAULT_CONDITION),
  dimensions: optionalText('Dimensions', 200),
  weight: optionalText('Weight', 100),
  brand: optionalText('Brand', 100),
  imageUrls: z
    .array(imageUrlSchema)
    .max(MAX_IMAGES_PER_ITEM, `At most ${MAX_IMAGES_PER_ITEM} images per item`)
    .nullish()
    .transform((value) => value ?? []),
  /**
   * Offers below this are declined at once with a polite text; never shown to shoppers. Null: none;
   * absent: none on a create, unchanged on an edit (so a form that does not know it keeps it).
   */
  minOfferPrice: money('Minimum offer price').nullish(),
  /** Offers at or above this are accepted at once. Null and absent as for `minOfferPrice`. */
  autoAcceptPrice: money('Auto-accept price').nullish(),
};

/** The offer prices fit the price: a floor and an auto-accept price at most the price, the floor at most the auto-accept price. */
function checkOfferPrices(
  form: { price: number; minOfferPrice?: number | null; autoAcceptPrice?: number | null },
  ctx: z.core.$RefinementCtx,
): void {
  const floor = form.minOfferPrice ?? null;
  const autoAccept = form.autoAcceptPrice ?? null;
  if (floor !== null && floor > form.price) {
    ctx.addIssue({ code: 'custom', path: ['minOfferPrice'], message: 'Minimum offer price cannot be above the price' });
  }
  if (autoAccept !== null && autoAccept > form.price) {
    ctx.addIssue({ code: 'custom', path: ['autoAcceptPrice'], message: 'Auto-accept price cannot be above the price' });
  }
  if (floor !== null && autoAccept !== null && autoAccept < floor) {
    ctx.addIssue({ code: 'custom', path: ['autoAcceptPrice'], message: 'Auto-accept price cannot be below the minimum offer price' });
  }
}

/** POST /api/items. */
export const itemCreateSchema = z.object(itemShape).superRefine(checkOfferPrices);
export type ItemCreate = z.infer<typeof itemCreateSchema>;

/** PUT /api/items/{id}: the same payload plus the owner's reserved and sold flags. */
export const itemUpdateSchema = z
  .object({
    ...itemShape,
    isReserved: z.boolean().optional(),
    isSold: z.boolean().optional(),
  })
  .superRefine(checkOfferPrices);
export type ItemUpdate = z.infer<typeof itemUpdateSchema>;

export const myItemsQuerySchema = z.object({
  includeAll: z.enum(['true', 'false']).optional(),
});

/** POST /api/items/availability. */
export const availabilityBodySchema = z
  .object({
    startDate: dateSchema,
    endDate: dateSchema,
    startTime: timeSchema,
    endTime: timeSchema,
    address: optionalText('Address', 300),
    city: optionalText('City', 100),
    state: optionalText('State', 2),
    currentSaleId: idSchema.nullish().transform((value) => value ?? null),
  })
  .superRefine((body, ctx) => {
    if (body.endDate < body.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date cannot be before the start date' });
    }
  });
export type AvailabilityBody = z.infer<typeof availabilityBodySchema>;

const optionalQueryText = (label: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    plainString(label).max(max, `${label} must be at most ${max} characters`).optional(),
  );

/** GET /api/items/search. A blank `q` answers `[]`. */
/** A whole-number query parameter between `min` and `max`, `fallback` when absent or blank. */
const wholeNumberQuery = (name: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) => (value === '' || value === undefined || value === null ? undefined : value),
    z.coerce
      .number({ message: `${name} must be a number` })
      .int(`${name} must be a whole number`)
      .min(min, `${name} must be between ${min} and ${max}`)
      .max(max, `${name} must be between ${min} and ${max}`)
      .default(fallback),
  );

export const itemSearchQuerySchema = z
  .object({
    q: optionalQueryText('Search text', 200),
    category: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(CATEGORIES, { message: 'Choose a category from the list' }).optional(),
    ),
    maxPrice: z.preprocess(
      (value) => (value === '' || value === undefined ? undefined : value),
      z.coerce
        .number({ message: 'Max price must be a number' })
        .refine((value) => Number.isFinite(value) && value >= 0, 'Max price must be at least 0')
        .optional(),
    ),
    condition: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(CONDITIONS, { message: 'Choose a condition from the list' }).optional(),
    ),
    radius: radiusQuery,
    latitude: latitudeQuery,
    longitude: longitudeQuery,
    /** How many results, from how far down the ranking: pages of one search. */
    limit: wholeNumberQuery('limit', 1, SEARCH_PAGE_MAX, SEARCH_PAGE_MAX),
    offset: wholeNumberQuery('offset', 0, SEARCH_OFFSET_MAX, 0),
    /** Only items of the approved sales of this community sale (its page's search). */
    communitySaleId: z.preprocess((value) => (value === '' ? undefined : value), idSchema.optional()),
  })
  .superRefine((query, ctx) => {
    if ((query.latitude === undefined) !== (query.longitude === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'Latitude and longitude go together' });
    }
  });
export type ItemSearchQuery = z.infer<typeof itemSearchQuerySchema>;

export const nestedSaleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  user_id: z.number().int(),
  address: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  rating: z.number().nullable(),
  phone: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  description: z.string().nullable(),
  status: z.enum(SALE_STATUSES),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** As on the sale object: the host's payment methods and when members see the exact address. */
  payment_methods: z.array(z.string()).optional(),
  address_visible_from: z.string().nullable().optional(),
  /** As on the sale object: what the host (or shoppers) said today, or `ended` past its hours that day. */
  live_state: saleLiveShape.live_state,
  live_state_at: saleLiveShape.live_state_at,
});
export type NestedSale = z.infer<typeof nestedSaleSchema>;

export const itemSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.enum(CATEGORIES),
  price: z.number(),
  original_price: z.number().nullable(),
  condition: z.enum(CONDITIONS),
  dimensions: z.string().nullable(),
  weight: z.string().nullable(),
  brand: z.string().nullable(),
  image_urls: z.array(z.string()),
  is_reserved: z.boolean(),
  is_sold: z.boolean(),
  garage_sale_id: z.number().int().nullable(),
  created_at: z.string(),
  sale_title: z.string().nullable(),
  sale: nestedSaleSchema.nullable(),
  /**
   * The host's offer prices (dollars; null when not set): only on the owner's own item objects, never
   * on anyone else's (nor in search, events or other services' copies).
   */
  min_offer_price: z.number().nullable().optional(),
  auto_accept_price: z.number().nullable().optional(),
});
export type Item = z.infer<typeof itemSchema>;

export const availabilityItemSchema = itemSchema.extend({
  is_available: z.boolean(),
  conflict_reason: z.string().nullable(),
});
export type AvailabilityItem = z.infer<typeof availabilityItemSchema>;

export const searchResultSchema = itemSchema.extend({
  city: z.string(),
  state: z.string(),
  start_date: z.string(),
  sale_title: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  distance: z.number().optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const assignResultSchema = z.object({ assigned: z.number().int() });
