import { z } from 'zod';
import { CATEGORIES } from './constants.js';
import { dateSchema, idSchema, optionalText, plainString, requiredText, timeSchema } from './common.js';
import { imageUrlSchema } from './items.js';
import { latitudeQuery, longitudeQuery, radiusQuery, saleSchema } from './sales.js';

/**
 * Community sales (issue 37): one area's sale day, with many sales in it. The sales service owns
 * them (it moves its sales' dates with them); new objects are camelCase like route plans, and the
 * sales inside them keep the snake_case sale object of `GET /api/sales`.
 */

export const COMMUNITY_SALE_STATUSES = ['scheduled', 'cancelled'] as const;
export type CommunitySaleStatus = (typeof COMMUNITY_SALE_STATUSES)[number];

/** A sale's standing in a community sale: `pending` until the organiser approves (when approval is needed). */
export const COMMUNITY_SALE_ENTRY_STATUSES = ['pending', 'approved'] as const;
export type CommunitySaleEntryStatus = (typeof COMMUNITY_SALE_ENTRY_STATUSES)[number];

export const COMMUNITY_SALE_MAX_RADIUS_MILES = 25;
export const COMMUNITY_SALE_MAX_DAYS = 4;
export const COMMUNITY_SALE_MAX_ZIP_CODES = 50;
/** Sales one community sale may hold, and so what one `GET …/sales` answers at most. */
export const COMMUNITY_SALE_MAX_SALES = 400;

const zipCodeSchema = z
  .string({ message: 'ZIP is required' })
  .trim()
  .regex(/^\d{5}$/, 'Each ZIP must be 5 digits');

export const communitySaleDaySchema = z.object({ date: dateSchema, startTime: timeSchema, endTime: timeSchema }).superRefine((day, ctx) => {
  if (day.endTime <= day.startTime) {
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'End time must be after the start time' });
  }
});
export type CommunitySaleDay = z.infer<typeof communitySaleDaySchema>;

const nullableBodyNumber = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label} must be a number` })
    .finite(`${label} must be a number`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`)
    .nullish()
    .transform((value) => value ?? null);

/**
 * POST and PUT /api/community-sales. The area is a centre (`latitude`, `longitude`) with
 * `radiusMiles` (up to 25), or a list of `zipCodes`, not both. One to four days, each with its hours,
 * on different dates (answered sorted); an optional rain date after the last day. `coverImageUrl` is
 * the `url` media answered for the uploaded photo, as an item's photos are.
 */
export const communitySaleBodySchema = z
  .object({
    name: requiredText('Name', 200),
    description: optionalText('Description', 5000, { multiline: true }),
    latitude: nullableBodyNumber('Latitude', -90, 90),
    longitude: nullableBodyNumber('Longitude', -180, 180),
    radiusMiles: z
      .number({ message: 'radiusMiles must be a number' })
      .finite('radiusMiles must be a number')
      .positive('radiusMiles must be more than 0')
      .max(COMMUNITY_SALE_MAX_RADIUS_MILES, `radiusMiles must be at most ${COMMUNITY_SALE_MAX_RADIUS_MILES}`)
      .nullish()
      .transform((value) => value ?? null),
    zipCodes: z
      .array(zipCodeSchema, { message: 'zipCodes must be a list of 5-digit ZIP codes' })
      .max(COMMUNITY_SALE_MAX_ZIP_CODES, `At most ${COMMUNITY_SALE_MAX_ZIP_CODES} ZIP codes`)
      .nullish()
      .transform((value) => [...new Set(value ?? [])]),
    days: z
      .array(communitySaleDaySchema, { message: 'days must be a list of {date, startTime, endTime}' })
      .min(1, 'Give at least one day')
      .max(COMMUNITY_SALE_MAX_DAYS, `At most ${COMMUNITY_SALE_MAX_DAYS} days`)
      .transform((days) => [...days].sort((a, b) => a.date.localeCompare(b.date))),
    rainDate: dateSchema.nullish().transform((value) => value ?? null),
    coverImageUrl: imageUrlSchema.nullish().transform((value) => value || null),
    requiresApproval: z.boolean({ message: 'requiresApproval must be true or false' }).default(false),
  })
  .superRefine((body, ctx) => {
    const byRadius = body.latitude !== null || body.longitude !== null || body.radiusMiles !== null;
    if (byRadius && body.zipCodes.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['zipCodes'], message: 'Give a centre and radius, or ZIP codes, not both' });
    } else if (!byRadius && body.zipCodes.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['radiusMiles'], message: 'Give a centre and radius, or a list of ZIP codes' });
    } else if (byRadius) {
      for (const field of ['latitude', 'longitude', 'radiusMiles'] as const) {
        if (body[field] === null) ctx.addIssue({ code: 'custom', path: [field], message: `${field} is required with a radius area` });
      }
    }
    const dates = body.days.map((day) => day.date);
    if (new Set(dates).size !== dates.length) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'Each day must be a different date' });
    }
    const last = dates[dates.length - 1];
    if (body.rainDate !== null && last !== undefined && body.rainDate <= last) {
      ctx.addIssue({ code: 'custom', path: ['rainDate'], message: 'Rain date must be after the last day' });
    }
  });
