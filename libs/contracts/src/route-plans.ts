import { z } from 'zod';
import { ROUTE_PLAN_MAX_SALES } from './constants.js';
import { dateSchema, idSchema, plainString, timeSchema } from './common.js';
import { communitySaleFiltersSchema } from './community-sales.js';
import { saleLiveShape } from './live-status.js';

/**
 * Route plans (docs/api-premium.md): the shopper's day through the sales she picked, saved or
 * previewed, and re-planned from where she is. camelCase like the other shopper resources.
 */

export const DEFAULT_MINUTES_PER_STOP = 15;

/** Why a sale drops out of the route plans of its day: its host closed it early or cancelled it, or shoppers report it over. */
export const DROP_OUT_CAUSES = ['closed_early', 'cancelled', 'likely_over'] as const;
export type DropOutCause = (typeof DROP_OUT_CAUSES)[number];

const pointSchema = z.object({
  latitude: z
    .number({ message: 'Latitude must be a number' })
    .finite()
    .min(-90, 'Latitude must be between -90 and 90')
    .max(90, 'Latitude must be between -90 and 90'),
  longitude: z
    .number({ message: 'Longitude must be a number' })
    .finite()
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180'),
});
const zipStartSchema = z.object({
  zipCode: z
    .string({ message: 'ZIP is required' })
    .trim()
    .regex(/^\d{5}$/, 'ZIP must be 5 digits'),
});

/** POST /api/route-plans and /preview: where and when the day starts, and the sales to visit. */
export const routePlanBodySchema = z
  .object({
    name: plainString('Name')
      .trim()
      .max(100, 'Name must be at most 100 characters')
      .nullish()
      .transform((value) => (value ? value : null)),
    date: dateSchema,
    startTime: timeSchema,
    start: z.union([pointSchema, zipStartSchema], { message: 'Start needs latitude and longitude, or a 5-digit zipCode' }),
    saleIds: z
      .array(idSchema, { message: 'saleIds must be a list of sale ids' })
      .max(ROUTE_PLAN_MAX_SALES, `At most ${ROUTE_PLAN_MAX_SALES} sales per plan`)
      .nullish()
      .transform((ids) => [...new Set(ids ?? [])]),
    /** Instead of `saleIds`: the approved sales of this community sale, narrowed by `filters`. */
    communitySaleId: idSchema.nullish().transform((value) => value ?? null),
    filters: communitySaleFiltersSchema.nullish().transform((value) => value ?? null),
    minutesPerStop: z
      .number({ message: 'minutesPerStop must be a number' })
      .int('minutesPerStop must be a whole number')
      .min(1, 'minutesPerStop must be between 1 and 240')
      .max(240, 'minutesPerStop must be between 1 and 240')
      .default(DEFAULT_MINUTES_PER_STOP),
  })
  .superRefine((body, ctx) => {
    if (body.communitySaleId === null && body.saleIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['saleIds'], message: 'Pick at least one sale' });
    }
    if (body.communitySaleId !== null && body.saleIds.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['communitySaleId'], message: 'Give saleIds or communitySaleId, not both' });
    }
    if (body.communitySaleId === null && body.filters !== null) {
      ctx.addIssue({ code: 'custom', path: ['filters'], message: 'filters go with communitySaleId' });
    }
  });
export type RoutePlanBody = z.infer<typeof routePlanBodySchema>;

export const routeStopSchema = z.object({
  order: z.number().int(),
  saleId: z.number().int(),
  title: z.string(),
  address: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** HH:MM in the plan's time zone. */
  arrival: z.string(),
  departure: z.string(),
  waitMinutes: z.number().int(),
  driveMinutes: z.number(),
  driveMiles: z.number(),
  opensAt: z.string(),
  closesAt: z.string(),
  /** The sale's own zone; when it differs from the plan's, `localArrival`/`localDeparture` give its wall clock. */
  timeZone: z.string(),
  localArrival: z.string().optional(),
  localDeparture: z.string().optional(),
  /** The sale's number in its community sale, when it has one. */
  communitySaleNumber: z.number().int().nullable().optional(),
  /**
   * Read on the plan's day only: the sale closed early, was cancelled or is likely over that day (on
   * its own clock), so the stop is not routed to (left out of `directions`); its times stay as planned.
   */
  droppedOut: z.enum(DROP_OUT_CAUSES).optional(),
  /** When it dropped out (ISO 8601), when known. */
  droppedOutAt: z.string().nullable().optional(),
  /**
   * Read on the plan's day only: the sale's live state then (as on sale objects: what the host or
   * shoppers said that day, or `ended` past its hours) and when it was said ("Winding down · 5 min ago").
   */
  liveState: saleLiveShape.live_state,
  liveStateAt: saleLiveShape.live_state_at,
});
export type RouteStop = z.infer<typeof routeStopSchema>;

export const unplannedSaleSchema = z.object({
  saleId: z.number().int(),
  title: z.string().nullable(),
  reason: z.string(),
  /** Left out because it dropped out that day (see `RouteStop.droppedOut`). */
  droppedOut: z.enum(DROP_OUT_CAUSES).optional(),
});
export type UnplannedSale = z.infer<typeof unplannedSaleSchema>;

export const routePlanSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  date: z.string(),
  startTime: z.string(),
  timeZone: z.string(),
  start: z.object({ latitude: z.number(), longitude: z.number(), zipCode: z.string().nullable() }),
  minutesPerStop: z.number().int(),
  stops: z.array(routeStopSchema),
  unplanned: z.array(unplannedSaleSchema),
  directions: z.object({ google: z.array(z.string()), apple: z.array(z.string()) }),
  totals: z.object({ stops: z.number().int(), driveMinutes: z.number(), driveMiles: z.number(), finishAt: z.string() }),
  createdAt: z.string().nullable(),
  /** A re-planned rest of the day (not saved): the saved plan it was made from. */
  replannedFrom: z.number().int().optional(),
});
export type RoutePlan = z.infer<typeof routePlanSchema>;

/** POST /api/route-plans/{id}/replan: where the shopper is now. */
export const routePlanReplanBodySchema = pointSchema;
export type RoutePlanReplanBody = z.infer<typeof routePlanReplanBodySchema>;

/** GET /api/route-plans: the caller's plans, newest first. */
export const routePlanSummarySchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  date: z.string(),
  startTime: z.string(),
  stopCount: z.number().int(),
  unplannedCount: z.number().int(),
  createdAt: z.string(),
});
export type RoutePlanSummary = z.infer<typeof routePlanSummarySchema>;

/**
 * POST /api/route-plans/preview. Everyone signed in gets the summary; premium members also get
 * the whole plan (not saved), free users `upgradeRequired: true` instead.
 */
export const routePlanPreviewSchema = z.object({
  upgradeRequired: z.boolean(),
  summary: z.object({
    requested: z.number().int(),
    plannable: z.number().int(),
    unplannable: z.number().int(),
    totalDriveMinutes: z.number(),
    finishAt: z.string(),
  }),
  plan: routePlanSchema.nullable(),
});
export type RoutePlanPreview = z.infer<typeof routePlanPreviewSchema>;
