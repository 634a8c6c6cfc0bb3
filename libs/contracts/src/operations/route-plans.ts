import type { ApiOperation } from './types.js';
import { z } from 'zod';
import { API_EXAMPLES } from './examples.js';
import { PREMIUM_REQUIRED, routePlanBodySchema, routePlanPreviewSchema, routePlanSchema, routePlanSummarySchema } from '../shopper.js';
import { devMailSchema } from './shapes.js';

const COMMUNITY_SALE_PLANS =
  'With `communitySaleId` instead of `saleIds`: the approved sales of that community sale, narrowed by `filters` (its `numbers`; ' +
  'sales with an item in one of `categories`; sales with an item matching `q`, as item search reads words), each stop with its `communitySaleNumber`.';
const FROM_COMMUNITY_SALE_400 =
  'A rule broken (`details` names the field); from a community sale: it is cancelled (`communitySaleId`), or no sale of it is left after `filters`';
const SALE_NOT_FOUND = {
  error: 'Sale not found',
  when: 'A named sale nobody has (a deleted one is an unplannable stop); `Community sale not found` for a `communitySaleId` nobody has',
};

/** Multi-stop route plans and calendar files (shopper service). */
export const ROUTE_PLAN_OPERATIONS: ApiOperation[] = [
  {
    operationId: 'previewRoutePlan',
    method: 'post',
    path: '/api/route-plans/preview',
    tag: 'Route plans',
    summary: 'Preview a route plan',
    description:
      'Everyone signed in gets the summary; premium members also get the whole plan (not saved), free users `upgradeRequired: true`. ' +
      COMMUNITY_SALE_PLANS,
    access: 'signed-in',
    body: routePlanBodySchema,
    example: API_EXAMPLES.routePlan,
    responses: { 200: { description: 'The summary, and the plan for members', body: routePlanPreviewSchema } },
    errors: { 400: FROM_COMMUNITY_SALE_400, 404: SALE_NOT_FOUND },
  },
  {
    operationId: 'createRoutePlan',
    method: 'post',
    path: '/api/route-plans',
    tag: 'Route plans',
    summary: 'Plan and save a route (premium)',
    description: COMMUNITY_SALE_PLANS,
    access: 'signed-in',
    body: routePlanBodySchema,
    example: API_EXAMPLES.routePlan,
    responses: { 201: { description: 'The saved plan', body: routePlanSchema } },
    errors: {
      403: { error: PREMIUM_REQUIRED },
      400: FROM_COMMUNITY_SALE_400,
      404: SALE_NOT_FOUND,
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
];
