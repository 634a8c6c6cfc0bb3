import { z } from 'zod';
import { PAYMENT_METHODS, SALE_STATUSES, US_STATES } from './constants.js';
import { dateSchema, idSchema, optionalText, requiredText, timeSchema } from './common.js';
import { saleLiveShape } from './live-status.js';
import { localDateTimeSchema } from './sale-place.js';
import { upcomingMarkdownSchema } from './markdowns.js';

const PAYMENT_METHOD_MESSAGE = `Payment method must be one of: ${PAYMENT_METHODS.join(', ')}`;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { message: PAYMENT_METHOD_MESSAGE });

/** A list of payment methods, each once, in the order of `PAYMENT_METHODS` (absent: none). */
const paymentMethodsSchema = z
  .array(paymentMethodSchema, { message: 'Payment methods must be a list' })
  .max(50, 'At most 50 payment methods')
  .transform((methods) => PAYMENT_METHODS.filter((method) => methods.includes(method)))
  .optional();

/** When members see the exact address, on the sale's clock; blank or null means now. */
const addressVisibleFromSchema = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  localDateTimeSchema.optional(),
);

const saleFormShape = {
  title: requiredText('Title', 200),
  description: optionalText('Description', 5000, { multiline: true }),
  address: requiredText('Street address', 300),
  city: requiredText('City', 100),
  state: z
    .string({ message: 'State is required' })
    .trim()
    .toUpperCase()
    .pipe(z.enum(US_STATES, { message: 'State must be one of the 50 two-letter US codes' })),
  zipCode: z
    .string({ message: 'ZIP is required' })
    .trim()
    .regex(/^\d{5}$/, 'ZIP must be 5 digits'),
  startDate: dateSchema,
  endDate: dateSchema,
  startTime: timeSchema,
  endTime: timeSchema,
  paymentMethods: paymentMethodsSchema,
  addressVisibleFrom: addressVisibleFromSchema,
  /** Whether members may write to the host about the sale (absent: true on a new sale, unchanged on an edit). */
  messagesEnabled: z.boolean({ message: 'messagesEnabled must be true or false' }).optional(),
};

type SaleWindow = { startDate: string; endDate: string; startTime: string; endTime: string };

/** The cross-field rules of the spec: end date not before start; a one-day sale ends after it starts. */
function checkWindow(form: SaleWindow, ctx: z.RefinementCtx) {
  if (form.endDate < form.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date cannot be before the start date' });
  }
  if (form.endDate === form.startDate && form.endTime <= form.startTime) {
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'End time must be after the start time' });
  }
}

function checkStart(today: string) {
  return (form: { startDate: string }, ctx: z.RefinementCtx) => {
    if (form.startDate < today) {
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'Start date cannot be in the past' });
    }
  };
}

/**
 * POST /api/sales. `today` is the caller's calendar date (YYYY-MM-DD): the SPA passes the browser's,
 * the server its own clock's date in the earliest US time zone, so no US host is refused "today".
 * `itemIds` (optional) are the host's items to put into the new sale: the items service assigns
 * those the host owns when it applies `sale.created` (ids of others' items or of no item are left
 * out), so the client needs no assign call right after creating.
 */
export function saleCreateSchema(today: string) {
  return z
    .object({ ...saleFormShape, itemIds: z.array(idSchema).max(500, 'At most 500 items at once').optional() })
    .superRefine(checkWindow)
    .superRefine(checkStart(today));
}
export type SaleForm = z.infer<ReturnType<typeof saleCreateSchema>>;

/**
 * PUT /api/sales/{id}: the same form, plus the owner may cancel (or re-activate) it. The start-date
 * rule is applied by the service only when the start date changes, so a running sale stays editable.
 */
export const saleUpdateSchema = z.object({ ...saleFormShape, status: z.enum(['active', 'cancelled']).optional() }).superRefine(checkWindow);
export type SaleUpdate = z.infer<typeof saleUpdateSchema>;

const optionalNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === undefined || value === null ? undefined : value),
    z.coerce
      .number({ message: `${label} must be a number` })
      .refine((value) => Number.isFinite(value), `${label} must be a number`)
      .refine((value) => value >= min && value <= max, `${label} must be between ${min} and ${max}`)
      .optional(),
  );
const optionalOf = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

export const latitudeQuery = optionalNumber('Latitude', -90, 90);
export const longitudeQuery = optionalNumber('Longitude', -180, 180);
export const radiusQuery = optionalNumber('Radius', 0.1, 100_000);

function locationTogether(query: { latitude?: number; longitude?: number }, ctx: z.RefinementCtx) {
  if ((query.latitude === undefined) !== (query.longitude === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [query.latitude === undefined ? 'latitude' : 'longitude'],
      message: 'Latitude and longitude go together',
    });
  }
}

/** GET /api/sales: every filter optional; a radius beyond the caller's cap is clamped, not refused. */
export const saleListQuerySchema = z
  .object({
    latitude: latitudeQuery,
    longitude: longitudeQuery,
    radius: radiusQuery,
    startDate: optionalOf(dateSchema),
    endDate: optionalOf(dateSchema),
    startTime: optionalOf(timeSchema),
    endTime: optionalOf(timeSchema),
    /** Only sales that take this payment method. */
    paymentMethod: optionalOf(paymentMethodSchema),
  })
  .superRefine(locationTogether)
  .superRefine((query, ctx) => {
    if (query.startDate && query.endDate && query.endDate < query.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date cannot be before the start date' });
    }
  });
export type SaleListQuery = z.infer<typeof saleListQuerySchema>;

export const assignItemsBodySchema = z.object({
  saleId: idSchema,
  itemIds: z.array(idSchema).max(500, 'At most 500 items at once'),
});
export type AssignItemsBody = z.infer<typeof assignItemsBodySchema>;

export const saleSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  status: z.enum(SALE_STATUSES),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  item_count: z.number().int(),
  /** Beyond the contract (extra fields are allowed): main photos of up to 4 of its unsold items. */
  photo_urls: z.array(z.string()).optional(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  rating: z.number().nullable(),
  distance: z.number().optional(),
  /** Its live state today and the shoppers' confirmations (live-status.ts). */
  ...saleLiveShape,
  /** How the host takes money; empty when the host has not said (older sales may leave it out). */
  payment_methods: z.array(z.enum(PAYMENT_METHODS)).optional(),
  /**
   * When members see the exact address (`YYYY-MM-DDTHH:MM` on the sale's clock), null for now.
   * Until then a member who is not the host gets the street alone and a pin within a block.
   */
  address_visible_from: z.string().nullable().optional(),
  /** Whether members may write to the host about the sale (the host's `messagesEnabled`). */
  messages_enabled: z.boolean().optional(),
  /** The next scheduled markdown (markdowns.ts), or null; optional so answers of older builds still parse. */
  upcoming_markdown: upcomingMarkdownSchema.optional(),
});
export type Sale = z.infer<typeof saleSchema>;

/** The fields a visitor never receives in any sale object (contract, "What a visitor may see"). */
export const VISITOR_HIDDEN_SALE_FIELDS = ['address', 'zip_code', 'phone', 'first_name', 'last_name', 'rating'] as const;
