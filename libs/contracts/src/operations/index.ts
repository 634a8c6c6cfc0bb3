/**
 * The HTTP API as one table: every call the gateway answers under `/api`, with the zod schemas its
 * service parses and answers with, one file per area. The OpenAPI document (openapi.ts) is generated
 * from it, and the gateway's tests hold it equal to the routes the gateway and the services serve.
 */
import { AUTH_OPERATIONS } from './auth.js';
import { SALE_OPERATIONS } from './sales.js';
import { SALE_LIVE_STATUS_OPERATIONS } from './live-status.js';
import { MARKDOWN_OPERATIONS } from './markdowns.js';
import { ITEM_OPERATIONS } from './items.js';
import { RESERVATION_OPERATIONS } from './reservations.js';
import { MEDIA_OPERATIONS } from './media.js';
import { PAYMENT_OPERATIONS } from './payments.js';
import { FAVORITE_OPERATIONS } from './favorites.js';
import { SAVED_SEARCH_OPERATIONS } from './saved-searches.js';
import { ALERT_OPERATIONS } from './alerts.js';
import { ROUTE_PLAN_OPERATIONS } from './route-plans.js';
import { COMMUNITY_SALE_FOLLOW_OPERATIONS, COMMUNITY_SALE_OPERATIONS, COMMUNITY_SALE_PRINT_OPERATIONS } from './community-sales.js';
import { MESSAGE_OPERATIONS } from './messages.js';
import { OFFER_OPERATIONS } from './offers.js';
import { GATEWAY_OPERATIONS } from './gateway.js';
import type { ApiOperation } from './types.js';

export * from './types.js';
export * from './shapes.js';
export * from './examples.js';
export { COMMUNITY_SALE_FOLLOW_OPERATIONS, COMMUNITY_SALE_PRINT_OPERATIONS } from './community-sales.js';

/** Every `/api` call, grouped as the contract groups them. */
export const API_OPERATIONS: ApiOperation[] = [
  ...AUTH_OPERATIONS,
  ...SALE_OPERATIONS,
  ...SALE_LIVE_STATUS_OPERATIONS,
  ...MARKDOWN_OPERATIONS,
  ...ITEM_OPERATIONS,
  ...RESERVATION_OPERATIONS,
  ...OFFER_OPERATIONS,
  ...MEDIA_OPERATIONS,
  ...PAYMENT_OPERATIONS,
  ...FAVORITE_OPERATIONS,
  ...SAVED_SEARCH_OPERATIONS,
  ...ALERT_OPERATIONS,
  ...ROUTE_PLAN_OPERATIONS,
  ...COMMUNITY_SALE_OPERATIONS,
  ...COMMUNITY_SALE_PRINT_OPERATIONS,
  ...COMMUNITY_SALE_FOLLOW_OPERATIONS,
  ...MESSAGE_OPERATIONS,
  ...GATEWAY_OPERATIONS,
];
