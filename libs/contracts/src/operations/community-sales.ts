import type { ApiOperation } from './types.js';
import { z } from 'zod';
import { API_EXAMPLES } from './examples.js';
import {
  communitySaleBodySchema,
  communitySaleEntriesSchema,
  communitySaleEntrySchema,
  communitySaleFollowSchema,
  communitySaleJoinSchema,
  communitySaleListQuerySchema,
  communitySaleSchema,
} from '../community-sales.js';

const NOT_FOUND = { error: 'Community sale not found' } as const;
const NOT_ORGANIZER = { error: 'Only the organiser of this community sale can do this' } as const;
const CANCELLED = { error: 'This community sale is cancelled' } as const;

/** Community sales and their sales (sales service). */
export const COMMUNITY_SALE_OPERATIONS: ApiOperation[] = [
  {
    operationId: 'listCommunitySales',
    method: 'get',
    path: '/api/community-sales',
    tag: 'Community sales',
    summary: 'Community sales near a place',
    description:
      'Scheduled community sales not over yet whose days overlap the window. With a location, those whose centre is within `radius` miles ' +
      '(default 25; clamped like sales), nearest first, with `distance`; else soonest first. `saleId` (the caller’s sale) keeps those it fits.',
    access: 'viewer',
    query: communitySaleListQuerySchema,
    responses: { 200: { description: 'The community sales', body: z.array(communitySaleSchema) } },
    errors: { 404: { error: 'Sale not found', when: '`saleId` names no sale of the caller' } },
  },
  {
    operationId: 'createCommunitySale',
    method: 'post',
    path: '/api/community-sales',
    tag: 'Community sales',
    summary: 'Organise a community sale',
    description:
      'Any signed-in member. The area is a centre with `radiusMiles` (at most 25), or `zipCodes`; one to four days; the first day not before today; ' +
      'an optional rain date after the last day.',
    access: 'signed-in',
    body: communitySaleBodySchema,
    example: API_EXAMPLES.communitySale,
    responses: { 201: { description: 'The new community sale', body: communitySaleSchema } },
    errors: { 400: 'A rule broken, or a ZIP code that does not exist (`details` names the field)' },
  },
  {
    operationId: 'getCommunitySale',
    method: 'get',
    path: '/api/community-sales/{id}',
    tag: 'Community sales',
    summary: 'A community sale',
    access: 'viewer',
    responses: { 200: { description: 'The community sale', body: communitySaleSchema } },
    errors: { 404: NOT_FOUND },
  },
  {
    operationId: 'updateCommunitySale',
    method: 'put',
    path: '/api/community-sales/{id}',
    tag: 'Community sales',
    summary: 'Edit a community sale',
    description: 'The whole form again. Joined sales stay as they are (the organiser may remove those that no longer fit).',
    access: 'signed-in',
    body: communitySaleBodySchema,
    example: API_EXAMPLES.communitySaleByZip,
    responses: { 200: { description: 'The community sale', body: communitySaleSchema } },
    errors: { 403: NOT_ORGANIZER, 404: NOT_FOUND, 409: CANCELLED },
  },
  {
    operationId: 'cancelCommunitySale',
    method: 'post',
    path: '/api/community-sales/{id}/cancel',
    tag: 'Community sales',
    summary: 'Cancel a community sale',
    description: 'Its sales stay, each as its host left it; everyone concerned is told once. Cancelling twice answers the same.',
    access: 'signed-in',
    responses: { 200: { description: 'The cancelled community sale', body: communitySaleSchema } },
    errors: { 403: NOT_ORGANIZER, 404: NOT_FOUND },
  },
  {
    operationId: 'moveCommunitySaleToRainDate',
    method: 'post',
    path: '/api/community-sales/{id}/rain-date',
    tag: 'Community sales',
    summary: 'Move a community sale to its rain date',
    description:
      'Its days become the rain date (one day, with the first day’s hours) and the rain date is used up; every joined sale moves to that date in ' +
      'the same transaction (keeping its hours when they fit one day, else taking the community sale’s). Everyone concerned is told once.',
    access: 'signed-in',
    responses: { 200: { description: 'The moved community sale', body: communitySaleSchema } },
    errors: {
      400: { error: 'This community sale has no rain date', when: 'No rain date, or it is in the past (`details` names `rainDate`)' },
      403: NOT_ORGANIZER,
      404: NOT_FOUND,
      409: CANCELLED,
    },
  },
  {
    operationId: 'listCommunitySaleSales',
    method: 'get',
    path: '/api/community-sales/{id}/sales',
    tag: 'Community sales',
    summary: 'The numbered sales of a community sale',
    description:
      'Approved sales by number, then pending ones (only to the organiser, and each to its own host); all of them in one answer. ' +
      'Each `sale` is the sale object of `GET /api/sales`: a visitor gets no address and no host name.',
    access: 'viewer',
    responses: { 200: { description: 'The entries', body: communitySaleEntriesSchema } },
    errors: { 404: NOT_FOUND },
  },
  {
    operationId: 'joinCommunitySale',
    method: 'post',
    path: '/api/community-sales/{id}/sales',
    tag: 'Community sales',
    summary: 'Join with one of your sales',
    description:
      'The sale must be the caller’s, active, inside the area and with dates overlapping its days, and in no other community sale ' +
      '(else 400 on `saleId`). Without approval it gets the next number at once; with approval it is pending. Joining again answers the entry.',
    access: 'signed-in',
    body: communitySaleJoinSchema,
    example: API_EXAMPLES.communitySaleJoin,
    responses: {
      200: { description: 'It had already joined', body: communitySaleEntrySchema },
      201: { description: 'Joined', body: communitySaleEntrySchema },
    },
    errors: {
      400: 'The sale does not fit the area or the days, or is in another community sale, or the community sale is full (`details` names `saleId`)',
      403: { error: 'Only the host of this sale can do this' },
      404: NOT_FOUND,
      409: CANCELLED,
    },
  },
  {
    operationId: 'leaveCommunitySale',
    method: 'delete',
    path: '/api/community-sales/{id}/sales/{saleId}',
    tag: 'Community sales',
    summary: 'Leave, or remove a sale (organiser)',
    description: 'The sale’s host leaves; the organiser removes. Its number is never given again.',
    access: 'signed-in',
    responses: { 204: { description: 'Not in it any more' } },
    errors: {
      403: { error: 'Only the sale’s host or the organiser can do this' },
      404: { error: 'Sale not in this community sale', when: 'Or the community sale does not exist' },
    },
  },
  {
    operationId: 'approveCommunitySaleSale',
    method: 'post',
    path: '/api/community-sales/{id}/sales/{saleId}/approve',
    tag: 'Community sales',
    summary: 'Approve a pending sale (organiser)',
    description: 'It gets the next number. Approving again answers the same entry.',
    access: 'signed-in',
    responses: { 200: { description: 'The approved entry', body: communitySaleEntrySchema } },
    errors: { 403: NOT_ORGANIZER, 404: { error: 'Sale not in this community sale' }, 409: CANCELLED },
  },
];

