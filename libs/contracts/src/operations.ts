import { z } from 'zod';
import { assignItemsBodySchema, saleCreateSchema, saleListQuerySchema, saleSchema, saleUpdateSchema } from './sales.js';
import {
  assignResultSchema,
  availabilityBodySchema,
  availabilityItemSchema,
  itemCreateSchema,
  itemSchema,
  itemSearchQuerySchema,
  itemUpdateSchema,
  myItemsQuerySchema,
  searchResultSchema,
} from './items.js';
import { uploadResponseSchema } from './media.js';
import {
  confirmSubscriptionBodySchema,
  confirmSubscriptionResponseSchema,
  MEMBERSHIP_ERRORS,
  membershipRefundSchema,
  membershipSchema,
  paymentsConfigSchema,
  receiptListSchema,
  subscribeResponseSchema,
} from './payments.js';
import {
  collectBodySchema,
  hostedReservationSchema,
  myReservationSchema,
  payoutOnboardingSchema,
  ratingBodySchema,
  reservationSchema,
} from './reservations.js';
import {
  alertListSchema,
  alertSchema,
  alertSettingsSchema,
  alertsQuerySchema,
  favoriteIdsSchema,
  favoriteSavedSchema,
  favoritesSchema,
  PREMIUM_REQUIRED,
  readAllResultSchema,
  routePlanBodySchema,
  routePlanPreviewSchema,
  routePlanSchema,
  routePlanSummarySchema,
  savedSearchBodySchema,
  savedSearchSchema,
  unreadCountSchema,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
} from './shopper.js';
import { authResponseSchema, loginBodySchema, profileBodySchema, registerBodySchema, userSchema } from './users.js';

/**
 * The HTTP API as one table: every call the gateway answers under `/api`, with the zod schemas its
 * service parses and answers with. The OpenAPI document (openapi.ts) is generated from it, and the
 * gateway's tests hold it equal to the routes the gateway and the services really serve.
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/**
 * `signed-in`: a token is required. `viewer`: a token is optional and changes the answer (visitors
 * get private fields as null). `none`: no token is read (probes, documentation, provider webhooks).
 */
export type Access = 'signed-in' | 'viewer' | 'none';

/** How a body travels: JSON unless the call says otherwise. */
export type MediaKind = 'json' | 'html' | 'json-or-html' | 'calendar' | 'image' | 'multipart-image' | 'raw-json';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/** A failure: a description, or the exact `error` text the call answers (and when). */
export type ErrorText = string | { error: string; when?: string };

export interface ApiResponse {
  description: string;
  body?: z.ZodType;
  media?: MediaKind;
}

export interface ApiOperation {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI form: `/api/sales/{id}`. Path parameters are ids unless `params` says otherwise. */
  path: string;
  tag: ApiTag;
  summary: string;
  description?: string;
  access: Access;
  params?: Record<string, z.ZodType>;
  query?: z.ZodType;
  headers?: Record<string, { schema: z.ZodType; description: string; required?: boolean }>;
  body?: z.ZodType;
  bodyMedia?: MediaKind;
  /** A request the call accepts, shown in the reference and checked against `body` by the tests. */
  example?: unknown;
  responses: Partial<Record<200 | 201 | 204 | 304, ApiResponse>>;
  /** The failures the call itself can answer, with the contract's texts where it fixes them. */
  errors?: Partial<Record<ErrorStatus, ErrorText>>;
}

export const API_TAGS = {
  Auth: 'Registration and sign-in (auth service).',
  Users: 'The signed-in user (auth service).',
  Sales: 'Garage sales (sales service; the sale detail is composed by the gateway).',
  Items: 'Items, their search and availability (items service).',
  Reservations: 'Paid reservations and host payouts (items service, premium).',
  Media: 'Image upload and serving (media service).',
  Payments: 'Premium membership payments (payments service).',
  Favorites: 'Saved sales and items (shopper service).',
  'Saved searches': 'Saved searches with alerts (shopper service, premium).',
  Alerts: 'The alert bell and its settings (notifications service).',
  'Route plans': 'Multi-stop route plans and calendar files (shopper service).',
  Gateway: 'Health, liveness and this reference (the gateway itself).',
} as const;
export type ApiTag = keyof typeof API_TAGS;

