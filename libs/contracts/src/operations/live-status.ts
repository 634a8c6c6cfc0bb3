import type { ApiOperation } from './types.js';
import { checkInBodySchema, checkInResultSchema, liveStatusBodySchema } from '../live-status.js';
import { saleSchema } from '../sales.js';

const SALE_NOT_FOUND = { error: 'Sale not found', when: 'No such sale, or (on the host’s calls) a sale of someone else' };

/** A sale's live status on its day, and shoppers' "Still going?" answers (sales service). */
export const SALE_LIVE_STATUS_OPERATIONS: ApiOperation[] = [
  {
    operationId: 'setSaleLiveStatus',
    method: 'put',
    path: '/api/sales/{id}/live-status',
    tag: 'Sales',
    summary: 'Say whether the sale is open, winding down or closed early',
    description:
      'Owner only. Only on a day the sale is on, on its own clock. The state holds for the rest of that day (a multi-day sale starts ' +
      'the next day with none) and overrides `likely_over`; past the day’s hours the sale reads `ended`. Separate from `status`. ' +
      'Publishes `sale.updated` with `cause: {change: "live_state"}`.',
    access: 'signed-in',
    body: liveStatusBodySchema,
    example: { state: 'winding_down' },
    responses: { 200: { description: 'The sale, with its new `live_state` and `live_state_at`', body: saleSchema } },
    errors: {
      400: 'A state that is not open, winding_down or closed_early',
      404: SALE_NOT_FOUND,
      409: { error: 'The sale is not on today', when: 'Not a day of the sale (its clock), or the sale is cancelled' },
    },
  },
  {
    operationId: 'checkInAtSale',
    method: 'post',
    path: '/api/sales/{id}/check-ins',
    tag: 'Sales',
    summary: 'Answer "Still going?" from the sale',
    description:
      'A signed-in shopper (not its host), during the sale’s hours on a day it is on, within half a mile of the sale (haversine); ' +
      'one answer per shopper per sale per hour. Three or more `going: false` from different shoppers within an hour with no host ' +
      'word since make the sale `likely_over` (with `sale.updated`) until the host says otherwise.',
    access: 'signed-in',
    body: checkInBodySchema,
    example: { going: true, latitude: 39.7817, longitude: -89.6501 },
    responses: { 201: { description: 'The answer kept, and the sale’s live state and confirmations after it', body: checkInResultSchema } },
    errors: {
      400: {
        error: 'You are too far from this sale to check in',
        when: 'More than half a mile away (not counted against the limit); or a bad body',
      },
      403: { error: 'The host cannot check in at their own sale' },
      404: { error: 'Sale not found' },
      409: { error: 'The sale is not open now', when: 'Outside its hours, not a day it is on, or cancelled' },
      429: { error: 'You already answered for this sale in the last hour', when: 'With `Retry-After` (seconds)' },
    },
  },
];
