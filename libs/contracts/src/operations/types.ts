import { z } from 'zod';

/** The shape of one row of the API table (see index.ts): a call, its access, schemas and answers. */

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/**
 * `signed-in`: a token is required. `viewer`: a token is optional and changes the answer (visitors
 * get private fields as null). `none`: no token is read (probes, documentation, provider webhooks).
 */
export type Access = 'signed-in' | 'viewer' | 'none';

/** How a body travels: JSON unless the call says otherwise. */
export type MediaKind = 'json' | 'html' | 'json-or-html' | 'calendar' | 'image' | 'multipart-image' | 'raw-json' | 'pdf' | 'event-stream';

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
  'Community sales': 'One area’s sale day with many sales, its numbered list, printout and followers (sales service; follows: shopper).',
  Offers: 'Offers on items, answered by their hosts; an accepted one becomes a paid reservation (items service, premium).',
  Messages: 'Conversations between a shopper and a sale’s host, blocks and reports (messages service).',
  Gateway: 'Health, liveness and this reference (the gateway itself).',
} as const;
export type ApiTag = keyof typeof API_TAGS;

/** The 403 text of a write by someone who does not own the row. */
export const NOT_OWNER = 'Signed in but not the owner';