/** Shapes answered by calls whose schema lives nowhere else: documented here, next to the call. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  degraded: z.array(z.string()).optional(),
  failing: z.array(z.string()).optional(),
  error: z.string().optional(),
});
export const liveSchema = z.object({ status: z.literal('ok') });
export const saleDetailSchema = saleSchema.extend({ items: z.array(itemSchema) });
export const reserveResultSchema = itemSchema.extend({ reservation: reservationSchema });
export const ratingResultSchema = z.object({ stars: z.number().int(), review: z.string().nullable() });
export const webhookResultSchema = z.object({ received: z.literal(true) });
export const devMailSchema = z.object({
  messages: z.array(
    z.object({
      to: z.string(),
      from: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string(),
      headers: z.record(z.string(), z.string()).optional(),
      sentAt: z.string(),
    }),
  ),
});

/** Request examples: valid payloads, also checked against the schemas by the gateway's tests. */
export const API_EXAMPLES = {
  register: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'analytical', phone: '555-0100' },
  login: { email: 'ada@example.com', password: 'analytical' },
  profile: { firstName: 'Ada', lastName: 'King', phone: '555-0101' },
  saleCreate: {
    title: 'Spring Clean-out',
    description: 'Tools, toys and a piano.',
    address: '12 Oak St',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
    startDate: '2030-06-14',
    endDate: '2030-06-15',
    startTime: '08:00',
    endTime: '16:00',
    itemIds: [3, 4],
  },
  saleUpdate: {
    title: 'Spring Clean-out',
    address: '12 Oak St',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
    startDate: '2030-06-14',
    endDate: '2030-06-14',
    startTime: '08:00',
    endTime: '14:00',
    status: 'cancelled',
  },
  assignItems: { saleId: 1, itemIds: [3, 4] },
  itemCreate: {
    garageSaleId: 1,
    title: 'Oak Dining Table',
    description: 'Solid oak, seats six.',
    category: 'Furniture',
    price: 120,
    originalPrice: 400,
    condition: 'like_new',
    dimensions: '72 x 36 in',
    brand: null,
    imageUrls: ['/api/images/3f2a9c.jpg'],
  },
  itemUpdate: { title: 'Oak Dining Table', category: 'Furniture', price: 95.5, condition: 'good', isSold: false },
  availability: {
    startDate: '2030-06-14',
    endDate: '2030-06-15',
    startTime: '08:00',
    endTime: '16:00',
    address: '12 Oak St',
    city: 'Springfield',
    state: 'IL',
    currentSaleId: null,
  },
  confirmSubscription: { paymentIntentId: 'pi_3PqYz2' },
  collect: { pickupCode: 'K7M2QX' },
  rating: { stars: 5, review: 'Exactly as described.' },
  savedSearch: {
    name: 'Lamps',
    q: 'lamp',
    category: 'Home & Garden',
    maxPrice: 50,
    latitude: 39.8,
    longitude: -89.6,
    radius: 25,
    frequency: 'daily',
  },
  alertSettings: { saleUpdateEmails: true },
  routePlan: {
    name: 'Saturday loop',
    date: '2030-06-14',
    startTime: '08:00',
    start: { zipCode: '62701' },
    saleIds: [1, 2, 5],
    minutesPerStop: 20,
  },
} as const;

const NOT_OWNER = 'Signed in but not the owner';