/**
 * Follow (shopper service): its controller is `services/shopper/src/follows/follows.controller.ts`,
 * and the gateway sends `/api/community-sales/{id}/follow` to shopper ahead of the
 * `/api/community-sales` prefix. A follower (like every joined host, and every shopper who saved
 * one of its sales or has one in a route plan) is told once of a cancel or a move to the rain date.
 */
export const COMMUNITY_SALE_FOLLOW_OPERATIONS: ApiOperation[] = [
  {
    operationId: 'getCommunitySaleFollow',
    method: 'get',
    path: '/api/community-sales/{id}/follow',
    tag: 'Community sales',
    summary: 'Whether you follow a community sale',
    description: 'What the page’s Follow button shows: `following`, and since when (`followedAt`, null when not following).',
    access: 'signed-in',
    responses: { 200: { description: 'The caller’s follow', body: communitySaleFollowSchema } },
    errors: { 404: NOT_FOUND },
  },
  {
    operationId: 'followCommunitySale',
    method: 'post',
    path: '/api/community-sales/{id}/follow',
    tag: 'Community sales',
    summary: 'Follow a community sale',
    description: 'The follower is told once of a cancel or a move to the rain date. Following again answers the first `followedAt`.',
    access: 'signed-in',
    responses: {
      200: { description: 'Already followed', body: communitySaleFollowSchema },
      201: { description: 'Followed', body: communitySaleFollowSchema },
    },
    errors: { 404: NOT_FOUND },
  },
  {
    operationId: 'unfollowCommunitySale',
    method: 'delete',
    path: '/api/community-sales/{id}/follow',
    tag: 'Community sales',
    summary: 'Stop following a community sale',
    access: 'signed-in',
    responses: { 204: { description: 'Not followed any more (also when it was not)' } },
    errors: { 404: NOT_FOUND },
  },
];

/** The printout (sales service with the print library). */
export const COMMUNITY_SALE_PRINT_OPERATIONS: ApiOperation[] = [
  {
    operationId: 'printCommunitySale',
    method: 'get',
    path: '/api/community-sales/{id}/print.pdf',
    tag: 'Community sales',
    summary: 'The printout: a map page and the numbered list',
    description:
      'Numbered points placed by their coordinates with a scale bar and the area’s outline, then the numbered list with hours and categories; ' +
      'addresses for members, streets only for visitors; a QR code back to the page.',
    access: 'viewer',
    responses: { 200: { description: 'A PDF', media: 'pdf' } },
    errors: { 404: NOT_FOUND },
  },
];
