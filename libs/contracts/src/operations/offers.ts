import type { ApiOperation } from './types.js';
import { z } from 'zod';
import { API_EXAMPLES } from './examples.js';
import { PREMIUM_REQUIRED } from '../shopper.js';
import { OFFER_NOT_FOUND, offerBodySchema, offerSchema, offersQuerySchema } from '../offers.js';

const NOT_YOURS = {
  error: OFFER_NOT_FOUND,
  when: 'No such offer, or the caller is neither its shopper nor its host (never 403: a stranger learns nothing)',
};
const EXPIRY =
  'A waiting offer (`open` or `countered`) expires 24 h after it was made or countered, or when the sale starts on its own clock, ' +
  'whichever is first; no answer ever shows a waiting offer past its `expiresAt`.';
const ACCEPTED =
  'An accepted offer becomes a reservation at the agreed amount in the same flow as a reserve (hold, pay, pickup code, collect, ' +
  'refund rules): its `reservationId` is the shopper’s reservation (`GET /api/reservations/{id}` for the card step, then `…/pay`). ' +
  'The item is reserved, and every other waiting offer on it is declined with a `message`. Of concurrent accepts exactly one wins.';

/** Offers on items, answered by their hosts (items service, premium). */
export const OFFER_OPERATIONS: ApiOperation[] = [
  {
    operationId: 'makeOffer',
    method: 'post',
    path: '/api/items/{id}/offers',
    tag: 'Offers',
    summary: 'Offer less than an item’s price (premium)',
    description:
      `${EXPIRY} An offer below the host’s floor (\`minOfferPrice\`, never shown) is answered already \`declined\` with a polite ` +
      '`message`; one at or above the host’s `autoAcceptPrice` is answered already `accepted`. ' +
      ACCEPTED,
    access: 'signed-in',
    body: offerBodySchema,
    example: API_EXAMPLES.offer,
    responses: { 201: { description: 'The offer (`open`, or already `declined` or `accepted`)', body: offerSchema } },
    errors: {
      400: 'A rule broken (`details` names `amount`): above 0, at most 2 decimals, and below the item’s price',
      403: { error: PREMIUM_REQUIRED },
      404: { error: 'Item not found' },
      409: 'The caller’s own item, an item already reserved or sold, one in no sale or whose sale has started, or the caller already has a waiting offer on it',
    },
  },
  {
    operationId: 'listOffers',
    method: 'get',
    path: '/api/offers',
    tag: 'Offers',
    summary: 'The caller’s offers as a shopper, or those on the caller’s items',
    description:
      '`role=buyer` (the default): the offers the caller made; `role=host`: those made on the caller’s items. Newest first. ' + EXPIRY,
    access: 'signed-in',
    query: offersQuerySchema,
    responses: { 200: { description: 'The offers', body: z.array(offerSchema) } },
  },
  {
    operationId: 'acceptOffer',
    method: 'post',
    path: '/api/offers/{id}/accept',
    tag: 'Offers',
    summary: 'Accept an offer (its host, while `open`) or a counter (its shopper, while `countered`)',
    description: ACCEPTED,
    access: 'signed-in',
    responses: { 200: { description: 'The offer, `accepted`, with its `reservationId`', body: offerSchema } },
    errors: {
      404: NOT_YOURS,
      409: 'Not the caller’s move (an `open` offer is the host’s to answer, a `countered` one the shopper’s), the offer no longer waiting, or the item already reserved or sold',
    },
  },
  {
    operationId: 'declineOffer',
    method: 'post',
    path: '/api/offers/{id}/decline',
    tag: 'Offers',
    summary: 'Decline an offer (its host, while `open`) or a counter (its shopper, while `countered`)',
    access: 'signed-in',
    responses: { 200: { description: 'The offer, `declined`', body: offerSchema } },
    errors: { 404: NOT_YOURS, 409: 'Not the caller’s move, or the offer no longer waiting' },
  },
  {
    operationId: 'counterOffer',
    method: 'post',
    path: '/api/offers/{id}/counter',
    tag: 'Offers',
    summary: 'Counter an open offer with another price (its host)',
    description: `The shopper then accepts or declines the counter. ${EXPIRY}`,
    access: 'signed-in',
    body: offerBodySchema,
    example: API_EXAMPLES.offerCounter,
    responses: { 200: { description: 'The offer, `countered`, with its `counterAmount`', body: offerSchema } },
    errors: {
      400: 'A rule broken (`details` names `amount`): above the offer and below the item’s price',
      404: NOT_YOURS,
      409: 'The caller is the shopper, the offer is not `open`, or the item already reserved or sold',
    },
  },
  {
    operationId: 'withdrawOffer',
    method: 'post',
    path: '/api/offers/{id}/withdraw',
    tag: 'Offers',
    summary: 'Withdraw a waiting offer (its shopper)',
    access: 'signed-in',
    responses: { 200: { description: 'The offer, `withdrawn`', body: offerSchema } },
    errors: { 404: NOT_YOURS, 409: 'The caller is the host, or the offer no longer waiting' },
  },
];