/** Every `/api` call, grouped as the contract groups them. */
export const API_OPERATIONS: ApiOperation[] = [
  // ---------------------------------------------------------------- auth and users
  {
    operationId: 'register',
    method: 'post',
    path: '/api/auth/register',
    tag: 'Auth',
    summary: 'Create an account and sign in',
    access: 'none',
    body: registerBodySchema,
    example: API_EXAMPLES.register,
    responses: { 201: { description: 'The new account and its token', body: authResponseSchema } },
    errors: {
      400: 'A missing field, a bad email or a password under 6 characters',
      409: { error: 'Email already registered' },
      429: 'More than 20 registration attempts from one address in an hour',
    },
  },
  {
    operationId: 'login',
    method: 'post',
    path: '/api/auth/login',
    tag: 'Auth',
    summary: 'Sign in',
    access: 'none',
    body: loginBodySchema,
    example: API_EXAMPLES.login,
    responses: { 200: { description: 'The account and a fresh token', body: authResponseSchema } },
    errors: {
      401: { error: 'Invalid email or password' },
      429: 'After 10 failures for one email, or 50 from one address, within 15 minutes (with Retry-After)',
    },
  },
  {
    operationId: 'getMe',
    method: 'get',
    path: '/api/users/me',
    tag: 'Users',
    summary: 'The signed-in user',
    access: 'signed-in',
    responses: { 200: { description: 'The user', body: userSchema } },
  },
  {
    operationId: 'updateMe',
    method: 'put',
    path: '/api/users/me',
    tag: 'Users',
    summary: 'Update the profile',
    description: 'An email in the body is ignored: it cannot be changed.',
    access: 'signed-in',
    body: profileBodySchema,
    example: API_EXAMPLES.profile,
    responses: { 200: { description: 'The updated user', body: userSchema } },
    errors: { 400: 'A blank first or last name' },
  },

  // ---------------------------------------------------------------- sales
  {
    operationId: 'listSales',
    method: 'get',
    path: '/api/sales',
    tag: 'Sales',
    summary: 'Browse active sales',
    description:
      'Active sales whose dates overlap the window (no window: every sale not ended yet) and whose hours overlap the time filter. ' +
      'With a location, only those within `radius` miles (default 25; clamped to 50, or 100 for premium members), nearest first, with `distance`.',
    access: 'viewer',
    query: saleListQuerySchema,
    responses: { 200: { description: 'The sales (visitors get private fields as null)', body: z.array(saleSchema) } },
  },
  {
    operationId: 'mySales',
    method: 'get',
    path: '/api/sales/my-sales',
    tag: 'Sales',
    summary: "The caller's sales, every status",
    access: 'signed-in',
    responses: { 200: { description: 'The sales', body: z.array(saleSchema) } },
  },
  {
    operationId: 'getSale',
    method: 'get',
    path: '/api/sales/{id}',
    tag: 'Sales',
    summary: 'A sale with its items',
    description: 'Composed by the gateway: the sale from the sales service, its items from the items service.',
    access: 'viewer',
    responses: { 200: { description: 'The sale and its items', body: saleDetailSchema } },
    errors: { 404: { error: 'Sale not found' } },
  },
  {
    operationId: 'createSale',
    method: 'post',
    path: '/api/sales',
    tag: 'Sales',
    summary: 'Host a sale',
    description:
      'Located from the ZIP code. Beyond the schema: the start date is not before today, the end date not before the start, and a one-day sale ends after it starts. ' +
      '`itemIds` are the host’s items to put into the new sale.',
    access: 'signed-in',
    // The start-date rule is a refinement (not part of the JSON schema), so any date serves here.
    body: saleCreateSchema('1970-01-01'),
    example: API_EXAMPLES.saleCreate,
    responses: { 201: { description: 'The new sale', body: saleSchema } },
    errors: { 400: 'A sale rule broken, or a ZIP code that does not exist (`details` names `zipCode`)' },
  },
  {
    operationId: 'updateSale',
    method: 'put',
    path: '/api/sales/{id}',
    tag: 'Sales',
    summary: 'Edit, cancel or re-activate a sale',
    access: 'signed-in',
    body: saleUpdateSchema,
    example: API_EXAMPLES.saleUpdate,
    responses: { 200: { description: 'The updated sale', body: saleSchema } },
    errors: { 403: NOT_OWNER, 404: { error: 'Sale not found' } },
  },
  {
    operationId: 'deleteSale',
    method: 'delete',
    path: '/api/sales/{id}',
    tag: 'Sales',
    summary: 'Delete a sale',
    description: 'Its items stay, with `garage_sale_id` null.',
    access: 'signed-in',
    responses: { 204: { description: 'Deleted' } },
    errors: { 403: NOT_OWNER, 404: { error: 'Sale not found' } },
  },
  {
    operationId: 'assignItems',
    method: 'post',
    path: '/api/sales/assign-items',
    tag: 'Sales',
    summary: 'Put items into a sale',
    description: 'Served by the items service. All or nothing: one item not the caller’s and nothing is assigned.',
    access: 'signed-in',
    body: assignItemsBodySchema,
    example: API_EXAMPLES.assignItems,
    responses: { 200: { description: 'How many were assigned', body: assignResultSchema } },
    errors: { 403: 'The sale or an item is not the caller’s', 404: { error: 'Sale not found' } },
  },
  {
    operationId: 'saleCalendar',
    method: 'get',
    path: '/api/sales/{id}/calendar.ics',
    tag: 'Sales',
    summary: "A sale's calendar file",
    description: 'Served by the shopper service. The address is in it for signed-in users only.',
    access: 'viewer',
    responses: { 200: { description: 'An iCalendar file', media: 'calendar' } },
    errors: { 404: { error: 'Sale not found' } },
  },

  // ---------------------------------------------------------------- items
  {
    operationId: 'createItem',
    method: 'post',
    path: '/api/items',
    tag: 'Items',
    summary: 'List an item',
    access: 'signed-in',
    body: itemCreateSchema,
    example: API_EXAMPLES.itemCreate,
    responses: { 201: { description: 'The new item', body: itemSchema } },
    errors: {
      400: 'Title, a category and a condition from the lists, and a price ≥ 0 are required; at most 5 image URLs',
      403: 'garageSaleId is not the caller’s sale',
      404: { error: 'Sale not found', when: 'garageSaleId names no sale' },
    },
  },
  {
    operationId: 'searchItems',
    method: 'get',
    path: '/api/items/search',
    tag: 'Items',
    summary: 'Search items across active sales',
    description:
      'Unsold items of active sales matching the words of `q` (title, description, category, brand; stemmed), best match first. ' +
      'A blank `q` answers `[]`. `radius` is clamped to 50 miles (100 for premium members). Standalone items never appear. ' +
      '`limit` (1–50, default 50) results after the first `offset` (0–1000, default 0) page through the ranking; the search screen asks for 24 at a time.',
    access: 'viewer',
    query: itemSearchQuerySchema,
    responses: { 200: { description: 'The results (visitors get the seller’s name as null)', body: z.array(searchResultSchema) } },
  },
  {
    operationId: 'myItems',
    method: 'get',
    path: '/api/items/my-items',
    tag: 'Items',
    summary: "The caller's items",
    access: 'signed-in',
    query: myItemsQuerySchema,
    responses: { 200: { description: 'The items, with `sale_title`', body: z.array(itemSchema) } },
  },
  {
    operationId: 'itemsOfSale',
    method: 'get',
    path: '/api/items/by-sale/{id}',
    tag: 'Items',
    summary: "A sale's items",
    description: 'What the gateway composes into the sale detail.',
    access: 'viewer',
    responses: { 200: { description: 'The items', body: z.array(itemSchema) } },
  },
  {
    operationId: 'checkAvailability',
    method: 'post',
    path: '/api/items/availability',
    tag: 'Items',
    summary: "Which of the caller's items can go into a sale at these dates",
    description:
      'The caller’s unsold items; an item is unavailable when it sits in another active sale (not `currentSaleId`) whose dates and hours overlap.',
    access: 'signed-in',
    body: availabilityBodySchema,
    example: API_EXAMPLES.availability,
    responses: { 200: { description: 'Each item with `is_available` and `conflict_reason`', body: z.array(availabilityItemSchema) } },
  },
  {
    operationId: 'getItem',
    method: 'get',
    path: '/api/items/{id}',
    tag: 'Items',
    summary: 'An item',
    access: 'viewer',
    responses: { 200: { description: 'The item with its sale', body: itemSchema } },
    errors: { 404: { error: 'Item not found' } },
  },
  {
    operationId: 'updateItem',
    method: 'put',
    path: '/api/items/{id}',
    tag: 'Items',
    summary: 'Edit an item',
    access: 'signed-in',
    body: itemUpdateSchema,
    example: API_EXAMPLES.itemUpdate,
    responses: { 200: { description: 'The updated item', body: itemSchema } },
    errors: {
      403: 'garageSaleId is not the caller’s sale',
      404: {
        error: 'Item not found or unauthorized',
        when: 'An unknown item or another user’s (`Sale not found` when garageSaleId names no sale)',
      },
    },
  },
  {
    operationId: 'deleteItem',
    method: 'delete',
    path: '/api/items/{id}',
    tag: 'Items',
    summary: 'Delete an item',
    access: 'signed-in',
    responses: { 204: { description: 'Deleted' } },
    errors: { 404: { error: 'Item not found or unauthorized' } },
  },
  {
    operationId: 'reserveItem',
    method: 'post',
    path: '/api/items/{id}/reserve',
    tag: 'Items',
    summary: 'Reserve an item (premium)',
    description: 'Of two concurrent reserves of one item exactly one wins. The answer adds the reservation it opened.',
    access: 'signed-in',
    responses: { 200: { description: 'The item with `is_reserved: true`', body: reserveResultSchema } },
    errors: {
      403: { error: PREMIUM_REQUIRED },
      404: { error: 'Item not found' },
      409: 'Already reserved or sold, or the caller’s own item',
    },
  },

  // ---------------------------------------------------------------- reservations and payouts
  {
    operationId: 'myReservations',
    method: 'get',
    path: '/api/reservations/mine',
    tag: 'Reservations',
    summary: "The caller's reservations",
    access: 'signed-in',
    responses: { 200: { description: 'The reservations', body: z.array(myReservationSchema) } },
  },
  {
    operationId: 'reservationsOfSale',
    method: 'get',
    path: '/api/reservations/by-sale/{saleId}',
    tag: 'Reservations',
    summary: "The reservations of the host's sale",
    access: 'signed-in',
    responses: { 200: { description: 'The reservations, as the host sees them', body: z.array(hostedReservationSchema) } },
    errors: { 404: { error: 'Sale not found or unauthorized', when: 'An unknown sale, or one the caller does not host' } },
  },
  {
    operationId: 'getReservation',
    method: 'get',
    path: '/api/reservations/{id}',
    tag: 'Reservations',
    summary: 'One of the caller’s reservations',
    access: 'signed-in',
    responses: { 200: { description: 'The reservation', body: reservationSchema } },
    errors: { 404: { error: 'Reservation not found' } },
  },
  {
    operationId: 'payReservation',
    method: 'post',
    path: '/api/reservations/{id}/pay',
    tag: 'Reservations',
    summary: 'Confirm the payment of a held reservation',
    access: 'signed-in',
    responses: { 200: { description: 'The reservation', body: reservationSchema } },
    errors: { 400: 'The payment has not succeeded', 404: { error: 'Reservation not found' }, 409: 'The reservation is no longer held' },
  },
  {
    operationId: 'cancelReservation',
    method: 'post',
    path: '/api/reservations/{id}/cancel',
    tag: 'Reservations',
    summary: 'Cancel a reservation (refunded when paid)',
    access: 'signed-in',
    responses: { 200: { description: 'The reservation', body: reservationSchema } },
    errors: { 404: { error: 'Reservation not found' }, 409: 'The reservation can no longer be cancelled' },
  },
  {
    operationId: 'collectReservation',
    method: 'post',
    path: '/api/reservations/{id}/collect',
    tag: 'Reservations',
    summary: 'The host records a pickup with the shopper’s code',
    access: 'signed-in',
    body: collectBodySchema,
    example: API_EXAMPLES.collect,
    responses: { 200: { description: 'The reservation, as the host sees it', body: hostedReservationSchema } },
    errors: {
      400: { error: 'Pickup code does not match', when: 'A wrong code (compared case-insensitively)' },
      404: { error: 'Reservation not found', when: 'An unknown reservation, or one the caller does not host' },
      409: 'Not paid yet, already collected, or ended',
      429: 'After 5 wrong codes for the reservation (then locked for 15 minutes, its shopper told in the app) or 20 from the host within an hour (with Retry-After)',
    },
  },
  {
    operationId: 'rateReservation',
    method: 'post',
    path: '/api/reservations/{id}/rating',
    tag: 'Reservations',
    summary: 'Rate the host after a pickup (once)',
    access: 'signed-in',
    body: ratingBodySchema,
    example: API_EXAMPLES.rating,
    responses: { 201: { description: 'The rating', body: ratingResultSchema } },
    errors: { 404: { error: 'Reservation not found' }, 409: 'Not collected, or already rated' },
  },
  {
    operationId: 'payoutOnboarding',
    method: 'post',
    path: '/api/payouts/onboarding',
    tag: 'Reservations',
    summary: "The host's payout account and the link to finish setting it up",
    access: 'signed-in',
    responses: { 200: { description: 'The onboarding link', body: payoutOnboardingSchema } },
  },

  // ---------------------------------------------------------------- media
  {
    operationId: 'uploadImage',
    method: 'post',
    path: '/api/upload/image',
    tag: 'Media',
    summary: 'Upload an image',
    description:
      'Multipart, field `image`. The bytes are checked, not the name: JPEG, PNG, GIF or WebP. Re-encoded, stripped of metadata and fitted within 800×600.',
    access: 'signed-in',
    bodyMedia: 'multipart-image',
    responses: { 201: { description: 'Where the stored image is served', body: uploadResponseSchema } },
    errors: { 413: 'Over 2 MB (2097152 bytes), whatever it holds', 415: 'Not a JPEG, PNG, GIF or WebP image' },
  },
  {
    operationId: 'getImage',
    method: 'get',
    path: '/api/images/{name}',
    tag: 'Media',
    summary: 'A stored image',
    description: 'Public; names never change content, so caches keep them for a year (ETag, `If-None-Match`).',
    access: 'none',
    params: { name: z.string().describe('The file name from the upload’s `url`') },
    responses: { 200: { description: 'The image', media: 'image' }, 304: { description: 'Not modified' } },
    errors: { 404: { error: 'Image not found' } },
  },

  // ---------------------------------------------------------------- payments
  {
    operationId: 'paymentsConfig',
    method: 'get',
    path: '/api/payments/config',
    tag: 'Payments',
    summary: 'Which payment step the browser shows',
    access: 'viewer',
    responses: { 200: { description: 'The provider and the price', body: paymentsConfigSchema } },
  },
  {
    operationId: 'subscribe',
    method: 'post',
    path: '/api/payments/subscribe',
    tag: 'Payments',
    summary: 'Start a premium membership payment ($1.99, USD)',
    access: 'signed-in',
    responses: { 200: { description: 'The payment intent', body: subscribeResponseSchema } },
  },
  {
    operationId: 'confirmSubscription',
    method: 'post',
    path: '/api/payments/confirm-subscription',
    tag: 'Payments',
    summary: 'Confirm the membership payment',
    description: 'Premium for a year from now, or from the current expiry if later. Confirming the same intent again extends once.',
    access: 'signed-in',
    body: confirmSubscriptionBodySchema,
    example: API_EXAMPLES.confirmSubscription,
    responses: { 200: { description: 'The new expiry', body: confirmSubscriptionResponseSchema } },
    errors: { 400: 'Payment not succeeded', 404: 'Unknown or another user’s payment intent' },
  },
  {
    operationId: 'membership',
    method: 'get',
    path: '/api/payments/membership',
    tag: 'Payments',
    summary: 'The caller’s membership: status, renewal or end date, refund eligibility',
    access: 'signed-in',
    responses: { 200: { description: 'The membership', body: membershipSchema } },
  },
  {
    operationId: 'cancelMembership',
    method: 'post',
    path: '/api/payments/membership/cancel',
    tag: 'Payments',
    summary: 'Stop the yearly renewal; premium stays until the paid date',
    description: 'Cancelling a cancelled membership answers the same. Resume undoes it until the paid date.',
    access: 'signed-in',
    responses: { 200: { description: 'The membership, now `cancelled` with `endsAt`', body: membershipSchema } },
    errors: { 409: { error: MEMBERSHIP_ERRORS.nothingToCancel } },
  },
  {
    operationId: 'resumeMembership',
    method: 'post',
    path: '/api/payments/membership/resume',
    tag: 'Payments',
    summary: 'Undo a cancellation before the paid date',
    description: 'Resuming an active membership answers the same.',
    access: 'signed-in',
    responses: { 200: { description: 'The membership, `active` again with `renewsAt`', body: membershipSchema } },
    errors: { 409: { error: MEMBERSHIP_ERRORS.nothingToResume } },
  },
  {
    operationId: 'refundMembership',
    method: 'post',
    path: '/api/payments/membership/refund',
    tag: 'Payments',
    summary: 'Cancel and refund the latest payment in full (within 30 days of it)',
    description:
      'Premium ends at once and the renewal stops. Once per payment: asking again answers the same refund. Paid reservations stay valid.',
    access: 'signed-in',
    responses: { 200: { description: 'The refund and the membership after it', body: membershipRefundSchema } },
    errors: {
      409: { error: MEMBERSHIP_ERRORS.refundWindowPassed, when: 'the latest payment is more than 30 days old' },
      503: 'The payment provider is unavailable; nothing changed',
    },
  },
  {
    operationId: 'membershipReceipts',
    method: 'get',
    path: '/api/payments/receipts',
    tag: 'Payments',
    summary: 'Receipts of every membership charge and refund, newest first',
    access: 'signed-in',
    responses: { 200: { description: 'The receipts', body: receiptListSchema } },
  },
  {
    operationId: 'paymentsWebhook',
    method: 'post',
    path: '/api/payments/webhook',
    tag: 'Payments',
    summary: "The payment provider's webhook",
    description: 'Called by Stripe, not by a person: the signature authenticates it.',
    access: 'none',
    headers: { 'stripe-signature': { schema: z.string(), description: 'The provider’s signature of the raw body', required: true } },
    bodyMedia: 'raw-json',
    responses: { 200: { description: 'Received', body: webhookResultSchema } },
    errors: { 400: 'A missing or wrong signature' },
  },

  // ---------------------------------------------------------------- favourites
  {
    operationId: 'listFavorites',
    method: 'get',
    path: '/api/favorites',
    tag: 'Favorites',
    summary: 'Saved sales and items, newest first',
    access: 'signed-in',
    responses: { 200: { description: 'The favourites', body: favoritesSchema } },
  },
  {
    operationId: 'favoriteIds',
    method: 'get',
    path: '/api/favorites/ids',
    tag: 'Favorites',
    summary: 'The ids of saved sales and items',
    access: 'signed-in',
    responses: { 200: { description: 'The ids', body: favoriteIdsSchema } },
  },
  {
    operationId: 'saveSale',
    method: 'post',
    path: '/api/favorites/sales/{id}',
    tag: 'Favorites',
    summary: 'Save a sale',
    access: 'signed-in',
    responses: {
      200: { description: 'It was already saved (the first `savedAt`)', body: favoriteSavedSchema },
      201: { description: 'Saved', body: favoriteSavedSchema },
    },
    errors: { 404: { error: 'Sale not found', when: 'An unknown or deleted sale' } },
  },
  {
    operationId: 'unsaveSale',
    method: 'delete',
    path: '/api/favorites/sales/{id}',
    tag: 'Favorites',
    summary: 'Forget a saved sale',
    access: 'signed-in',
    responses: { 204: { description: 'Not saved any more (also when it was not)' } },
    errors: { 404: { error: 'Sale not found' } },
  },
  {
    operationId: 'saveItem',
    method: 'post',
    path: '/api/favorites/items/{id}',
    tag: 'Favorites',
    summary: 'Save an item',
    access: 'signed-in',
    responses: {
      200: { description: 'It was already saved (the first `savedAt`)', body: favoriteSavedSchema },
      201: { description: 'Saved', body: favoriteSavedSchema },
    },
    errors: { 404: { error: 'Item not found', when: 'An unknown or deleted item' } },
  },
  {
    operationId: 'unsaveItem',
    method: 'delete',
    path: '/api/favorites/items/{id}',
    tag: 'Favorites',
    summary: 'Forget a saved item',
    access: 'signed-in',
    responses: { 204: { description: 'Not saved any more' } },
    errors: { 404: { error: 'Item not found' } },
  },

  // ---------------------------------------------------------------- saved searches
  {
    operationId: 'listSavedSearches',
    method: 'get',
    path: '/api/saved-searches',
    tag: 'Saved searches',
    summary: 'Saved searches, newest first (premium)',
    access: 'signed-in',
    responses: { 200: { description: 'The saved searches', body: z.array(savedSearchSchema) } },
    errors: { 403: { error: PREMIUM_REQUIRED } },
  },
  {
    operationId: 'getSavedSearch',
    method: 'get',
    path: '/api/saved-searches/{id}',
    tag: 'Saved searches',
    summary: 'A saved search (premium)',
    access: 'signed-in',
    responses: { 200: { description: 'The saved search', body: savedSearchSchema } },
    errors: { 403: { error: PREMIUM_REQUIRED }, 404: { error: 'Saved search not found' } },
  },
  {
    operationId: 'createSavedSearch',
    method: 'post',
    path: '/api/saved-searches',
    tag: 'Saved searches',
    summary: 'Save a search (premium)',
    description: 'The radius counts only with a place: 25 miles by default, clamped to 100.',
    access: 'signed-in',
    body: savedSearchBodySchema,
    example: API_EXAMPLES.savedSearch,
    responses: { 201: { description: 'The saved search', body: savedSearchSchema } },
    errors: { 403: { error: PREMIUM_REQUIRED }, 409: 'Beyond 50 saved searches per account' },
  },
  {
    operationId: 'updateSavedSearch',
    method: 'put',
    path: '/api/saved-searches/{id}',
    tag: 'Saved searches',
    summary: 'Replace a saved search (premium)',
    access: 'signed-in',
    body: savedSearchBodySchema,
    example: API_EXAMPLES.savedSearch,
    responses: { 200: { description: 'The saved search', body: savedSearchSchema } },
    errors: { 403: { error: PREMIUM_REQUIRED }, 404: { error: 'Saved search not found' } },
  },
  {
    operationId: 'deleteSavedSearch',
    method: 'delete',
    path: '/api/saved-searches/{id}',
    tag: 'Saved searches',
    summary: 'Delete a saved search',
    description: 'No premium needed: a lapsed member may clean up.',
    access: 'signed-in',
    responses: { 204: { description: 'Deleted' } },
    errors: { 404: { error: 'Saved search not found' } },
  },
  {
    operationId: 'unsubscribeClick',
    method: 'get',
    path: '/api/saved-searches/unsubscribe',
    tag: 'Saved searches',
    summary: "An email's unsubscribe link",
    description:
      'Served by the notifications service. The signed token is the proof. A page for a person; JSON when the client accepts only JSON.',
    access: 'none',
    query: unsubscribeQuerySchema,
    responses: { 200: { description: 'Unsubscribed', body: unsubscribeResultSchema, media: 'json-or-html' } },
    errors: { 400: { error: 'This unsubscribe link is not valid' } },
  },
  {
    operationId: 'unsubscribeOneClick',
    method: 'post',
    path: '/api/saved-searches/unsubscribe',
    tag: 'Saved searches',
    summary: 'One-click unsubscribe (RFC 8058, sent by mail clients)',
    description: 'Served by the notifications service.',
    access: 'none',
    query: unsubscribeQuerySchema,
    responses: { 200: { description: 'Unsubscribed', body: unsubscribeResultSchema } },
    errors: { 400: { error: 'This unsubscribe link is not valid' } },
  },

  // ---------------------------------------------------------------- alerts
  {
    operationId: 'listAlerts',
    method: 'get',
    path: '/api/alerts',
    tag: 'Alerts',
    summary: 'Alerts, newest first, a page at a time',
    access: 'signed-in',
    query: alertsQuerySchema,
    responses: { 200: { description: 'A page of alerts', body: alertListSchema } },
  },
  {
    operationId: 'unreadAlertCount',
    method: 'get',
    path: '/api/alerts/unread-count',
    tag: 'Alerts',
    summary: 'The bell’s count',
    access: 'signed-in',
    responses: { 200: { description: 'Unread alerts', body: unreadCountSchema } },
  },
  {
    operationId: 'readAllAlerts',
    method: 'post',
    path: '/api/alerts/read-all',
    tag: 'Alerts',
    summary: 'Mark every alert read',
    access: 'signed-in',
    responses: { 200: { description: 'How many changed', body: readAllResultSchema } },
  },
  {
    operationId: 'getAlertSettings',
    method: 'get',
    path: '/api/alerts/settings',
    tag: 'Alerts',
    summary: 'Whether sale cancel and change alerts are also emailed',
    access: 'signed-in',
    responses: { 200: { description: 'The settings', body: alertSettingsSchema } },
  },
  {
    operationId: 'updateAlertSettings',
    method: 'put',
    path: '/api/alerts/settings',
    tag: 'Alerts',
    summary: 'Change the alert settings',
    access: 'signed-in',
    body: alertSettingsSchema,
    example: API_EXAMPLES.alertSettings,
    responses: { 200: { description: 'The settings', body: alertSettingsSchema } },
  },
  {
    operationId: 'readAlert',
    method: 'post',
    path: '/api/alerts/{id}/read',
    tag: 'Alerts',
    summary: 'Mark one alert read (the first read time is kept)',
    access: 'signed-in',
    responses: { 200: { description: 'The alert', body: alertSchema } },
    errors: { 404: { error: 'Alert not found' } },
  },

  // ---------------------------------------------------------------- route plans
  {
    operationId: 'previewRoutePlan',
    method: 'post',
    path: '/api/route-plans/preview',
    tag: 'Route plans',
    summary: 'Preview a route plan',
    description:
      'Everyone signed in gets the summary; premium members also get the whole plan (not saved), free users `upgradeRequired: true`.',
    access: 'signed-in',
    body: routePlanBodySchema,
    example: API_EXAMPLES.routePlan,
    responses: { 200: { description: 'The summary, and the plan for members', body: routePlanPreviewSchema } },
    errors: { 404: { error: 'Sale not found', when: 'A named sale nobody has (a deleted one is an unplannable stop)' } },
  },
  {
    operationId: 'createRoutePlan',
    method: 'post',
    path: '/api/route-plans',
    tag: 'Route plans',
    summary: 'Plan and save a route (premium)',
    access: 'signed-in',
    body: routePlanBodySchema,
    example: API_EXAMPLES.routePlan,
    responses: { 201: { description: 'The saved plan', body: routePlanSchema } },
    errors: {
      403: { error: PREMIUM_REQUIRED },
      404: { error: 'Sale not found', when: 'A named sale nobody has (a deleted one is an unplannable stop)' },
    },
  },
  {
    operationId: 'listRoutePlans',
    method: 'get',
    path: '/api/route-plans',
    tag: 'Route plans',
    summary: 'Saved plans, newest first',
    access: 'signed-in',
    responses: { 200: { description: 'The plans', body: z.array(routePlanSummarySchema) } },
  },
  {
    operationId: 'getRoutePlan',
    method: 'get',
    path: '/api/route-plans/{id}',
    tag: 'Route plans',
    summary: 'A saved plan',
    access: 'signed-in',
    responses: { 200: { description: 'The plan', body: routePlanSchema } },
    errors: { 404: { error: 'Route plan not found' } },
  },
  {
    operationId: 'deleteRoutePlan',
    method: 'delete',
    path: '/api/route-plans/{id}',
    tag: 'Route plans',
    summary: 'Delete a saved plan',
    access: 'signed-in',
    responses: { 204: { description: 'Deleted' } },
    errors: { 404: { error: 'Route plan not found' } },
  },
  {
    operationId: 'routePlanCalendar',
    method: 'get',
    path: '/api/route-plans/{id}/calendar.ics',
    tag: 'Route plans',
    summary: "A plan's calendar file, one event per stop",
    access: 'signed-in',
    responses: { 200: { description: 'An iCalendar file', media: 'calendar' } },
    errors: { 404: { error: 'Route plan not found' } },
  },
  {
    operationId: 'devMail',
    method: 'get',
    path: '/api/dev/mail',
    tag: 'Alerts',
    summary: 'Development only: the mail "sent" to the caller',
    description: 'Only with the local notifier and outside production; anywhere else the path answers 404.',
    access: 'signed-in',
    responses: { 200: { description: 'The last messages, newest first', body: devMailSchema } },
    errors: { 404: { error: 'Not found', when: 'In production, or with a real mail provider' } },
  },

  // ---------------------------------------------------------------- the gateway itself
  {
    operationId: 'health',
    method: 'get',
    path: '/api/health',
    tag: 'Gateway',
    summary: 'Readiness of the gateway and every service it routes to',
    access: 'none',
    responses: { 200: { description: '`ok`, or `degraded` naming a service that answers without its broker', body: healthSchema } },
    errors: { 503: 'Not ready: the failing services' },
  },
  {
    operationId: 'live',
    method: 'get',
    path: '/api/live',
    tag: 'Gateway',
    summary: 'Liveness: the process answers',
    access: 'none',
    responses: { 200: { description: 'Alive', body: liveSchema } },
  },
  {
    operationId: 'apiReference',
    method: 'get',
    path: '/api/docs',
    tag: 'Gateway',
    summary: 'This reference, as a page',
    access: 'none',
    responses: { 200: { description: 'The API reference', media: 'html' } },
  },
  {
    operationId: 'openApiDocument',
    method: 'get',
    path: '/api/docs/openapi.json',
    tag: 'Gateway',
    summary: 'This reference, as an OpenAPI 3.1 document',
    access: 'none',
    responses: { 200: { description: 'The OpenAPI document', media: 'raw-json' } },
  },
];