export type CommunitySaleBody = z.infer<typeof communitySaleBodySchema>;

/** The community sale object. For a ZIP-list area, `latitude`/`longitude` are its ZIPs' middle and `radiusMiles` is null. */
export const communitySaleSchema = z.object({
  id: z.number().int(),
  organizerId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  radiusMiles: z.number().nullable(),
  zipCodes: z.array(z.string()),
  days: z.array(z.object({ date: z.string(), startTime: z.string(), endTime: z.string() })),
  rainDate: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  requiresApproval: z.boolean(),
  status: z.enum(COMMUNITY_SALE_STATUSES),
  /** Approved sales (those with a number). */
  saleCount: z.number().int(),
  /** Miles from the list's location, when there was one. */
  distance: z.number().optional(),
});
export type CommunitySale = z.infer<typeof communitySaleSchema>;

const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/**
 * GET /api/community-sales: scheduled ones not over yet whose days overlap the window; with a
 * location, those within `radius` miles (clamped like sales), nearest first. `saleId` (the caller's
 * sale) keeps only those that sale fits, by place and dates: the sale form's "Join a community sale nearby".
 */
export const communitySaleListQuerySchema = z
  .object({
    latitude: latitudeQuery,
    longitude: longitudeQuery,
    radius: radiusQuery,
    startDate: optionalQuery(dateSchema),
    endDate: optionalQuery(dateSchema),
    saleId: optionalQuery(idSchema),
  })
  .superRefine((query, ctx) => {
    if ((query.latitude === undefined) !== (query.longitude === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [query.latitude === undefined ? 'latitude' : 'longitude'],
        message: 'Latitude and longitude go together',
      });
    }
    if (query.startDate && query.endDate && query.endDate < query.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date cannot be before the start date' });
    }
  });
export type CommunitySaleListQuery = z.infer<typeof communitySaleListQuerySchema>;

/** POST /api/community-sales/{id}/sales: the host joins with one of their sales. */
export const communitySaleJoinSchema = z.object({ saleId: idSchema });
export type CommunitySaleJoin = z.infer<typeof communitySaleJoinSchema>;

/**
 * One sale in a community sale. `number` is given when it is approved (or when it joins, if no
 * approval is needed), never reused; null while pending. `sale` is the sale object of `GET
 * /api/sales` (a visitor gets no address and no host name).
 */
export const communitySaleEntrySchema = z.object({
  number: z.number().int().nullable(),
  status: z.enum(COMMUNITY_SALE_ENTRY_STATUSES),
  sale: saleSchema,
  /** The categories of its unsold items, alphabetical: what the numbered list shows and filters by. */
  categories: z.array(z.enum(CATEGORIES)),
});
export type CommunitySaleEntry = z.infer<typeof communitySaleEntrySchema>;

/** GET /api/community-sales/{id}/sales: approved ones by number, then pending ones (organiser and their host only). */
export const communitySaleEntriesSchema = z.array(communitySaleEntrySchema).max(COMMUNITY_SALE_MAX_SALES * 2);

/** POST /api/community-sales/{id}/follow (shopper service). */
export const communitySaleFollowSchema = z.object({
  communitySaleId: z.number().int(),
  following: z.boolean(),
  followedAt: z.string().nullable(),
});
export type CommunitySaleFollow = z.infer<typeof communitySaleFollowSchema>;

/** Route plans made from a community sale: which of its sales (all of them when absent). */
export const communitySaleFiltersSchema = z.object({
  categories: z
    .array(z.enum(CATEGORIES, { message: 'Choose categories from the list' }))
    .max(CATEGORIES.length)
    .nullish()
    .transform((value) => value ?? []),
  numbers: z
    .array(
      z.number({ message: 'numbers must be sale numbers' }).int('numbers must be sale numbers').positive('numbers must be sale numbers'),
    )
    .max(COMMUNITY_SALE_MAX_SALES, `At most ${COMMUNITY_SALE_MAX_SALES} numbers`)
    .nullish()
    .transform((value) => value ?? []),
  q: plainString('q')
    .trim()
    .max(200, 'q must be at most 200 characters')
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type CommunitySaleFilters = z.infer<typeof communitySaleFiltersSchema>;

/** GET /internal/community-sales/{id} (sales service): for a service whose projection missed it. */
export const communitySaleInternalSchema = z.object({
  communitySale: communitySaleSchema.omit({ distance: true }),
  sales: z.array(
    z.object({ saleId: z.number().int(), number: z.number().int().nullable(), status: z.enum(COMMUNITY_SALE_ENTRY_STATUSES) }),
  ),
});
export type CommunitySaleInternal = z.infer<typeof communitySaleInternalSchema>;
